/**
 * `npm run bench:pages`: builds the site, starts the whole stack (`docker/run-local.ts`: sandbox,
 * BFF, site behind the front door) on spare ports, and prints for every public page, every form
 * page and the purchase page
 *   - the JavaScript it loads, gzipped: every module script, modulepreload and island
 *     (component and renderer) of the HTML, followed through their static imports, plus inline
 *     scripts; lazy `import()`s are not counted (they load on demand);
 *   - its Lighthouse performance score (mobile, default throttling; median of BENCH_RUNS runs).
 * Pages that need a session (the purchase page, 'Mi perfil') are measured logged in as the
 * sandbox's demo customer: the session cookie goes to Lighthouse as an extra header. The
 * purchase page is that of an untouched showtime in the largest room, three hours ahead or more
 * (tests/showtimes.ts). Then the seat click: the purchase page opened fresh BENCH_CLICK_LOADS
 * times in Playwright's Chromium at 4× CPU throttling, on a laptop (mouse clicks) and on the
 * phone (taps), BENCH_CLICKS clicks a load on seats in view (four picked, then dropped, and
 * again with other seats), each pressed as a hand presses (the mouse at rest on the seat first,
 * then 80 ms between press and release, a finger as long on the glass) and answered when its
 * next frame is painted, read from Chromium's event timing (`PerformanceObserver` 'event'
 * entries, durationThreshold 16: a click with no entry took under 16 ms). The first click of
 * each load is printed apart: it meets the page's cold code. After each load of the purchase page,
 * a bare page of as many plain buttons is loaded and tapped the same way: the floor this machine
 * and browser put under any tap at 4×, so the purchase page's figures read as what it adds.
 *
 * Then, on photos (the sandbox's, at a real catalogue's sizes), for every public page and the
 * purchase page: largest contentful paint on a phone (390 × 844, DPR 2) and a laptop (1280 ×
 * 800, DPR 1), both at 150 ms RTT, 1.6 Mbps, 4× CPU, and image bytes before load, each page
 * three ways side by side in one run: the originals as the cinema API serves them, ours
 * (`/_image`), and ideal images (each at its displayed size × the device's DPR, AVIF)
 * (pages/photos.ts; BENCH_PHOTO_RUNS, default 3; BENCH_PHOTO_DEVICES, default `phone,desktop`;
 * BENCH_PHOTOS=0 skips them).
 *
 * Budgets (issue 14; printed, never asserted): content pages ≤ 30 KB gzipped JavaScript and
 * performance ≥ 95; form pages ≤ 100 KB and ≥ 95; the purchase page ≤ 120 KB and ≥ 90, a seat
 * click answered within 50 ms; the presale waiting page (issue 23) ≤ 10 KB and ≥ 95.
 *
 * Then the seat map as the room grows (issue 40): the purchase page of rooms of 260, 520 and
 * 1,040 seats loaded on the phone at 4× CPU, when it is hydrated, its long tasks and a tap, each
 * with its ratio to the 260-seat room (pages/seat-map-load.ts; BENCH_SEAT_ROOMS, default
 * `260,520,1040`, empty to skip; BENCH_SEAT_LOADS, default 5).
 *
 * Options: `--no-build` reuses ./dist; BENCH_RUNS (default 3; 0 skips Lighthouse); BENCH_PAGES
 * (comma-separated paths, or `purchase`, to measure only some); BENCH_CLICK_DEVICES (default
 * `desktop,phone`: a 1280 × 800 laptop clicking, the 390 × 844 phone tapping); BENCH_CLICK_LOADS (default 10);
 * BENCH_CLICKS (per load, default 8; 0 skips the seat click); BENCH_TRACE (a file: a Chromium
 * trace of the first load's clicks, for DevTools' Performance panel; BENCH_TRACE_JS=1 adds the V8
 * profiler); BENCH_PREP_JS (a script run in the page before the clicks, to try a change without
 * a build); BENCH_PRESS_MS (default 80; 0 sends hover, press and release in one instant, as
 * Playwright's `click` and `tap` do); BENCH_CLICK_BARE=0 leaves the bare page out.
 */
