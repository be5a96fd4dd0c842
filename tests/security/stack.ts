import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { buildSandbox } from '#sandbox/app.ts';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig, type BffConfig } from '#bff/plugins/config.ts';
import { createFrontDoor } from '../../docker/front-door.ts';
import { sparePort } from '../spare-port.ts';
import { googleWalletDoubleEnv } from '../bff/harness.ts';

/**
 * The whole topology on loopback, for attacks that need real sockets: the sandbox (counting
 * the requests it gets), the BFF listening, the front door, and (optionally) the built site
 * (`dist/server.mjs`, as the site image runs it) as a child process whose output the test reads.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_ORIGIN = 'http://localhost:4321';

export interface SecurityStack {
  app: BffApp;
  config: BffConfig;
  sandboxUrl: string;
  bffUrl: string;
  /** The front door: one origin for /bff/* and the site. */
  frontUrl: string;
  siteUrl: string | null;
  /** Requests the sandbox received, by path (query dropped). */
  upstream: Map<string, number>;
  upstreamTotal(): number;
  /** Everything the site process wrote to stdout and stderr. */
  siteOutput: string[];
  close(): Promise<void>;
}

export interface SecurityStackOptions {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  /** Starts the built site behind the front door (needs `npm run build`). */
  site?: boolean;
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

export async function startSecurityStack(options: SecurityStackOptions = {}): Promise<SecurityStack> {
  const upstream = new Map<string, number>();
  const sandbox = buildSandbox({ db: ':memory:' });
  sandbox.addHook('onRequest', async (request) => {
    const key = (request.url.split('?')[0] ?? '').replace(/^\/api\/v1\//, '');
    upstream.set(key, (upstream.get(key) ?? 0) + 1);
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    UPSTREAM_URL: `${sandboxUrl}/api/v1`,
    SITE_ORIGIN,
    ...googleWalletDoubleEnv(sandboxUrl),
    ...options.env,
  });
  const app = await buildApp(config, { logStream: options.logStream });
  const bffUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  let site: ChildProcess | null = null;
  let siteUrl: string | null = null;
  const siteOutput: string[] = [];
  if (options.site) {
    const port = await sparePort();
    siteUrl = `http://127.0.0.1:${port}`;
    site = spawn(process.execPath, ['dist/server.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        BFF_URL: bffUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_ORIGIN,
        IMAGE_ORIGINS: sandboxUrl,
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    site.stdout?.on('data', (chunk: Buffer) => siteOutput.push(chunk.toString('utf8')));
    site.stderr?.on('data', (chunk: Buffer) => siteOutput.push(chunk.toString('utf8')));
    await waitFor(`${siteUrl}/robots.txt`);
  }

  const frontDoor = createFrontDoor({ bffUrl, siteUrl: siteUrl ?? 'http://127.0.0.1:9' });
  await new Promise<void>((resolve) => frontDoor.listen(0, '127.0.0.1', resolve));
  const frontUrl = `http://127.0.0.1:${(frontDoor.address() as AddressInfo).port}`;

  return {
    app,
    config,
    sandboxUrl,
    bffUrl,
    frontUrl,
    siteUrl,
    upstream,
    upstreamTotal: () => [...upstream.values()].reduce((sum, count) => sum + count, 0),
    siteOutput,
    async close() {
      frontDoor.closeAllConnections();
      await new Promise<void>((resolve) => frontDoor.close(() => resolve()));
      if (site && site.exitCode === null) {
        const exited = new Promise<void>((resolve) => site!.once('exit', () => resolve()));
        site.kill('SIGTERM');
        await exited;
      }
      await app.close();
      await sandbox.close();
    },
  };
}

/** A raw HTTP/1.1 exchange on its own socket: the status line and headers, and the rest. */
export function rawRequest(url: string, text: string, timeoutMs = 10_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error('raw request timed out'));
    });
  });
}

/** Forces a full collection and reads the heap (the suite runs with --expose-gc). */
export async function settledHeap(): Promise<number> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  for (let round = 0; round < 4; round += 1) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().heapUsed;
}
