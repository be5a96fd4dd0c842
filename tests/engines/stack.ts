import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_PORTS, ENGINES_ORIGIN } from './ports.ts';

/**
 * vitest's global setup of the engine tests: the stack the end-to-end tests run against
 * (docker/run-local.ts, as `npm start`: sandbox in memory, BFF, built site, front door) on the
 * engine tests' own ports. Its public origin is the device's signal (signal.ts), which each
 * test file opens in front of the front door, so the browsers can lose their connection.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let stack: ChildProcess | undefined;

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (answer) => answer.ok,
    () => false,
  );
}

/**
 * The environment the stack starts with: vitest's own (NODE_ENV=test and its variables) left
 * out, as `npm start` would not have it; with NODE_ENV=test a build run-local makes is not a
 * production build, and its pages register no service worker.
 */
function stackEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
  return env;
}

export async function setup(): Promise<void> {
  stack = spawn(process.execPath, ['docker/run-local.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...stackEnvironment(),
      PORT: String(ENGINE_PORTS.frontDoor),
      SITE_PORT: String(ENGINE_PORTS.site),
      SANDBOX_PORT: String(ENGINE_PORTS.sandbox),
      SANDBOX_SMTP_PORT: String(ENGINE_PORTS.sandboxSmtp),
      BFF_PORT: String(ENGINE_PORTS.bff),
      BFF_OPS_PORT: String(ENGINE_PORTS.bffOps),
      SITE_ORIGIN: ENGINES_ORIGIN,
      SITE_URL: ENGINES_ORIGIN,
      SANDBOX_DB: ':memory:',
      LOG_LEVEL: 'warn',
      // Every test browser comes from 127.0.0.1 (as in the end-to-end tests).
      RATE_LIMIT_FACTOR: '20',
    },
  });
  const deadline = Date.now() + 180_000;
  while (!(await answers(`http://127.0.0.1:${ENGINE_PORTS.frontDoor}/bff/health`))) {
    if (stack.exitCode !== null) throw new Error(`the stack stopped (${stack.exitCode}) before it answered`);
    if (Date.now() > deadline) throw new Error('the stack did not answer within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function teardown(): Promise<void> {
  const child = stack;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // run-local stops its processes on SIGTERM.
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}
