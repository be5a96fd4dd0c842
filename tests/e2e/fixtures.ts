import { test as base, type BrowserContext, type ConsoleMessage, type WebError } from '@playwright/test';

/**
 * The specs' `test`: a page's console error or uncaught exception fails the test it happened
 * in, unless the test declares it expected (`pageErrors.expect(/pattern/)`). Every context of
 * the worker is watched, the default one and those a spec opens itself (another device, a
 * second customer), so an error on any page counts.
 */

export interface PageErrors {
  /** Errors whose line matches `pattern` (e.g. the 422 a refused form answers) do not fail this test. */
  expect(pattern: RegExp): void;
}

/** The running test's errors; none between tests (a page closing after its test is not its fault). */
interface Watch {
  seen: string[];
  expected: RegExp[];
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chromium's console error for an answer of `status` on the page at `path` (the page itself, or a request it made). */
export function failedLoad(path: string, status: number): RegExp {
  return new RegExp(`on https?://[^/]+${escaped(path)}(?: \\(from [^)]*\\))?: Failed to load resource: the server responded with a status of ${status} `);
}

const describeConsole = (message: ConsoleMessage): string => {
  const page = message.page()?.url() ?? '';
  const source = message.location().url;
  return `console error on ${page}${source && source !== page ? ` (from ${source})` : ''}: ${message.text()}`;
};
const describeUncaught = (error: WebError): string => `uncaught exception on ${error.page()?.url() ?? error.location().url}: ${error.error().message}`;

export const test = base.extend<{ pageErrors: PageErrors }, { watchedContexts: { current: Watch | null } }>({
  watchedContexts: [
    async ({ browser }, use) => {
      const state: { current: Watch | null } = { current: null };
      const watch = (context: BrowserContext): BrowserContext => {
        context.on('console', (message) => {
          if (message.type() === 'error') state.current?.seen.push(describeConsole(message));
        });
        context.on('weberror', (error) => state.current?.seen.push(describeUncaught(error)));
        return context;
      };
      // Playwright's own `context` fixture and a spec's `browser.newContext()`/`newPage()` all
      // create their contexts through this method.
      const newContext = browser.newContext;
      browser.newContext = async (options) => watch(await newContext.call(browser, options));
      await use(state);
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
  pageErrors: [
    async ({ watchedContexts }, use) => {
      const watch: Watch = { seen: [], expected: [] };
      watchedContexts.current = watch;
      await use({ expect: (pattern) => watch.expected.push(pattern) });
      watchedContexts.current = null;
      const unexpected = watch.seen.filter((line) => !watch.expected.some((pattern) => pattern.test(line)));
      if (unexpected.length > 0) {
        throw new Error(`The page logged errors this test did not declare (pageErrors.expect):\n${unexpected.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
