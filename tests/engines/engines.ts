import { writeFileSync } from 'node:fs';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { ENGINE_PORTS, ENGINES_ORIGIN } from './ports.ts';
import { pointOn } from './page-checks.ts';
import { describeQuery, locate, type Query } from './queries.ts';
import { ELEMENT_KEY, startWebKit, WebDriverError, type ElementReference, type WebDriverSession } from './webdriver.ts';

/**
 * The two engines besides Chromium, behind one small interface the journeys are written
 * against: Debian's Firefox ESR over WebDriver BiDi (puppeteer-core launches it; no browser is
 * downloaded) and Debian's WebKitGTK over WebDriver (webdriver.ts). Both open a phone-sized
 * window, 390 × 844, in Bogotá's time zone.
 */

export type EngineName = 'firefox' | 'webkit';
export const PHONE_WINDOW = { width: 390, height: 844 } as const;
/** The browsers' clock and language, as the Playwright projects set them. */
const BROWSER_ENV = { TZ: 'America/Bogota', LANG: 'es_CO.UTF-8' };

export const FIREFOX_ESR = '/usr/bin/firefox-esr';

export interface EnginePage {
  readonly engine: EngineName;
  /** Opens a path of the site (through the device's signal). */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and answers its JSON result (a promise is awaited). */
  run<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Awaited<Result>>;
  /** How many visible elements the query finds. */
  count(query: Query): Promise<number>;
  /** A person's click (the engine's own input, at the element's centre, scrolled into view) on the first match. */
  click(query: Query): Promise<void>;
  /** Types into the first matching field, key by key. */
  type(query: Query, text: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** Every cookie of the browser gone (a session that ended without a log-out). */
  clearCookies(): Promise<void>;
  /** Page errors and console errors seen since the last call (Firefox; WebDriver has no log to read). */
  takeErrors(): string[];
  close(): Promise<void>;
}

const script = (fn: (...args: never[]) => unknown): string => `(${fn.toString()})`;

/** In the page: whether the first element `query` finds takes typing (a form closed until its island runs does not). */
const typable = (query: Query): string =>
  `${script(locate)}(${JSON.stringify(query)})[0]?.matches(':enabled') === true`;

/** Waits, as a person does, until the field takes typing; fails naming it. */
async function untilTypable(query: Query, takesTyping: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await takesTyping())) {
    if (Date.now() > deadline) throw new Error(`${describeQuery(query)}: not enabled within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Firefox ESR over WebDriver BiDi. */
async function openFirefox(): Promise<EnginePage> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_ESR,
    headless: true,
    env: { ...process.env, ...BROWSER_ENV },
    extraPrefsFirefox: { 'intl.accept_languages': 'es-CO, es' },
  });
  const page: Page = await browser.newPage();
  await page.setViewport({ ...PHONE_WINDOW });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught exception on ${page.url()}: ${String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error on ${page.url()}: ${message.text()}`);
  });
  const element = async (query: Query): Promise<ElementHandle<Element>> => {
    const found = await page.evaluateHandle(`${script(locate)}(${JSON.stringify(query)})[0] ?? null`);
    const asElement = found.asElement() as ElementHandle<Element> | null;
    if (!asElement) throw new Error(`not found: ${describeQuery(query)}`);
    return asElement;
  };
  return {
    engine: 'firefox',
    async goto(path) {
      // Without signal a page the worker does not answer is the browser's own error page, which
      // Firefox reports as a failed navigation: what the page shows is for the test to check.
      await page.goto(`${ENGINES_ORIGIN}${path}`, { waitUntil: 'load' }).catch((error: Error) => {
        if (!/NS_ERROR_(CONNECTION_REFUSED|NET_RESET|OFFLINE)/.test(error.message)) throw error;
      });
    },
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    count: (query) => page.evaluate(`${script(locate)}(${JSON.stringify(query)}).length`) as Promise<number>,
    async click(query) {
      await (await element(query)).click();
    },
    async type(query, text) {
      await untilTypable(query, () => page.evaluate(typable(query)) as Promise<boolean>);
      await (await element(query)).type(text);
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    async clearCookies() {
      await browser.deleteCookie(...(await browser.cookies()));
    },
    takeErrors: () => errors.splice(0),
    close: () => browser.close(),
  };
}

/** WebKitGTK's MiniBrowser over WebDriver. */
async function openWebKit(): Promise<EnginePage> {
  const driver = await startWebKit(ENGINE_PORTS.webDriver, PHONE_WINDOW, BROWSER_ENV);
  const session: WebDriverSession = driver.session;
  const element = async (query: Query): Promise<ElementReference> => {
    const found = await session.execute<ElementReference | null>(`return ${script(locate)}(arguments[0])[0] ?? null;`, [
      query,
    ]);
    if (!found?.[ELEMENT_KEY]) throw new Error(`not found: ${describeQuery(query)}`);
    return found;
  };
  return {
    engine: 'webkit',
    async goto(path) {
      await session.command('POST', '/url', { url: `${ENGINES_ORIGIN}${path}` });
    },
    run: (fn, ...args) =>
      session.execute(`return ${script(fn as (...args: never[]) => unknown)}(...arguments);`, args) as never,
    count: (query) => session.execute<number>(`return ${script(locate)}(arguments[0]).length;`, [query]),
    async click(query) {
      const target = await element(query);
      try {
        await session.command('POST', `/element/${target[ELEMENT_KEY]}/click`, {});
      } catch (error) {
        if (!(error instanceof WebDriverError) || error.code !== 'element not interactable') throw error;
        // WebKit's own click misplaces an element drawn inside a CSS zoom (the whole room's seat
        // map on a phone): the finger goes where a hit test finds it drawn, and presses there.
        const point = await session.execute<{ x: number; y: number } | null>(
          `return ${script(pointOn)}(arguments[0]);`,
          [target],
        );
        if (!point) throw new Error(`${describeQuery(query)}: drawn nowhere in the window`, { cause: error });
        await session.command('POST', '/actions', {
          actions: [
            {
              type: 'pointer',
              id: 'finger',
              parameters: { pointerType: 'touch' },
              actions: [
                { type: 'pointerMove', origin: 'viewport', x: point.x, y: point.y },
                { type: 'pointerDown', button: 0 },
                { type: 'pointerUp', button: 0 },
              ],
            },
          ],
        });
        await session.command('DELETE', '/actions');
      }
    },
    async type(query, text) {
      await untilTypable(query, () => session.execute<boolean>(`return ${typable(query)};`, []));
      const target = await element(query);
      await session.command('POST', `/element/${target[ELEMENT_KEY]}/value`, { text });
    },
    async screenshot(file) {
      writeFileSync(file, Buffer.from(await session.command<string>('GET', '/screenshot'), 'base64'));
    },
    async clearCookies() {
      await session.command('DELETE', '/cookie');
    },
    takeErrors: () => [],
    close: () => driver.quit(),
  };
}

export const ENGINES: Record<EngineName, () => Promise<EnginePage>> = { firefox: openFirefox, webkit: openWebKit };
