import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sparePort } from '../spare-port.ts';

/**
 * A real Redis for the tests: Debian's `redis-server` (npm test installs it when missing), on
 * a free port, its files in a temporary directory, nothing saved; `stop` ends it and removes
 * the directory.
 */
export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'viziona-redis-'));
  const port = await sparePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await answersPing(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
