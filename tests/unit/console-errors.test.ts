import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

interface JsonReport {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** The fixture tests, run by a vitest of their own with the suite's setup file: each test's status and failure. */
async function runFixtures(): Promise<Map<string, { status: string; failure: string }>> {
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  const config = 'tests/unit/console-errors/vitest.config.ts';
  const folder = await mkdtemp(path.join(os.tmpdir(), 'viziona-console-errors-'));
  const output = path.join(folder, 'report.json');
  try {
    // Some of the fixture tests fail on purpose, so that vitest exits with 1.
    await promisify(execFile)(process.execPath, [vitest, 'run', '-c', config, '--reporter=json', `--outputFile=${output}`], { cwd: root }).catch(() => undefined);
    const report = JSON.parse(await readFile(output, 'utf8')) as JsonReport;
    const results = report.testResults.flatMap((file) => file.assertionResults);
    return new Map(results.map((result) => [result.title, { status: result.status, failure: result.failureMessages.join('\n') }]));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

it('fails a test that logs console.error, unless the test takes and asserts what it expected', async () => {
  const results = await runFixtures();
  expect(results.get('logs an error nobody expected')?.status).toBe('failed');
  expect(results.get('logs an error nobody expected')?.failure).toContain('console.error during the test');
  expect(results.get('logs an error nobody expected')?.failure).toContain('Respuesta de inicio de sesión sin usuario 401');
  expect(results.get('logs an error it expected, and asserts it')).toEqual({ status: 'passed', failure: '' });
  const afterTaking = results.get('logs an error after taking the expected one');
  expect(afterTaking?.status).toBe('failed');
  const lines = afterTaking?.failure.split('\n').map((line) => line.trim()) ?? [];
  expect(lines).toContain('inesperado');
  expect(lines).not.toContain('esperado');
  expect(results.get('logs nothing')).toEqual({ status: 'passed', failure: '' });
});
