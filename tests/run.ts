import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.ts';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: typecheck, unit and integration tests (vitest), the production build, the
 * security suite (tests/security: attacks and a bounded fuzz against the built site), the
 * production topology (tests/topology: nginx, Redis, two replicas of each) and the end-to-end
 * tests in Debian's Chromium (Playwright). Installs the Debian packages they run when
 * missing. Ends with one line
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

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  success: boolean;
}

async function vitest(title: string, config: string): Promise<void> {
  console.log(`\n=== ${title} (vitest) ===`);
  const output = path.join(reports, `${path.basename(path.dirname(config))}-vitest.json`);
  const code = await exec(bin('vitest'), ['run', '-c', config, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
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

ensureDebianPackages();
await step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await vitest('unit and integration tests', 'tests/vitest.config.ts');
const built = await step('build', 'npm', ['run', '--silent', 'build']);
if (built) {
  // The attacks replay against the built site too, so they run after the build.
  await vitest('security attacks and fuzz', 'tests/security/vitest.config.ts');
  // The production topology (nginx, Redis, two replicas of each) runs the built site.
  await vitest('production topology', 'tests/topology/vitest.config.ts');
  await playwright();
} else failed += 3;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
