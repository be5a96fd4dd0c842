/**
 * `npm run bench:cache`: throughput of a cached catalogue read of the BFF against a bare
 * Fastify route returning the same JSON, side by side in one run (budget: at least half).
 *
 * The sandbox and the BFF run in this thread, the BFF with its production plugins and its
 * request logging at `info` (written to a discarding stream); the bare route is a plain
 * Fastify app without plugins or logger. Load comes from a worker thread: a bounded number
 * of undici requests over keep-alive loopback connections. Each pair is measured in turns
 * (bare, BFF, bare, BFF, ...) and the median of the rounds is reported.
 */
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { buildSandbox } from '#sandbox/app.ts';
import { buildApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { median } from './statistics.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET = 0.5;

const loadGenerator = `
const { parentPort } = require('node:worker_threads');
const { Pool } = require(${JSON.stringify(new URL('../../node_modules/undici/index.js', import.meta.url).pathname)});
parentPort.on('message', async ({ origin, path, requests, connections }) => {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  let sent = 0;
  let failed = 0;
  const started = performance.now();
  async function lane() {
    while (sent < requests) {
      sent += 1;
      const answer = await pool.request({ method: 'GET', path, headers: { accept: 'application/json' } });
      await answer.body.dump();
      if (answer.statusCode !== 200) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: connections }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  parentPort.postMessage({ perSecond: requests / seconds, failed });
});
`;

const worker = new Worker(loadGenerator, { eval: true });

function measure(origin: string, path: string, requests = REQUESTS): Promise<number> {
  return new Promise((resolve, reject) => {
    worker.once('message', (result: { perSecond: number; failed: number }) => {
      if (result.failed > 0) reject(new Error(`${result.failed} requests to ${origin}${path} failed`));
      else resolve(result.perSecond);
    });
    worker.postMessage({ origin, path, requests, connections: CONNECTIONS });
  });
}

const originOf = (address: AddressInfo | string | null): string => {
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
};

const sandbox = buildSandbox({ db: ':memory:' });
await sandbox.listen({ port: 0, host: '127.0.0.1' });
const sandboxOrigin = originOf(sandbox.server.address());

const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const config = loadConfig({
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  UPSTREAM_URL: `${sandboxOrigin}/api/v1`,
  SITE_ORIGIN: 'http://localhost:4321',
});
const bff = await buildApp(config, { logStream: discard });
await bff.listen({ port: 0, host: '127.0.0.1' });
const bffOrigin = originOf(bff.server.address());

const cases = [
  { name: 'releases (small view)', path: '/bff/catalogue/releases' },
  { name: 'billboard week (large view)', path: '/bff/catalogue/movies/week' },
].filter((item) => !process.env.BENCH_ONLY || item.path.includes(process.env.BENCH_ONLY));

const bare = Fastify({ logger: false });
const bodies = new Map<string, unknown>();
for (const { path } of cases) {
  const answer = await fetch(`${bffOrigin}${path}`);
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  bodies.set(path, await answer.json());
  bare.get(path, async () => bodies.get(path));
}
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareOrigin = originOf(bare.server.address());

console.log(
  `catalogue cache throughput: ${REQUESTS} requests × ${ROUNDS} rounds per side, ${CONNECTIONS} connections, loopback\n`,
);
let withinBudget = true;
for (const { name, path } of cases) {
  const size = JSON.stringify(bodies.get(path)).length;
  await measure(bareOrigin, path, 2_000);
  await measure(bffOrigin, path, 2_000);
  const bareRates: number[] = [];
  const bffRates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (process.env.BENCH_SIDE !== 'bff') bareRates.push(await measure(bareOrigin, path));
    if (process.env.BENCH_SIDE !== 'bare') bffRates.push(await measure(bffOrigin, path));
  }
  const bareRate = median(bareRates) ?? 0;
  const bffRate = median(bffRates) ?? 0;
  const ratio = bffRate / bareRate;
  if (ratio < BUDGET) withinBudget = false;
  console.log(`${name}: GET ${path} (${(size / 1024).toFixed(1)} KB JSON)`);
  console.log(`  bare Fastify route     ${bareRate.toFixed(0).padStart(8)} req/s`);
  console.log(`  BFF cached read        ${bffRate.toFixed(0).padStart(8)} req/s`);
  console.log(
    `  ratio                  ${ratio.toFixed(2).padStart(8)}   (budget ≥ ${BUDGET}) ${ratio >= BUDGET ? 'ok' : 'OVER BUDGET'}\n`,
  );
}

await worker.terminate();
await bare.close();
await bff.close();
await sandbox.close();
process.exit(withinBudget ? 0 : 1);
