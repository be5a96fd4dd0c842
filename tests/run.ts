import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: typecheck, unit and integration tests (vitest), the production build, the
 * security suite (vitest, tests/security: attacks and a bounded fuzz against the built
 * topology) and the end-to-end tests in Debian's Chromium (Playwright). Ends with one line
 * `N passed, N failed`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'viziona-tests-'));
const bin = (name: string): string => path.join(root, 'node_modules/.bin', name);

let passed = 0;
let failed = 0;

function exec(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function step(name: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n=== ${name} ===`);
  const ok = (await exec(command, args)) === 0;
  if (ok) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${name} failed`);
  }
  return ok;
}

/**
 * Debian packages the tests run (Chromium for Playwright, redis-server for the tests of BFF
 * replicas sharing Redis), each installed with apt-get when its program is missing.
 */
const DEBIAN_PACKAGES = [
  { name: 'chromium', program: '/usr/bin/chromium' },
  { name: 'redis-server', program: '/usr/bin/redis-server' },
] as const;

async function ensureDebianPackages(): Promise<void> {
  const missing = DEBIAN_PACKAGES.filter((pkg) => !existsSync(pkg.program)).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  console.log(`\n=== installing Debian ${missing.join(', ')} (apt-get) ===`);
  const asRoot = (args: string[]): Promise<number> =>
    process.getuid?.() === 0 ? exec('apt-get', args, { DEBIAN_FRONTEND: 'noninteractive' }) : exec('sudo', ['apt-get', ...args]);
  await asRoot(['update', '-qq']);
  await asRoot(['install', '-y', '-qq', ...missing]);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  success: boolean;
}

async function vitest(name: string, configFile: string): Promise<void> {
  console.log(`\n=== ${name} (vitest) ===`);
  const output = path.join(reports, `${path.basename(path.dirname(configFile))}-vitest.json`);
  const code = await exec(bin('vitest'), ['run', '-c', configFile, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
  if (!existsSync(output)) {
    failed += 1;
    console.log('✗ vitest produced no report');
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load has no failed test but must still count.
  const brokenSuites = code !== 0 && report.numFailedTests === 0 ? Math.max(1, report.numFailedTestSuites) : 0;
  failed += brokenSuites;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

async function playwright(): Promise<void> {
  console.log('\n=== end-to-end tests (Playwright, Chromium) ===');
  const output = path.join(reports, 'playwright.json');
  const code = await exec(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  if (!existsSync(output)) {
    failed += 1;
    console.log('✗ Playwright produced no report');
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as PlaywrightReport;
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  if (code !== 0 && report.stats.unexpected === 0) failed += Math.max(1, report.errors?.length ?? 0);
}

await ensureDebianPackages();
await step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await vitest('unit and integration tests', 'tests/vitest.config.ts');
const built = await step('build', 'npm', ['run', '--silent', 'build']);
if (built) {
  // The attacks replay against the built site too, so they run after the build.
  await vitest('security attacks and fuzz', 'tests/security/vitest.config.ts');
  await playwright();
} else failed += 2;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
