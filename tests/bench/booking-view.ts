import { once } from 'node:events';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { buildApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import type { BookingView } from '#shared/views/booking.ts';
import { createLoadGenerator, merged, ms, statusText, type Load, type Slice } from './load-generator.ts';

/**
 * `npm run bench:booking`: `GET /bff/booking/:showtimeId` for a logged-in person against a bare
 * Fastify route answering the same JSON, side by side in one run, on rooms of 260, 520 and
 * 1,040 seats (the sandbox programmes a showtime in each: `POST /sandbox/movies/{slug}/showtimes`).
 * Budget (ARCHITECTURE.md): the booking view's p99 at most 2× the bare route's, at 260 and
 * 1,040 seats, one request at a time and at 16 in flight.
 *
 * The BFF (its production plugins, request logging at `info` into a discarding stream) and the
 * bare route run in this thread, the sandbox in a thread of its own (the cinema API is another
 * machine's work), the load in two more (keep-alive loopback connections: one lane, and 16). The sides take turns in every round,
 * so a neighbour's load on the machine hits them alike. Besides latency, each side's "CPU" is
 * this thread's CPU time per answer (`process.threadCpuUsage`, the load's workers not counted):
 * the server's own work, which the host's other load moves far less than a p99.
 *
 * `BENCH_COMPARE_WITH=<folder>`: a checkout of another commit (with `node_modules` linked in)
 * whose BFF runs beside this one as a third side, for before-and-after figures from one run.
 */
const SIZES = (process.env.BENCH_SIZES ?? '260,520,1040').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const COMPARE_WITH = process.env.BENCH_COMPARE_WITH;
const MOVIE = 'galaxia-perdida';
const BUDGET = 2;

const originOf = (address: AddressInfo | string | null): string => {
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
};
const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const sandbox = new Worker(new URL('./sandbox-thread.ts', import.meta.url));
const [sandboxPort] = (await once(sandbox, 'message')) as [number];
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  UPSTREAM_URL: `${sandboxUrl}/api/v1`,
  SITE_ORIGIN: 'http://localhost:4321',
};
const discard = new Writable({ write: (_chunk, _encoding, done) => done() });

interface Side {
  name: string;
  url: string;
  /** The session cookie each request carries (the bare route gets none). */
  cookie: string;
  close(): Promise<unknown>;
}

async function startBff(name: string, build: typeof buildApp, config: typeof loadConfig): Promise<Side> {
  const app = await build(config(env), { logStream: discard });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = originOf(app.server.address());
  return { name, url, cookie: await login(url), close: () => app.close() };
}

async function login(bffUrl: string): Promise<string> {
  const answer = await fetch(`${bffUrl}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-viziona-client': 'web', origin: 'http://localhost:4321' },
    body: JSON.stringify({ email: 'demo@viziona.co', password: 'Demo1234' }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];
  if (answer.status !== 200 || !cookie) throw new Error(`login answered ${answer.status}`);
  return cookie;
}

const bff = await startBff('BFF', buildApp, loadConfig);
const before = COMPARE_WITH
  ? await startBff(
      'before',
      ((await import(resolve(COMPARE_WITH, 'bff/app.ts'))) as { buildApp: typeof buildApp }).buildApp,
      ((await import(resolve(COMPARE_WITH, 'bff/plugins/config.ts'))) as { loadConfig: typeof loadConfig }).loadConfig,
    )
  : undefined;
const bareApp = Fastify({ logger: false });
const bareBodies = new Map<number, unknown>();
bareApp.get<{ Params: { id: string } }>('/bff/booking/:id', async (request) =>
  bareBodies.get(Number(request.params.id)),
);
await bareApp.listen({ port: 0, host: '127.0.0.1' });
const bare: Side = { name: 'bare', url: originOf(bareApp.server.address()), cookie: '', close: () => bareApp.close() };
const sides = [bare, bff, ...(before ? [before] : [])];

const one = createLoadGenerator(1);
const many = createLoadGenerator(CONCURRENCY);

interface Case {
  seats: number;
  showtimeId: number;
  bytes: number;
  roomName: string;
}

async function prepare(seats: number): Promise<Case> {
  const programmed = await fetch(`${sandboxUrl}/sandbox/movies/${MOVIE}/showtimes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seats }),
  });
  if (programmed.status !== 200) throw new Error(`the sandbox answered ${programmed.status} for ${seats} seats`);
  const { id } = (await programmed.json()) as { id: number };
  const answer = await fetch(`${bff.url}/bff/booking/${id}`, { headers: { cookie: bff.cookie } });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`booking view answered ${answer.status}: ${text.slice(0, 200)}`);
  const view = JSON.parse(text) as BookingView;
  const counted = view.seatMap.rows.reduce(
    (sum, row) => sum + row.cells.filter((cell) => cell.kind === 'seat').length,
    0,
  );
  if (counted !== seats) throw new Error(`the view of a ${seats}-seat room has ${counted} seats`);
  bareBodies.set(id, view);
  return { seats, showtimeId: id, bytes: Buffer.byteLength(text), roomName: view.showtime.roomName };
}

