/**
 * `npm run bench:rush`: a presale rush through our nginx configuration (Debian's nginx from
 * `docker/nginx.conf.template`, two site and two BFF replicas, Redis, the sandbox:
 * `tests/topology/stack.ts`). Home, cartelera and a movie page under 64 connections, each
 * side by side with a static file of the same bytes served by the same nginx, in one run:
 *
 * 1. "before": the micro-cache off (`NGINX_MICRO_CACHE=off`), every page rendered;
 * 2. "after": the micro-cache on;
 * 3. each again with every site and BFF process stopped.
 *
 * The static copy is the page's HTML with the very gzip bytes the edge sends for it beside it
 * (`name.html.gz`, nginx's `gzip_static`): a file compressed once, as a cached page must be
 * (issue 40). It is served twice: with the headers of the live page answer (`static-twin.ts`:
 * its security headers are ≈1.9 KB an answer), the twin the budget is taken against, and bare
 * (nginx's ≈0.3 KB for a file), as before, printed beside it. Printed per page: req/s, p50/p99
 * latency, the bytes sent per answer (gzip) and the headers that decide what a copy costs
 * (Cache-Control, Vary, ETag, Content-Encoding) for the page and its twins, the ratios
 * page/twin (budget ≥ 0.8, and each round's), nginx's CPU a request for each (µs,
 * `process-cpu.ts`), the requests
 * nginx passed to a site replica and the cinema API calls during the run, per cache period
 * (budget ≤ 1 render a page a period), and the status counts. Budgets are printed, never
 * asserted. Load comes from a worker thread (`load-generator.ts`: undici, keep-alive,
 * `Accept-Encoding: gzip` like a browser); page and twins take turns (`RUSH_ROUNDS`, 8) so a
 * neighbour's load hits all alike. `RUSH_SECONDS` (default 8) of load per page and per twin,
 * `RUSH_CONNECTIONS` (64), `TOPOLOGY_PORT` (5600) as for the topology test.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { startTopology, type Topology, type Traffic } from '../topology/stack.ts';
import { createLoadGenerator, ms, roundRatios, statusText, type Load } from './load-generator.ts';
import { median } from './statistics.ts';
import { reloadEdgeForTwins, twinPath, writeTwinLocation } from './static-twin.ts';
import { cpuPerRequest } from './process-cpu.ts';

const SECONDS = Number(process.env.RUSH_SECONDS ?? 8);
/**
 * Page and static copy are loaded in turns, so a neighbour's load on the machine hits both
 * alike. Eight turns of a second: with four of two seconds, one burst from a neighbour moved a
 * page's median from 0.9 to 0.5 (rounds of 0.48 to 1.55 in one run); the median of eight holds.
 */
const ROUNDS = Number(process.env.RUSH_ROUNDS ?? 8);
const CONNECTIONS = Number(process.env.RUSH_CONNECTIONS ?? 64);
const BASE = Number(process.env.TOPOLOGY_PORT ?? 5600);
/** ARCHITECTURE.md's budget: a public page at least 0.8× a static file of the same bytes. */
const RATIO_BUDGET = 0.8;
const RENDERS_BUDGET = 1;

const generator = createLoadGenerator(CONNECTIONS);
const total = (counts: Map<string, number>): number => [...counts.values()].reduce((sum, count) => sum + count, 0);

/** Seconds a shared cache may keep the page (its s-maxage), the "cache period". */
function sharedMaxAge(cacheControl: string | null): number | null {
  const match = /s-maxage=(\d+)/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : null;
}

interface Page {
  name: string;
  path: string;
  /** The static twin with the page's own headers; `staticPath` is the bare one. */
  twinPath: string;
  staticPath: string;
  bytes: number;
  sMaxAge: number | null;
}

/** The headers that decide what serving a copy costs, as nginx sends them (a second request: the cached copy). */
async function costHeaders(url: string): Promise<string> {
  const answer = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  await answer.arrayBuffer();
  const names = [
    'x-cache-status',
    'cache-control',
    'vary',
    'etag',
    'content-encoding',
    'content-length',
    'transfer-encoding',
  ];
  return names.map((name) => `${name}: ${answer.headers.get(name) ?? '-'}`).join('; ');
}

