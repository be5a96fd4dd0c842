/**
 * `npm run bench:presale`: the waiting room as a presale's opening minute meets it, through our
 * nginx configuration (`tests/topology/stack.ts`: Debian's nginx from
 * `docker/nginx.conf.template`, two BFF and two site replicas, Redis with its append-only file,
 * the sandbox). An event holds one showtime, created through the operators' API on a replica's
 * operations port with its sale already started (arrivals take first-come places while the
 * replicas admit PRESALE_PER_MINUTE a minute). Printed:
 *
 * 1. arrivals a second the queue takes: `PRESALE_CONNECTIONS` (64) keep-alive connections ask
 *    the admission read (what the site's middleware asks for every purchase page view) without
 *    cookies, so every request is a new person joining; beside it, in turns, nginx serves a
 *    static file of the same bytes as that answer; ratio arrivals/static (median of
 *    `PRESALE_ROUNDS` (8) rounds over `PRESALE_SECONDS` (8) a side; budget ≥ 0.5);
 * 2. Redis commands per arrival (INFO commandstats before and after the arrivals' slices):
 *    round trips (the scripts' EVALSHA), and every command run, those inside the scripts
 *    included; what the replicas ask Redis anyway (admission rounds, the event list) is
 *    measured with nobody arriving for as long and taken off;
 * 3. places read a second: one person in line asking the status read (cookies sent, as the
 *    waiting page does every 2 to 20 s) beside a static file of its bytes, and what that
 *    keeps waiting at once at the page's pace;
 * 4. where a request's CPU goes (`process-cpu.ts`): microseconds a request in nginx, the two
 *    BFF replicas, Redis and the load generator, for an arrival, a bare BFF route and the static
 *    file, one slice of `PRESALE_SECONDS` each: what an arrival costs beyond a bare Node answer
 *    (budget ≤ 2×, ARCHITECTURE.md), and what any Node answer costs beside nginx's static file;
 * 5. the waiting page's JavaScript, gzipped, as `bench:pages` counts it (what the HTML loads,
 *    followed through static imports; the captcha's widget, loaded only when an event asks
 *    for it, is not counted); budget ≤ 10 KB.
 *
 * Every arrival comes from the benchmark's one address: the per-address bounds are raised for
 * it (`presale-event.ts`), and an answer that is not a place (a 429) stops the benchmark rather
 * than be counted as an arrival. Budgets are printed, never asserted. `TOPOLOGY_PORT` (5600) as
 * for the topology test.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { routes } from '#site/lib/routes.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import type { WaitingRoomStatusView } from '#shared/views/waiting-room.ts';
import { redisClient } from '../bff/redis-server.ts';
import { startTopology } from '../topology/stack.ts';
import { createLoadGenerator, ms, statusText, type Load } from './load-generator.ts';
import { BENCH_ADDRESS_BOUNDS, openPresale } from './presale-event.ts';
import { javascriptOf } from './pages/page-javascript.ts';
import { cpuPerRequest } from './process-cpu.ts';

const SECONDS = Number(process.env.PRESALE_SECONDS ?? 8);
const ROUNDS = Number(process.env.PRESALE_ROUNDS ?? 8);
const CONNECTIONS = Number(process.env.PRESALE_CONNECTIONS ?? 64);
const PER_MINUTE = Number(process.env.PRESALE_PER_MINUTE ?? 3_000);
const BASE = Number(process.env.TOPOLOGY_PORT ?? 5600);
const RATIO_BUDGET = 0.5;
const JS_BUDGET_BYTES = 10 * 1024;

/** Calls per command from `INFO commandstats` (`cmdstat_zadd:calls=12,...`), the INFO itself left out. */
async function commandCalls(redis: Redis): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const match of (await redis.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    if (match[1] !== 'info') calls.set(match[1]!, Number(match[2]));
  }
  return calls;
}

function difference(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([name, count]) => [name, count - (before.get(name) ?? 0)]));
}

const sum = (counts: Map<string, number>, names?: string[]): number =>
  [...counts].filter(([name]) => !names || names.includes(name)).reduce((total, [, count]) => total + count, 0);

const line = (label: string, load: Load): string =>
  `  ${label.padEnd(9)} ${load.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(load.p50).padStart(8)}  p99 ${ms(load.p99).padStart(8)}  ${load.bytesPerAnswer.toFixed(0)} B sent an answer  statuses ${statusText(load.statuses)}`;

