import { spawn, type ChildProcess } from 'node:child_process';

/**
 * WebKit as Debian ships it: WebKitGTK's MiniBrowser driven by `WebKitWebDriver` (package
 * `webkit2gtk-driver`) over W3C WebDriver, in a virtual display (`xvfb-run`, package `xvfb`).
 * The few commands the engine tests use, spoken over HTTP with the driver directly: a client
 * library would add nothing but another way to say them.
 */

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_RUN = '/usr/bin/xvfb-run';

/** A W3C WebDriver element reference. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
export type ElementReference = { [ELEMENT_KEY]: string };

export class WebDriverError extends Error {
  readonly code: string;

  constructor(command: string, code: string, message: string) {
    super(`${command}: ${code}: ${message}`);
    this.code = code;
  }
}

export class WebDriverSession {
  readonly #base: string;

  constructor(driverUrl: string, sessionId: string) {
    this.#base = `${driverUrl}/session/${sessionId}`;
  }

  async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.#base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await answer.json()) as { value: T & { error?: string; message?: string } };
    if (!answer.ok)
      throw new WebDriverError(`${method} ${path}`, value.error ?? String(answer.status), value.message ?? '');
    return value;
  }

  /** Runs `source` (a function's body, with `arguments`) in the page; a promise it returns is awaited. */
  execute<T>(source: string, args: unknown[] = []): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script: source, args });
  }
}

/** A WebKitWebDriver in its own virtual display, and the MiniBrowser session it opened. */
export interface WebKitDriver {
  session: WebDriverSession;
  quit(): Promise<void>;
}

async function driverReady(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${url}/status`).then(
      async (answer) => ((await answer.json()) as { value?: { ready?: boolean } }).value?.ready === true,
      () => false,
    );
    if (ready) return;
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver stopped (${driver.exitCode})`);
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts WebKitWebDriver on `port` in a virtual screen of `width` × `height` and opens MiniBrowser
 * full-screen (no toolbar, so the page's viewport is the window: a phone's 390 × 844).
 */
export async function startWebKit(
  port: number,
  size: { width: number; height: number },
  env: NodeJS.ProcessEnv,
): Promise<WebKitDriver> {
  const driver = spawn(
    XVFB_RUN,
    ['-a', '-s', `-screen 0 ${size.width}x${size.height}x24`, WEBKIT_DRIVER, `--port=${port}`],
    { detached: true, stdio: 'ignore', env: { ...process.env, ...env } },
  );
  const exited = new Promise((resolve) => driver.once('exit', resolve));
  const stop = async () => {
    if (driver.pid && driver.exitCode === null) {
      process.kill(-driver.pid, 'SIGTERM');
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await driverReady(url, driver);
    const answer = await fetch(`${url}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: {
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
          },
        },
      }),
    });
    const { value } = (await answer.json()) as { value: { sessionId?: string; message?: string } };
    if (!value.sessionId) throw new Error(`WebKitWebDriver opened no session: ${value.message ?? answer.status}`);
    const session = new WebDriverSession(url, value.sessionId);
    await session.command('POST', '/window/rect', size);
    return {
      session,
      async quit() {
        await session.command('DELETE', '').catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
