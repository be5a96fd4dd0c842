/**
 * `npm run bench:cold-photos`: what a page's first visitor meets on an edge that has never
 * resized its photos (issue 40, "photos warm before anyone asks"). Two `npm start` stacks from
 * the same build, side by side on spare ports: one with the sites' warm-up off
 * (`IMAGE_WARM_URL=`, the code before issue 40), one with it on. For each page, in turns:
 *
 * 1. the page is rendered once on both (a plain GET: what the edge's refresh, or any first
 *    request, does when the catalogue changed), and on the warm-up stack the benchmark waits
 *    for the site's "page images warmed" line for it;
 * 2. a phone's first view of the page on each (pages/photos.ts `measure`: 390 × 844 at DPR 2,
 *    150 ms RTT, 1.6 Mbps, 4× CPU, an empty browser cache): largest contentful paint and image
 *    bytes before load, and how many of its photos the front door had not kept (MISS);
 * 3. a second phone view on each, every photo now kept: the same page warm, the floor.
 *
 * One sample a page and stack (a first view is first only once); `BENCH_COLD_PAGES` lists the
 * paths (default: home, cartelera and three movie pages), `--no-build` reuses ./dist. Figures
 * in tests/bench/README.md. The load average is printed at the start and the end: the machine
 * is shared.
 */
import os from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { measure } from './pages/photos.ts';
import { buildSite, CHROME_PATH, startStack, stopGroup, waitFor } from './pages/stack.ts';

const WARM_WAIT_MS = 10 * 60_000;

interface View {
  lcp: number;
  bytes: number;
  missed: number;
  asked: number;
}

/** One phone view, with what the front door answered for each photo it asked. */
async function view(browser: Browser, url: string): Promise<View> {
  const { lcp, bytes, photoCacheStatuses } = await measure(browser, url, undefined);
  return {
    lcp,
    bytes,
    missed: photoCacheStatuses.filter((status) => status !== 'HIT').length,
    asked: photoCacheStatuses.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const line = (one: View) =>
  `LCP ${(one.lcp / 1000).toFixed(1)} s, ${kb(one.bytes)} of photos, ${one.missed} of ${one.asked} photos not kept`;

await buildSite();
let warmOutput = '';
const cold = await startStack({ IMAGE_WARM_URL: '' });
const warm = await startStack({ LOG_LEVEL: 'info' }, (text) => (warmOutput += text));
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
try {
  await Promise.all([waitFor(`${cold.base}/bff/health`), waitFor(`${warm.base}/bff/health`)]);
  const movies = ((await (await fetch(`${cold.base}/bff/catalogue/movies`)).json()) as { movies: { slug: string }[] })
    .movies;
  const pages = process.env.BENCH_COLD_PAGES?.split(',') ?? [
    '/',
    '/cartelera',
    ...movies.slice(0, 3).map((movie) => `/viziona/pelicula/${movie.slug}`),
  ];
  console.log(
    `bench:cold-photos — a page's first phone view on an edge that never resized its photos, warm-up off | on; load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  );
  for (const page of pages) {
    const warmedLine = new RegExp(`"page":"${page.replaceAll('/', '\\/')}"[^\\n]*page images warmed`);
    const started = performance.now();
    await Promise.all(
      [fetch(`${cold.base}${page}`), fetch(`${warm.base}${page}`)].map(async (answer) => (await answer).text()),
    );
    while (!warmedLine.test(warmOutput) && performance.now() - started < WARM_WAIT_MS)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const warmedIn = (performance.now() - started) / 1000;
    const first = { off: await view(browser, `${cold.base}${page}`), on: await view(browser, `${warm.base}${page}`) };
    const again = { off: await view(browser, `${cold.base}${page}`), on: await view(browser, `${warm.base}${page}`) };
    console.log(`  ${page} (its photos warmed ${warmedIn.toFixed(0)} s after its render)`);
    console.log(`    first view, warm-up off: ${line(first.off)}`);
    console.log(`    first view, warm-up on:  ${line(first.on)}`);
    console.log(`    second view (every photo kept): off ${line(again.off)}; on ${line(again.on)}`);
    console.log(
      `    first view ÷ second: off ${(first.off.lcp / again.off.lcp).toFixed(2)}×, on ${(first.on.lcp / again.on.lcp).toFixed(2)}×`,
    );
  }
  console.log(
    `\nload average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await Promise.all([stopGroup(cold.stack), stopGroup(warm.stack)]);
}
