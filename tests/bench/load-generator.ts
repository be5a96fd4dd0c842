import { Worker } from 'node:worker_threads';
import { median, percentile } from './statistics.ts';

/**
 * The load of `bench:rush` and `bench:presale`: a worker thread (undici, keep-alive,
 * `Accept-Encoding: gzip` like a browser, no cookies unless given one browser's) sending GETs to one URL on `connections`
 * lanes for a number of seconds, and the page-beside-static-file comparison both print, with
 * the two sides taking turns so a neighbour's load on the machine hits both alike.
 */

export interface Load {
  requests: number;
  /** Bytes of body per answer, as sent (gzip). */
  bytesPerAnswer: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

export interface Slice {
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
  bytes: number;
}

const source = `
const { parentPort } = require('node:worker_threads');
const { Agent, request } = require(${JSON.stringify(new URL('../../node_modules/undici/index.js', import.meta.url).pathname)});
parentPort.on('message', async ({ url, connections, seconds, cookie }) => {
  const headers = { accept: 'text/html', 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) };
  const agent = new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const latencies = [];
  const statuses = {};
  let bytes = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  async function lane() {
    while (performance.now() < end) {
      const sent = performance.now();
      let status = 'error';
      try {
        const answer = await request(url, { dispatcher: agent, headers });
        const body = await answer.body.arrayBuffer();
        bytes += body.byteLength;
        status = String(answer.statusCode);
      } catch {}
      latencies.push(performance.now() - sent);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: connections }, lane));
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  parentPort.postMessage({ seconds: elapsed, latencies, statuses, bytes });
});
`;

export function merged(slices: Slice[]): Load {
  const latencies = slices.flatMap((one) => one.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, one) => sum + one.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const one of slices)
    for (const [status, count] of Object.entries(one.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const at = (q: number): number => percentile(latencies, q) ?? 0;
  const bytes = slices.reduce((sum, one) => sum + one.bytes, 0);
  return {
    requests: latencies.length,
    bytesPerAnswer: bytes / Math.max(1, latencies.length),
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    statuses,
  };
}

export interface SideBySide {
  pageLoad: Load;
  staticLoad: Load;
  /** Median over the rounds of page req/s ÷ static req/s. */
  ratio: number;
  rounds: number[];
}

/** Each round's answers a second of side `side` ÷ those of side `beside` (rates as `inTurns` gives them). */
export function roundRatios(rates: number[][], side: number, beside: number): number[] {
  return rates.map((round) => round[side]! / round[beside]!);
}

export function createLoadGenerator(connections: number) {
  const worker = new Worker(source, { eval: true });

  /** `cookie`: one browser's cookies, sent on every request (no cookies otherwise). */
  function slice(url: string, seconds: number, cookie?: string): Promise<Slice> {
    return new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage({ url, connections, seconds, cookie });
    });
  }

  /**
   * Several URLs in turns (the first, the second…, then again), `rounds` times over `seconds`
   * each: a neighbour's load on the machine hits every side alike. `rates[round][side]` is
   * each turn's answers a second, for ratios taken round by round (`roundRatios`).
   */
  async function inTurns(
    sides: Array<{ url: string; cookie?: string }>,
    seconds: number,
    rounds: number,
  ): Promise<{ loads: Load[]; rates: number[][] }> {
    const slices: Slice[][] = sides.map(() => []);
    const rates: number[][] = [];
    for (let round = 0; round < rounds; round += 1) {
      const rate: number[] = [];
      for (const [index, side] of sides.entries()) {
        const one = await slice(side.url, seconds / rounds, side.cookie);
        slices[index]!.push(one);
        rate.push(one.latencies.length / one.seconds);
      }
      rates.push(rate);
    }
    return { loads: slices.map(merged), rates };
  }

  return {
    slice,
    inTurns,
    async load(url: string, seconds: number, cookie?: string): Promise<Load> {
      return merged([await slice(url, seconds, cookie)]);
    },
    /** The page and its static copy in turns, `rounds` times over `seconds` each; the ratio is the median of each round's. */
    async sideBySide(
      pageUrl: string,
      staticUrl: string,
      seconds: number,
      rounds: number,
      pageCookie?: string,
    ): Promise<SideBySide> {
      const { loads, rates } = await inTurns(
        [{ url: pageUrl, cookie: pageCookie }, { url: staticUrl }],
        seconds,
        rounds,
      );
      const ratios = roundRatios(rates, 0, 1);
      return { pageLoad: loads[0]!, staticLoad: loads[1]!, ratio: median(ratios) ?? 0, rounds: ratios };
    },
    close: () => worker.terminate(),
  };
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export const statusText = (statuses: Record<string, number>): string =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
