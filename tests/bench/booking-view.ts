import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { buildSandbox } from '#sandbox/app.ts';
import { buildApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import type { Movie } from '#shared/cinema-api/catalogue.ts';
import type { BookingView } from '#shared/views/booking.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { percentile } from './statistics.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';

/**
 * `npm run bench:booking`: latency and throughput of `GET /bff/booking/:showtimeId` for a
 * logged-in person on the largest room, the BFF and the sandbox both listening on loopback
 * (real HTTP on both hops). Budget (ARCHITECTURE.md): p99 under 20 ms.
 *
 * Phase 1 sends requests one after another (the latency a person sees); phase 2 keeps
 * CONCURRENCY requests in flight for DURATION_MS (throughput, and latency under load).
 */
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const WARMUP = 200;

const at = (sorted: number[], p: number): number => percentile(sorted, p / 100) ?? Number.NaN;
const ms = (value: number): string => `${value.toFixed(2)} ms`;

const sandbox = buildSandbox({ db: ':memory:' });
await sandbox.listen({ port: 0, host: '127.0.0.1' });
const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  UPSTREAM_URL: `${sandboxUrl}/api/v1`,
  SITE_ORIGIN: 'http://localhost:4321',
});
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const bffUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const pool = new Pool(bffUrl, { connections: CONCURRENCY * 2, pipelining: 1 });

try {
  const login = await pool.request({
    method: 'POST',
    path: '/bff/auth/login',
    headers: { 'content-type': 'application/json', 'x-viziona-client': 'web', origin: 'http://localhost:4321' },
    body: JSON.stringify({ email: 'demo@viziona.co', password: 'Demo1234' }),
  });
  await login.body.text();
  const setCookie = [login.headers['set-cookie']]
    .flat()
    .find((line) => typeof line === 'string' && line.startsWith(`${SESSION_COOKIE}=`));
  if (login.statusCode !== 200 || typeof setCookie !== 'string') throw new Error(`login answered ${login.statusCode}`);
  const cookie = setCookie.split(';')[0] ?? '';

  // The largest room's next showtime.
  const movies = (await (
    await fetch(`${sandboxUrl}/api/v1/movies/theater/viziona`, {
      headers: SANDBOX_HEADERS,
    })
  ).json()) as { data: Movie[] };
  const showtimes = movies.data
    .flatMap((movie) => movie.showtimes)
    .filter((showtime) => !hasShowtimeStarted(showtime.function_date, showtime.function_hour, Date.now()));
  const sizes = new Map<number, number>();
  for (const showtime of showtimes) sizes.set(showtime.room, Math.max(sizes.get(showtime.room) ?? 0, showtime.seats));
  const largestRoom = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const showtime = showtimes.find((candidate) => candidate.room === largestRoom);
  if (!showtime) throw new Error('no upcoming showtime');
  const path = `/bff/booking/${showtime.id}`;

  async function once(): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const answer = await pool.request({ method: 'GET', path, headers: { cookie, accept: 'application/json' } });
    const text = await answer.body.text();
    const elapsed = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`booking view answered ${answer.statusCode}: ${text.slice(0, 200)}`);
    return { ms: elapsed, bytes: text.length };
  }

  const first = await once();
  const view = JSON.parse(
    await (await pool.request({ method: 'GET', path, headers: { cookie } })).body.text(),
  ) as BookingView;
  const seats = view.seatMap.rows.reduce(
    (sum, row) => sum + row.cells.filter((cell) => cell.kind === 'seat').length,
    0,
  );
  for (let i = 0; i < WARMUP; i += 1) await once();

  const sequential: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) sequential.push((await once()).ms);
  sequential.sort((a, b) => a - b);

  const loaded: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  const loadStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) loaded.push((await once()).ms);
    }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  loaded.sort((a, b) => a - b);

  console.log(
    `booking view: ${view.showtime.roomName} (${seats} seats, ${view.seatMap.rows.length} rows x ${view.seatMap.columns} columns), ${first.bytes} bytes of JSON`,
  );
  console.log(`first (cold) request: ${ms(first.ms)}`);
  console.log(
    `sequential, ${SEQUENTIAL} requests: p50 ${ms(at(sequential, 50))}, p99 ${ms(at(sequential, 99))}, max ${ms(sequential.at(-1) ?? Number.NaN)}`,
  );
  console.log(
    `${CONCURRENCY} in flight for ${loadSeconds.toFixed(1)} s: ${loaded.length} requests, ${(loaded.length / loadSeconds).toFixed(0)} req/s, p50 ${ms(at(loaded, 50))}, p99 ${ms(at(loaded, 99))}`,
  );
  const p99 = at(sequential, 99);
  console.log(p99 < 20 ? `budget met: p99 ${ms(p99)} < 20 ms` : `BUDGET MISSED: p99 ${ms(p99)} >= 20 ms`);
} finally {
  await pool.close();
  await app.close();
  await sandbox.close();
}
