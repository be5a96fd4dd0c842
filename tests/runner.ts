import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bogotaInstant, bogotaToday } from '#shared/format/bogota-time.ts';

/**
 * What `npm test` (tests/run.ts) and `npm run test:hours` (tests/hours.ts) share: installing
 * the Debian packages the tests need, running vitest and Playwright (optionally under
 * libfaketime) and reading their counts from their JSON reports.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string): string => path.join(root, 'node_modules/.bin', name);
let reports: string | undefined;
let reportSequence = 0;
const reportPath = (name: string): string => {
  reports ??= mkdtempSync(path.join(os.tmpdir(), 'viziona-tests-'));
  return path.join(reports, `${name}-${(reportSequence += 1)}.json`);
};

export interface Counts {
  passed: number;
  failed: number;
  /** One line per failure, what it was and the first line of why, for the summary above the count. */
  failures: string[];
}

const firstLine = (message: string | undefined): string =>
  (message ?? '')
    // eslint-disable-next-line no-control-regex -- the reporters' colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 240) ?? '';
const relative = (file: string): string => path.relative(root, file);

export function exec(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

export { ensureDebianPackages } from './debian-packages.ts';

/**
 * The clock every process of a command sees: real time moved by a fixed number of seconds.
 * libfaketime through Debian's `faketime` wrapper, with a relative offset (not `@date`, which
 * restarts the clock at that date in every process: the servers, the test runner and each
 * Chromium process would disagree by the seconds between their starts). Its monotonic clock is
 * faked too (the default): Chromium hangs at start when only the wall clock moves.
 */
export interface FakeClock {
  offsetSeconds: number;
}

/** The hours of the day, in Bogotá, at which the whole suite must pass (`npm run test:hours`). */
export const HOURS_OF_DAY = ['00:30', '06:00', '12:00', '18:00', '23:50'] as const;

/**
 * What `npm test` runs a second time at a night hour: the BFF tests, the level whose tests read
 * the sandbox on the wall clock (unit and sandbox tests inject their clocks). 23:50 in Bogotá
 * is already the next day in UTC, and every showtime of the day has started.
 */
export const NIGHT_CHECK = { hour: '23:50', files: ['tests/bff'] } as const;

/** A fake clock that starts now at `hour` ('HH:mm') of the Bogotá date `date` (today by default). */
export function clockAt(hour: string, date: string = bogotaToday()): FakeClock & { startsAt: Date } {
  const startsAt = bogotaInstant(date, `${hour}:00`);
  if (Number.isNaN(startsAt.getTime())) throw new Error(`not a Bogotá date and hour: ${date} ${hour}`);
  return { startsAt, offsetSeconds: (startsAt.getTime() - Date.now()) / 1000 };
}

function command(name: string, args: string[], clock: FakeClock | undefined): [string, string[]] {
  if (clock === undefined) return [bin(name), args];
  const offset = Math.round(clock.offsetSeconds);
  return ['faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}`, bin(name), ...args]];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

function vitestFailures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === 'failed') return [`${relative(file.name)}: ${firstLine(file.message)}`];
    return tests;
  });
}

/**
 * Tests that start Debian's redis-server: it cannot run under libfaketime (its allocator calls
 * clock_gettime while libfaketime initialises: "Cannot recover from unexpected recursive calls
 * to clock_gettime()"), and a Redis on the real clock would expire the faked PXAT deadlines at
 * once. Under a fake clock they are left out, and the run says so; `npm test` runs them on the
 * real clock.
 */
export const NEEDS_REAL_CLOCK = [
  'tests/bff/alerts-replicas.test.ts',
  'tests/bff/replicas.test.ts',
  'tests/bff/waiting-room-replicas.test.ts',
  'tests/bff/redis-away.test.ts',
  'tests/bff/redis-client.test.ts',
  'tests/bff/waiting-room-address-limit.test.ts',
  'tests/bff/waiting-room-store.test.ts',
  'tests/security/account-guessing.test.ts',
  'tests/security/session-end.test.ts',
  'tests/security/alert-mail.test.ts',
  'tests/security/personal-changes.test.ts',
  'tests/security/waiting-room-addresses.test.ts',
];

