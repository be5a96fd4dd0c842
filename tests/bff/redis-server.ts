import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { sparePort } from '../spare-port.ts';

/**
 * A real Redis for the tests: Debian's `redis-server` (npm test installs it when missing), on
 * a free port, its files in a temporary directory, nothing saved unless asked (`appendOnly`);
 * `restart` stops and starts it on the same files (`halt` and `resume` with a wait between);
 * `stop` ends it and removes the directory.
 */
export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  /** Stops it (SIGTERM: with the append-only file it writes what it holds) and starts it again on the same port and files. */
  restart(): Promise<void>;
  /** Stops it (SIGTERM) and keeps its files, until `resume`: a restart with time in between. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A test's own connection to a Redis. While Redis is away (a restart the test makes, a slow
 * start) ioredis emits an `error` at each refused reconnection, and without a listener it
 * prints "[ioredis] Unhandled error event" to the console, which fails the test
 * (tests/console-errors.ts) for what the test caused on purpose. Those errors are kept in
 * `connectionErrors`; a command that fails still rejects, so the test hears about it there.
 */
export function redisClient(url: string, options: RedisOptions = {}): Redis & { connectionErrors: Error[] } {
  const client = Object.assign(new Redis(url, options), { connectionErrors: [] as Error[] });
  client.on('error', (error: Error) => client.connectionErrors.push(error));
  return client;
}

async function answersPing(url: string): Promise<boolean> {
  const client = redisClient(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitForPing(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (!(await answersPing(url))) {
    if (child.exitCode !== null || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * `appendOnly`: keeps its data in an append-only file written every second, as docker/ runs it,
 * so a restart finds what it held.
 */
export async function startRedisServer(options: { appendOnly?: boolean } = {}): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'viziona-redis-'));
  const port = await sparePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.appendOnly ? 'yes' : 'no',
    '--appendfsync',
    'everysec',
    '--protected-mode',
    'yes',
  ];
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess;
  let exited: Promise<void>;
  const launch = async () => {
    child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (!(await waitForPing(url, child))) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on port ${port}`);
    }
  };
  await launch();
  return {
    url,
    async restart() {
      child.kill('SIGTERM');
      await exited;
      await launch();
    },
    async halt() {
      child.kill('SIGTERM');
      await exited;
    },
    resume: launch,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