const staticRoot = mkdtempSync(path.join(os.tmpdir(), 'viziona-presale-static-'));
// nginx's workers run as nobody when the bench runs as root.
chmodSync(staticRoot, 0o755);
// Every arrival comes from this one address: its new places a minute and its live places are
// raised as an operator would for a load test (presale-event.ts); the product keeps its bounds.
const topology = await startTopology(BASE, { staticRoot, bffEnv: BENCH_ADDRESS_BOUNDS });
const generator = createLoadGenerator(CONNECTIONS);
const redis = redisClient(`redis://127.0.0.1:${topology.redis.port}`, { lazyConnect: true });
try {
  await redis.connect();
  const { id: eventId, showtime, operator, arrivalUrl } = await openPresale(topology, PER_MINUTE);
  const sample = await fetch(arrivalUrl);
  const body = await sample.text();
  if (sample.status !== 403) throw new Error(`an arrival answered ${sample.status}: ${body}`);
  writeFileSync(path.join(staticRoot, 'arrival.json'), body, { mode: 0o644 });
  const staticUrl = `${topology.url}/__rush-static/arrival.json`;
  // A few thousand places before the measure, as a queue minutes into a sale.
  await generator.load(arrivalUrl, 2);

  console.log(
    `bench:presale — ${CONNECTIONS} connections, ${SECONDS} s a side in ${ROUNDS} rounds, an event admitting ${PER_MINUTE} a minute, ` +
      `${os.cpus().length} cores shared by nginx, 2 sites, 2 BFFs, Redis, the sandbox and the load generator\n`,
  );

  const atRestBefore = await commandCalls(redis);
  const restStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1_000));
  const atRest = difference(await commandCalls(redis), atRestBefore);
  const restSeconds = (performance.now() - restStarted) / 1000;

  const before = await commandCalls(redis);
  const started = performance.now();
  const { pageLoad, staticLoad, ratio, rounds } = await generator.sideBySide(arrivalUrl, staticUrl, SECONDS, ROUNDS);
  const during = difference(await commandCalls(redis), before);
  const seconds = (performance.now() - started) / 1000;
  // The floor under any BFF answer: a route that does nothing, through the same nginx.
  const bare = await generator.sideBySide(`${topology.url}/bff/health`, staticUrl, SECONDS, ROUNDS);
  const arrivals = pageLoad.statuses['403'] ?? 0;
  // An arrival is a place (403 with the place and its ticket); anything else (a 429 of the
  // per-address bounds, a 5xx) would be measured as if it were one.
  const notPlaces = Object.entries(pageLoad.statuses).filter(([status]) => status !== '403');
  if (notPlaces.length > 0)
    throw new Error(`arrivals answered ${statusText(pageLoad.statuses)}: not all of them places`);
  const background = (counts: Map<string, number>, names?: string[]) => (sum(counts, names) / restSeconds) * seconds;
  const roundTrips = ['evalsha', 'eval'];
  const perArrival = (names?: string[]) => (sum(during, names) - background(atRest, names)) / Math.max(1, arrivals);
  const figures = await operator.show(eventId);

  console.log(
    `Arrivals (${path.basename(new URL(arrivalUrl).pathname)} without cookies: a new place each) beside a static file of the same ${Buffer.byteLength(body)} bytes`,
  );
  console.log(line('arrivals', pageLoad));
  console.log(line('static', staticLoad));
  console.log(
    `  ratio arrivals/static ${ratio.toFixed(2)}, median of ${ROUNDS} rounds (${rounds.map((one) => one.toFixed(2)).join(', ')}; budget ≥ ${RATIO_BUDGET}: ${ratio >= RATIO_BUDGET ? 'met' : 'NOT met'})`,
  );
  console.log(line('bare BFF', bare.pageLoad));
  console.log(line('static', bare.staticLoad));
  console.log(
    `  ratio bare BFF route (/bff/health)/static ${bare.ratio.toFixed(2)} (${bare.rounds.map((one) => one.toFixed(2)).join(', ')}): arrivals/bare route ${(ratio / bare.ratio).toFixed(2)}`,
  );
  console.log(
    `  the event after the run: ${figures.figures.waiting} waiting, ${figures.figures.admitted} admitted (${figures.phase})`,
  );
  console.log('\nRedis commands per arrival (INFO commandstats; the replicas at rest taken off)');
  console.log(
    `  round trips (EVALSHA/EVAL) ${perArrival(roundTrips).toFixed(3)}; every command, those inside the scripts included, ${perArrival().toFixed(2)}`,
  );
  const top = [...during]
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(
    `  during ${seconds.toFixed(1)} s with ${arrivals} arrivals: ${sum(during)} commands (${top}); at rest ${(sum(atRest) / restSeconds).toFixed(1)} a second`,
  );

  // A person in line reading their place, as the waiting page does every 2 to 20 s: what a
  // crowd already queued costs while it waits.
  const inLine = await fetch(arrivalUrl);
  await inLine.arrayBuffer();
  const cookie = inLine.headers
    .getSetCookie()
    .map((one) => one.split(';')[0])
    .join('; ');
  const statusUrl = `${topology.url}/bff/waiting-room/showtimes/${showtime.id}/status`;
  const statusSample = await fetch(statusUrl, { headers: { cookie } });
  const statusBody = await statusSample.text();
  const status = JSON.parse(statusBody) as WaitingRoomStatusView;
  if (statusSample.status !== 200 || status.status !== 'waiting')
    throw new Error(`a place read answered ${statusSample.status}: ${statusBody}`);
  writeFileSync(path.join(staticRoot, 'status.json'), statusBody, { mode: 0o644 });
  const reads = await generator.sideBySide(
    statusUrl,
    `${topology.url}/__rush-static/status.json`,
    SECONDS,
    ROUNDS,
    cookie,
  );
  console.log(
    `\nPlaces read (${path.basename(statusUrl)}: one person ${status.place?.position ?? '?'}th in line, the page's next read in ${status.refreshSeconds} s) beside a static file of the same ${Buffer.byteLength(statusBody)} bytes`,
  );
  console.log(line('reads', reads.pageLoad));
  console.log(line('static', reads.staticLoad));
  console.log(
    `  ratio reads/static ${reads.ratio.toFixed(2)} (${reads.rounds.map((one) => one.toFixed(2)).join(', ')}); at one read every ${status.refreshSeconds} s, these cores keep about ${Math.round((reads.pageLoad.perSecond * status.refreshSeconds) / 1000)} thousand people waiting at once`,
  );

  const groupOf = (service: { child: { pid?: number } | null }): number => {
    const id = service.child?.pid;
    if (id === undefined) throw new Error('a process of the topology is not running');
    return id;
  };
  const groups = {
    nginx: [groupOf(topology.nginx)],
    'BFF ×2': topology.bffs.map(groupOf),
    Redis: [groupOf(topology.redis)],
  };
  console.log(`\nCPU a request, µs, by process (one slice of ${SECONDS} s each, the same ${CONNECTIONS} connections)`);
  console.log(
    `  ${'answer'.padEnd(10)} ${[...Object.keys(groups), 'load generator', 'all'].map((name) => name.padStart(15)).join('')}`,
  );
  const totals = new Map<string, { all: number; bff: number }>();
  for (const [label, url, withCookie] of [
    ['arrival', arrivalUrl, undefined],
    ['place read', statusUrl, cookie],
    ['bare BFF', `${topology.url}/bff/health`, undefined],
    ['static', staticUrl, undefined],
  ] as const) {
    const { load, perRequest } = await cpuPerRequest(groups, () => generator.load(url, SECONDS, withCookie));
    if (label === 'arrival' && Object.keys(load.statuses).some((status) => status !== '403'))
      throw new Error(`arrivals answered ${statusText(load.statuses)}: not all of them places`);
    const all = Object.values(perRequest).reduce((sum, value) => sum + value, 0);
    totals.set(label, { all, bff: perRequest['BFF ×2'] ?? 0 });
    console.log(
      `  ${label.padEnd(10)} ${[...Object.values(perRequest), all].map((value) => value.toFixed(1).padStart(15)).join('')}`,
    );
  }
  const arrivalCpu = totals.get('arrival')!;
  const bareCpu = totals.get('bare BFF')!;
  const cpuRatio = arrivalCpu.all / bareCpu.all;
  console.log(
    `  an arrival ÷ a bare BFF route: ${cpuRatio.toFixed(2)}× in CPU a request, all processes (budget ≤ 2: ${cpuRatio <= 2 ? 'met' : 'NOT met'}); ${(arrivalCpu.bff / bareCpu.bff).toFixed(2)}× in the BFF replicas`,
  );

  const waitingPage = `${topology.url}${routes.waitingRoom(HOME_THEATER, showtime.slug, showtime.id)}`;
  const js = await javascriptOf(waitingPage, undefined);
  console.log(
    `\nThe waiting page's JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped in ${js.files} files (budget ≤ ${JS_BUDGET_BYTES / 1024} KB: ${js.gzipBytes <= JS_BUDGET_BYTES ? 'met' : 'NOT met'})`,
  );
  await operator.act(eventId, 'end');
} finally {
  redis.disconnect();
  await generator.close();
  await topology.close();
  rmSync(staticRoot, { recursive: true, force: true });
}