/** An answer as sent (not decoded), asked as the load generator asks (`Accept-Encoding: gzip`). */
async function sentBytes(url: string) {
  const answer = await request(url, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  return {
    status: answer.statusCode,
    gzipped: answer.headers['content-encoding'] === 'gzip',
    bytes,
    headers: answer.headers,
  };
}

/**
 * Each page once, written as the static file nginx serves next to it: its HTML, and beside it
 * (`.gz`) the gzip bytes the edge sends for the page, which nginx then sends as they are.
 * Read from a site replica directly. A site that compresses its pages gives those bytes
 * itself; one that does not (the code before issue 40) leaves the edge to gzip each answer, so
 * the bytes are nginx's gzip of the same HTML. Then each page twice through the edge (the
 * second, with the micro-cache on, a HIT): the headers its twin repeats.
 */
async function preparePages(topology: Topology, staticRoot: string): Promise<Page[]> {
  const movies = (await (await fetch(`${topology.url}/bff/catalogue/movies`)).json()) as {
    movies: Array<{ slug: string }>;
  };
  const slug = movies.movies[0]?.slug;
  if (!slug) throw new Error('the sandbox shows no movie');
  const targets = [
    { name: 'home', path: '/' },
    { name: 'cartelera', path: '/cartelera' },
    { name: 'movie', path: `/viziona/pelicula/${slug}` },
  ];
  const pages = await Promise.all(
    targets.map(async (target) => {
      const answer = await sentBytes(`http://127.0.0.1:${topology.sites[0].port}${target.path}`);
      if (answer.status !== 200) throw new Error(`${target.path} answered ${answer.status}`);
      const html = answer.gzipped ? gunzipSync(answer.bytes) : answer.bytes;
      const file = path.join(staticRoot, `${target.name}.html`);
      writeFileSync(file, html, { mode: 0o644 });
      const staticPath = `/__rush-static/${target.name}.html`;
      const gzipped = answer.gzipped ? answer.bytes : (await sentBytes(`${topology.url}${staticPath}`)).bytes;
      writeFileSync(`${file}.gz`, gzipped, { mode: 0o644 });
      return {
        ...target,
        twinPath: twinPath(target.name),
        staticPath,
        bytes: html.byteLength,
        sMaxAge: sharedMaxAge(String(answer.headers['cache-control'] ?? '')),
      };
    }),
  );
  const twins = [];
  for (const page of pages) {
    await sentBytes(`${topology.url}${page.path}`);
    const { headers } = await sentBytes(`${topology.url}${page.path}`);
    writeTwinLocation(staticRoot, page.name, headers);
    twins.push({ name: page.name, headers });
  }
  await reloadEdgeForTwins(topology, twins);
  return pages;
}

interface Row {
  phase: string;
  page: Page;
  pageLoad: Load;
  twinLoad: Load;
  staticLoad: Load;
  /** Median over the rounds of page req/s ÷ twin req/s (the twin with the page's headers). */
  ratio: number;
  rounds: number[];
  /** The same against the bare static copy (nginx's own headers only). */
  bareRatio: number;
  bareRounds: number[];
  traffic: Traffic;
  headers: { page: string; twin: string; static: string };
  /** nginx's CPU microseconds a request, for the page and for its twins. */
  nginxCpu: { page: number; twin: number; static: number };
}

function report(row: Row): string {
  const { page, pageLoad, twinLoad, staticLoad, traffic, ratio, rounds, bareRatio, bareRounds, headers, nginxCpu } =
    row;
  const renders = traffic.passedOn.get(page.path) ?? 0;
  // A run shorter than the page's s-maxage is one cache period; without s-maxage every request is one.
  const periods = page.sMaxAge ? Math.max(1, Math.ceil(SECONDS / page.sMaxAge)) : pageLoad.requests;
  const perPeriod = renders / periods;
  return [
    `  ${page.name.padEnd(9)} ${page.path} (${(page.bytes / 1024).toFixed(1)} KiB, s-maxage ${page.sMaxAge ?? 'none'})`,
    `    page   ${pageLoad.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(pageLoad.p50).padStart(8)}  p99 ${ms(pageLoad.p99).padStart(8)}  ${(pageLoad.bytesPerAnswer / 1024).toFixed(1)} KiB sent an answer  statuses ${statusText(pageLoad.statuses)}`,
    `    twin   ${twinLoad.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(twinLoad.p50).padStart(8)}  p99 ${ms(twinLoad.p99).padStart(8)}  ${(twinLoad.bytesPerAnswer / 1024).toFixed(1)} KiB sent an answer  statuses ${statusText(twinLoad.statuses)}  (static file, the page's headers)`,
    `    static ${staticLoad.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(staticLoad.p50).padStart(8)}  p99 ${ms(staticLoad.p99).padStart(8)}  ${(staticLoad.bytesPerAnswer / 1024).toFixed(1)} KiB sent an answer  statuses ${statusText(staticLoad.statuses)}  (static file, nginx's headers only)`,
    `    page headers   ${headers.page}`,
    `    twin headers   ${headers.twin}`,
    `    static headers ${headers.static}`,
    `    nginx CPU a request: page ${nginxCpu.page.toFixed(1)} µs, twin ${nginxCpu.twin.toFixed(1)} µs, static ${nginxCpu.static.toFixed(1)} µs`,
    `    ratio page/twin ${ratio.toFixed(2)}, median of ${ROUNDS} rounds (${rounds.map((one) => one.toFixed(2)).join(', ')}; budget ≥ ${RATIO_BUDGET}: ${ratio >= RATIO_BUDGET ? 'met' : 'NOT met'})`,
    `    ratio page/static without the page's headers ${bareRatio.toFixed(2)} (${bareRounds.map((one) => one.toFixed(2)).join(', ')})`,
    `    upstream: ${renders} renders by a site replica (${perPeriod.toFixed(2)} per page per cache period, budget ≤ ${RENDERS_BUDGET}: ${perPeriod <= RENDERS_BUDGET ? 'met' : 'NOT met'}), ` +
      `${total(traffic.cinemaApi)} cinema API calls`,
  ].join('\n');
}

function outageReport(page: Page, pageLoad: Load): string {
  const ok = pageLoad.statuses['200'] ?? 0;
  return `  ${page.name.padEnd(9)} ${pageLoad.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(pageLoad.p50).padStart(8)}  p99 ${ms(pageLoad.p99).padStart(8)}  statuses ${statusText(pageLoad.statuses)}  (${((100 * ok) / Math.max(1, pageLoad.requests)).toFixed(1)} % served)`;
}

/** nginx's workers of the phase before may hold its ports a moment after their master died. */
async function startWhenFree(start: () => Promise<Topology>): Promise<Topology> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('already in use')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function phase(
  label: string,
  microCache: boolean,
): Promise<{ rows: Row[]; outage: Array<{ page: Page; load: Load }> }> {
  const staticRoot = mkdtempSync(path.join(os.tmpdir(), 'viziona-rush-static-'));
  // nginx's workers run as nobody when the bench runs as root.
  chmodSync(staticRoot, 0o755);
  const topology = await startWhenFree(() => startTopology(BASE, { microCache, staticRoot, imageWarmUp: false }));
  try {
    const pages = await preparePages(topology, staticRoot);
    // Let the BFFs' and nginx's copies from preparing expire, so each run starts as a presale does.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows: Row[] = [];
    for (const page of pages) {
      const watch = await topology.watch();
      const { loads, rates } = await generator.inTurns(
        [page.path, page.twinPath, page.staticPath].map((one) => ({ url: `${topology.url}${one}` })),
        SECONDS,
        ROUNDS,
      );
      const [pageLoad, twinLoad, staticLoad] = loads as [Load, Load, Load];
      const rounds = roundRatios(rates, 0, 1);
      const bareRounds = roundRatios(rates, 0, 2);
      const traffic = await watch();
      const headers = {
        page: await costHeaders(`${topology.url}${page.path}`),
        twin: await costHeaders(`${topology.url}${page.twinPath}`),
        static: await costHeaders(`${topology.url}${page.staticPath}`),
      };
      const nginxGroup = { nginx: [topology.nginx.child?.pid ?? 0] };
      const cpuSeconds = Math.min(SECONDS, 4);
      const nginxPerRequest = async (at: string) =>
        (await cpuPerRequest(nginxGroup, () => generator.load(`${topology.url}${at}`, cpuSeconds))).perRequest.nginx!;
      const nginxCpu = {
        page: await nginxPerRequest(page.path),
        twin: await nginxPerRequest(page.twinPath),
        static: await nginxPerRequest(page.staticPath),
      };
      rows.push({
        phase: label,
        page,
        pageLoad,
        twinLoad,
        staticLoad,
        ratio: median(rounds) ?? 0,
        rounds,
        bareRatio: median(bareRounds) ?? 0,
        bareRounds,
        traffic,
        headers,
        nginxCpu,
      });
      console.log(report(rows[rows.length - 1]!));
    }
    await Promise.all([...topology.sites, ...topology.bffs].map((one) => one.stop('SIGTERM')));
    console.log(`  -- ${label}, every site and BFF process stopped --`);
    const outage = [];
    for (const page of pages) {
      const pageLoad = await generator.load(`${topology.url}${page.path}`, Math.min(SECONDS, 4));
      outage.push({ page, load: pageLoad });
      console.log(outageReport(page, pageLoad));
    }
    return { rows, outage };
  } finally {
    await topology.close();
    rmSync(staticRoot, { recursive: true, force: true });
  }
}

const loadAverage = (): string =>
  os
    .loadavg()
    .map((one) => one.toFixed(2))
    .join(', ');
console.log(
  `bench:rush — load average ${loadAverage()} (1, 5, 15 min); ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${os.cpus().length} cores shared by nginx, 2 sites, 2 BFFs, Redis, the sandbox and the load generator\n`,
);
console.log('BEFORE: micro-cache off (every request rendered)');
const before = await phase('before', false);
console.log('\nAFTER: micro-cache on');
const after = await phase('after', true);

console.log('\nSummary (before → after, one run)');
for (const [index, row] of after.rows.entries()) {
  const old = before.rows[index]!;
  const ratio = (one: Row) => `${one.ratio.toFixed(2)} (without the page's headers ${one.bareRatio.toFixed(2)})`;
  const served = (outage: { load: Load } | undefined) =>
    `${outage?.load.statuses['200'] ?? 0}/${outage?.load.requests ?? 0}`;
  console.log(
    `  ${row.page.name.padEnd(9)} ${old.pageLoad.perSecond.toFixed(0)} → ${row.pageLoad.perSecond.toFixed(0)} req/s; ` +
      `p99 ${ms(old.pageLoad.p99)} → ${ms(row.pageLoad.p99)}; ratio page/twin ${ratio(old)} → ${ratio(row)} (budget ≥ ${RATIO_BUDGET}); ` +
      `nginx µs a page ${old.nginxCpu.page.toFixed(0)} → ${row.nginxCpu.page.toFixed(0)} (twin ${row.nginxCpu.twin.toFixed(0)}, bare static ${row.nginxCpu.static.toFixed(0)}); ` +
      `renders ${old.traffic.passedOn.get(old.page.path) ?? 0} → ${row.traffic.passedOn.get(row.page.path) ?? 0}; ` +
      `cinema API calls ${total(old.traffic.cinemaApi)} → ${total(row.traffic.cinemaApi)}; ` +
      `served with sites and BFFs stopped ${served(before.outage[index])} → ${served(after.outage[index])}`,
  );
}
console.log(`\nload average at the end ${loadAverage()}`);
await generator.close();