/** The unit and integration suite's configuration: `npm run test:unit` runs exactly this. */
export const UNIT_VITEST_CONFIG = 'tests/vitest.config.ts';
/** The security suite's own vitest configuration (it runs after the build). */
export const SECURITY_VITEST_CONFIG = 'tests/security/vitest.config.ts';
/** The served HTML's (tests/html: the W3C's Nu Html Checker and the structured data; it needs the build). */
export const HTML_VITEST_CONFIG = 'tests/html/vitest.config.ts';

/** The engine tests' (Firefox ESR and WebKitGTK against npm start's stack, after the build). */
export const ENGINES_VITEST_CONFIG = 'tests/engines/vitest.config.ts';
/** The production topology's (it runs the built site, on the real clock: it starts redis-server). */
export const TOPOLOGY_VITEST_CONFIG = 'tests/topology/vitest.config.ts';

/**
 * vitest with `config` (the unit and integration suite by default) over `files` (all by
 * default); a suite that fails to load counts as a failure.
 */
export async function runVitest(
  options: { config?: string; files?: string[]; clock?: FakeClock } = {},
): Promise<Counts> {
  const output = reportPath('vitest');
  const config = options.config ?? UNIT_VITEST_CONFIG;
  const excluded = options.clock === undefined ? [] : NEEDS_REAL_CLOCK;
  if (excluded.length > 0) console.log(`(on the real clock only, left out here: ${excluded.join(', ')})`);
  const args = [
    'run',
    '-c',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
    ...excluded.map((file) => `--exclude=${file}`),
    ...(options.files ?? []),
  ];
  const code = await exec(...command('vitest', args, options.clock));
  if (!existsSync(output)) {
    console.log('✗ vitest produced no report');
    return { passed: 0, failed: 1, failures: [`vitest (${config}): no report`] };
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as VitestReport;
  const brokenSuites = code !== 0 && report.numFailedTests === 0 ? Math.max(1, report.numFailedTestSuites) : 0;
  const failures = vitestFailures(report);
  if (code !== 0 && failures.length === 0) failures.push(`vitest (${config}) exited ${code}`);
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites, failures };
}

interface PlaywrightSuite {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    tests: Array<{ projectName: string; status: string; results: Array<{ error?: { message?: string } }> }>;
  }>;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: Array<{ message?: string }>;
  suites?: PlaywrightSuite[];
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const walk = (suite: PlaywrightSuite): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const error = test.results.findLast((result) => result.error)?.error?.message;
          return `[${test.projectName}] tests/e2e/${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return [
    ...(report.suites ?? []).flatMap(walk),
    ...(report.errors ?? []).map((error) => `Playwright: ${firstLine(error.message)}`),
  ];
}

/** Playwright with tests/e2e/playwright.config.ts; `args` adds spec files or options. */
export async function runPlaywright(
  options: { args?: string[]; clock?: FakeClock } = {},
): Promise<Counts & { skipped: number }> {
  const output = reportPath('playwright');
  const args = ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json', ...(options.args ?? [])];
  const [program, programArgs] = command('playwright', args, options.clock);
  const code = await exec(program, programArgs, { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output)) {
    console.log('✗ Playwright produced no report');
    return { passed: 0, failed: 1, skipped: 0, failures: ['Playwright: no report'] };
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as PlaywrightReport;
  const failed =
    report.stats.unexpected +
    (code !== 0 && report.stats.unexpected === 0 ? Math.max(1, report.errors?.length ?? 0) : 0);
  const failures = playwrightFailures(report);
  if (failed > 0 && failures.length === 0) failures.push(`Playwright exited ${code}`);
  return { passed: report.stats.expected + report.stats.flaky, failed, skipped: report.stats.skipped, failures };
}