import { barePage, CLICK_BARE } from './pages/bare-page.ts';
import { benchmarkIndexes, performanceScore, RUNS, startChrome } from './pages/lighthouse.ts';
import { javascriptOf } from './pages/page-javascript.ts';
import {
  firstSlug,
  largestRoomPurchasePath,
  logIn,
  pageCases,
  selectedPages,
  type PageCase,
} from './pages/page-list.ts';
import {
  printBenchmarkIndex,
  printBudgets,
  printClickTimings,
  printPageRow,
  printPhotoFigures,
  printSeatMapLoads,
  printSkipped,
  printTableHead,
} from './pages/print.ts';
import { PHOTO_DEVICE_NAMES, photoFigures, warmImagesForLighthouse } from './pages/photos.ts';
import { CLICK_DEVICE_NAMES, CLICKS_PER_LOAD, seatClickTimings } from './pages/seat-click.ts';
import { roomPurchasePath, SEAT_ROOMS, seatMapLoads } from './pages/seat-map-load.ts';
import { buildSite, startStack, stopGroup, waitFor } from './pages/stack.ts';

/** BENCH_PHOTOS=0 leaves out the photo figures (LCP and image bytes on the phone, issue 31). */
const PHOTO_PAGES = process.env.BENCH_PHOTOS !== '0';

await buildSite();
const { stack, base, sandboxUrl } = await startStack();

let failed = false;
try {
  await waitFor(`${base}/bff/health`);
  const movie = await firstSlug(base, '/bff/catalogue/movies', 'movies');
  const room = await firstSlug(base, '/bff/catalogue/rooms', 'rooms');
  const cookie = await logIn(base);
  const purchase = await largestRoomPurchasePath(sandboxUrl);
  const { pages, only } = selectedPages(
    pageCases({ movie, room, purchasePath: purchase.path, waitingPath: purchase.waitingPath }),
  );
  const cookieOf = (page: PageCase): string | undefined => (page.loggedIn ? cookie : undefined);

  // Warm the BFF's catalogue cache and the site, as a visited site would be.
  for (const page of pages) {
    const cookieHeader = cookieOf(page);
    await fetch(`${base}${page.path}`, { headers: cookieHeader ? { cookie: cookieHeader } : {} });
  }
  // And the edge's resized photos at Lighthouse's phone (each width is resized once, then kept).
  if (RUNS > 0)
    await warmImagesForLighthouse(
      base,
      pages.map((page) => ({ path: page.path, cookie: cookieOf(page) })),
    );

  const chrome = await startChrome();
  printTableHead(base, purchase);
  try {
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const cookieHeader = cookieOf(page);
      const status = (await fetch(url, { redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} }))
        .status;
      if (status !== 200) {
        printSkipped(page, status);
        continue;
      }
      const js = await javascriptOf(url, cookieHeader);
      const score = await performanceScore(url, chrome.port, cookieHeader);
      printPageRow(page, js, score);
    }
  } finally {
    await chrome.stop();
  }
  if (CLICKS_PER_LOAD > 0 && (!only || pages.some((page) => page.kind === 'purchase'))) {
    console.log('');
    const subjects = {
      purchase: { url: `${base}${purchase.path}`, cookie: { base, value: cookie } },
      bare: CLICK_BARE ? { url: `${base}/bench/bare-seats`, html: barePage(purchase.seats) } : null,
    };
    for (const device of CLICK_DEVICE_NAMES) printClickTimings(device, await seatClickTimings(subjects, device));
  }
  if (SEAT_ROOMS.length > 0 && (!only || pages.some((page) => page.kind === 'purchase'))) {
    // Sala 1 (the largest room's showtime above) and the sandbox's big rooms, each given a showtime.
    const rooms = await Promise.all(
      SEAT_ROOMS.map(async (seats) => ({
        seats,
        url: `${base}${seats === purchase.seats ? purchase.path : await roomPurchasePath(sandboxUrl, movie, seats)}`,
      })),
    );
    printSeatMapLoads(await seatMapLoads(rooms, { base, value: cookie }));
  }
  if (PHOTO_PAGES) {
    // Every public page (and the purchase page, logged in): a page without photos prints its zeros.
    const photoPages = pages.filter((page) => page.kind === 'content' || page.kind === 'purchase');
    const cases = photoPages.map((page) => ({ path: page.path, cookie: cookieOf(page) }));
    for (const device of PHOTO_DEVICE_NAMES) printPhotoFigures(await photoFigures(base, cases, device), device);
  }
  printBudgets();
  printBenchmarkIndex(benchmarkIndexes);
} catch (error) {
  failed = true;
  console.error(`[bench] ${(error as Error).message}`);
} finally {
  await stopGroup(stack);
}
process.exit(failed ? 1 : 0);
