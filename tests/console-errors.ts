import { format } from 'node:util';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * Setup file of every vitest config: a `console.error` during a test fails that test. An error
 * nobody expected is a defect, not noise; a test that expects one takes it with
 * `takeConsoleErrors()` and asserts what it got, so nothing is silenced unseen.
 */

let spy: MockInstance<typeof console.error> | undefined;

const text = (args: unknown[]): string => format(...args);

beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  const logged = spy?.mock.calls.map(text) ?? [];
  spy?.mockRestore();
  spy = undefined;
  if (logged.length > 0) {
    throw new Error(`console.error during the test (a test that expects it asserts it with takeConsoleErrors()):\n${logged.join('\n')}`);
  }
});

/** The `console.error` lines of the running test so far, which then no longer fail it. */
export function takeConsoleErrors(): string[] {
  if (!spy) throw new Error('takeConsoleErrors() runs inside a test');
  const logged = spy.mock.calls.map(text);
  spy.mockClear();
  return logged;
}
