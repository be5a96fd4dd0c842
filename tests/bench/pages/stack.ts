import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sparePort } from '../../spare-port.ts';

/** The processes the page benchmark runs: the site's build, `npm start`'s stack on spare ports, and Debian's Chromium. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function runToEnd(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

export async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 8_000).unref();
  });
}

/** `astro build`, unless `--no-build` asks to reuse ./dist. */
export async function buildSite(): Promise<void> {
  if (process.argv.includes('--no-build')) return;
  console.log('[bench] building the site (astro build)…');
  await runToEnd([path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build']);
}

/**
 * `npm start`'s stack (docker/run-local.ts: sandbox in memory, BFF, site behind the front door)
 * on spare ports; `env` adds or overrides its variables, `onOutput` receives what it prints
 * (otherwise its output is dropped but for errors).
 */
export async function startStack(
  env: Record<string, string> = {},
  onOutput?: (text: string) => void,
): Promise<{ stack: ChildProcess; base: string; sandboxUrl: string }> {
  const port = await sparePort();
  const ports = {
    PORT: port,
    SITE_PORT: await sparePort(),
    SANDBOX_PORT: await sparePort(),
    BFF_PORT: await sparePort(),
    // The launcher's default (BFF_PORT + 1) may be taken; the benchmark never calls it.
    BFF_OPS_PORT: await sparePort(),
    // And the sandbox's mail catcher's (SANDBOX_PORT + 1 by default): a neighbour may hold that one too.
    SANDBOX_SMTP_PORT: await sparePort(),
  };
  const base = `http://localhost:${port}`;
  const stack = spawn(process.execPath, ['docker/run-local.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)])),
      SANDBOX_DB: ':memory:',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  if (onOutput) stack.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  return { stack, base, sandboxUrl: `http://127.0.0.1:${ports.SANDBOX_PORT}` };
}