interface Measured {
  load: Load;
  /** This thread's CPU time per answer, in µs. */
  cpu: number;
}

async function measure(generator: ReturnType<typeof createLoadGenerator>, item: Case): Promise<Map<Side, Measured>> {
  const path = `/bff/booking/${item.showtimeId}`;
  const slices = new Map<Side, { slices: Slice[]; cpu: number }>(sides.map((side) => [side, { slices: [], cpu: 0 }]));
  for (const side of sides) await generator.slice(`${side.url}${path}`, 0.5, side.cookie || undefined);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of sides) {
      const usage = process.threadCpuUsage();
      const slice = await generator.slice(`${side.url}${path}`, SECONDS, side.cookie || undefined);
      const used = process.threadCpuUsage(usage);
      const kept = slices.get(side)!;
      kept.slices.push(slice);
      kept.cpu += used.user + used.system;
    }
  }
  const results = new Map<Side, Measured>();
  for (const [side, kept] of slices) {
    const load = merged(kept.slices);
    const failed = Object.keys(load.statuses).filter((status) => status !== '200');
    if (failed.length > 0) throw new Error(`${side.name} answered ${statusText(load.statuses)}`);
    results.set(side, { load, cpu: kept.cpu / Math.max(1, load.requests) });
  }
  return results;
}

const ratioText = (ratio: number): string => `${ratio.toFixed(2)}×${ratio <= BUDGET ? '' : ' OVER BUDGET'}`;

function print(label: string, results: Map<Side, Measured>): void {
  const base = results.get(bare)!;
  console.log(`  ${label}`);
  for (const [side, { load, cpu }] of results) {
    const ratios =
      side === bare
        ? ''
        : `   p99 ${ratioText(load.p99 / base.load.p99)} the bare route's, CPU ${(cpu / base.cpu).toFixed(2)}×, throughput ${(load.perSecond / base.load.perSecond).toFixed(2)}×`;
    console.log(
      `    ${side.name.padEnd(7)} p50 ${ms(load.p50).padStart(7)}  p99 ${ms(load.p99).padStart(7)}  ${load.perSecond.toFixed(0).padStart(5)} req/s  CPU ${cpu.toFixed(0).padStart(5)} µs${ratios}`,
    );
  }
}

try {
  console.log(
    `booking view against a bare Fastify route answering the same JSON${before ? ` and the BFF of ${COMPARE_WITH}` : ''}: ` +
      `${ROUNDS} rounds of ${SECONDS} s a side, one request at a time and ${CONCURRENCY} in flight; ` +
      `load average at the start ${loadAverage()}\n`,
  );
  for (const seats of SIZES) {
    const item = await prepare(seats);
    console.log(`${item.roomName}: ${item.seats} seats, ${(item.bytes / 1024).toFixed(1)} KB of JSON`);
    print('one at a time', await measure(one, item));
    print(`${CONCURRENCY} in flight`, await measure(many, item));
    console.log('');
  }
  console.log(`load average at the end ${loadAverage()}`);
} finally {
  await one.close();
  await many.close();
  for (const side of sides) await side.close();
  sandbox.postMessage('close');
  await once(sandbox, 'exit');
}
