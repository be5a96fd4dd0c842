import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { routes } from '#site/lib/routes.ts';
import { CLICK_DEVICES, CPU_SLOWDOWN, pressSeat } from './seat-click.ts';
import { CHROME_PATH } from './stack.ts';

/**
 * The seat map as the room grows (issue 40): the purchase page of rooms of 260, 520 and 1,040
 * seats (Sala 1 and the sandbox's two big rooms) loaded fresh on the phone at 4× CPU, in turns,
 * BENCH_SEAT_LOADS times each. Per load: when the island is hydrated (`data-purchase-ready`,
 * from the navigation's start), the long tasks until then and a second after (their sum and the
 * longest), the HTML's size, and one seat tapped as a hand taps (its event duration: from the
 * finger's release to the next paint). Printed per size with its ratio to the smallest room.
 */

/** BENCH_SEAT_ROOMS: the sizes, comma-separated ('' or 0 leaves them out). */
export const SEAT_ROOMS = (process.env.BENCH_SEAT_ROOMS ?? '260,520,1040')
  .split(',')
  .map(Number)
  .filter((seats) => seats === 260 || seats === 520 || seats === 1040);
const LOADS = Math.max(1, Number(process.env.BENCH_SEAT_LOADS ?? 5));
/** A tap after the page has settled; the budget of issue 40 for the largest room. */
export const BIG_ROOM_TAP_BUDGET_MS = 200;

export interface SeatMapLoad {
  readyMs: number;
  longTasksMs: number;
  longestTaskMs: number;
  htmlBytes: number;
  /** The tap's event duration; null: under 16 ms (no entry). */
  tapMs: number | null;
}

/** The purchase path of a showtime programmed in the room of `seats` seats (sandbox tooling). */
export async function roomPurchasePath(sandboxUrl: string, slug: string, seats: number): Promise<string> {
  const answer = await fetch(`${sandboxUrl}/sandbox/movies/${slug}/showtimes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seats }),
  });
  if (!answer.ok) throw new Error(`the sandbox programmed no ${seats}-seat showtime (${answer.status})`);
  const { id } = (await answer.json()) as { id: number };
  return routes.showtime('viziona', slug, id);
}

export async function seatMapLoads(
  rooms: Array<{ seats: number; url: string }>,
  cookie: { base: string; value: string },
): Promise<Map<number, SeatMapLoad[]>> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const results = new Map<number, SeatMapLoad[]>(rooms.map((room) => [room.seats, []]));
  try {
    for (let load = 0; load < LOADS; load++)
      for (const room of rooms) results.get(room.seats)?.push(await loadOnce(browser, room.url, cookie));
  } finally {
    await browser.close();
  }
  return results;
}

async function loadOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  cookie: { base: string; value: string },
): Promise<SeatMapLoad> {
  const context = await browser.newContext({ ...CLICK_DEVICES.phone, locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    const [name, ...value] = cookie.value.split('=');
    await context.addCookies([{ name: name ?? '', value: value.join('='), url: cookie.base }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const marks = { ready: 0, longTasks: [] as Array<[number, number]>, events: [] as number[] };
      (window as unknown as { seatMapBench: typeof marks }).seatMapBench = marks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-purchase-ready]')) return;
        marks.ready = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-purchase-ready'] });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto(url);
    const htmlBytes = (await response?.body())?.length ?? 0;
    await page.evaluate(async () => {
      const marks = (window as unknown as { seatMapBench: { ready: number } }).seatMapBench;
      while (marks.ready === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await sleep(1000);
    const { readyMs, longTasks } = await page.evaluate(() => {
      const marks = (window as unknown as { seatMapBench: { ready: number; longTasks: Array<[number, number]> } })
        .seatMapBench;
      return { readyMs: marks.ready, longTasks: marks.longTasks.filter(([start]) => start <= marks.ready + 1000) };
    });
    // Then a person looks and taps a free seat in view (as seat-click.ts does).
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      document.querySelector('[role="grid"]')?.scrollIntoView({ block: 'center', inline: 'center' });
      const events = (window as unknown as { seatMapBench: { events: number[] } }).seatMapBench.events;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          if (entry.interactionId > 0) events.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    await sleep(500);
    const target = await page.evaluate(() => {
      for (const seat of document.querySelectorAll<HTMLButtonElement>(
        'button[data-seat][aria-pressed="false"][aria-disabled="false"]',
      )) {
        const box = seat.getBoundingClientRect();
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        if (
          box.top >= 80 &&
          box.bottom <= innerHeight - 160 &&
          document.elementFromPoint(x, y)?.closest('button') === seat
        )
          return { id: seat.dataset.seat ?? '', x, y };
      }
      return null;
    });
    if (!target) throw new Error(`no free seat in view on ${url}`);
    await pressSeat(page, cdp, 'phone', target);
    await sleep(600);
    await page.evaluate(async (id) => {
      const deadline = performance.now() + 30_000;
      while (document.querySelector(`button[data-seat="${id}"]`)?.getAttribute('aria-pressed') !== 'true') {
        if (performance.now() > deadline) throw new Error(`seat ${id} did not change`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }, target.id);
    const events = await page.evaluate(
      () => (window as unknown as { seatMapBench: { events: number[] } }).seatMapBench.events,
    );
    return {
      readyMs,
      longTasksMs: longTasks.reduce((sum, [, duration]) => sum + duration, 0),
      longestTaskMs: Math.max(0, ...longTasks.map(([, duration]) => duration)),
      htmlBytes,
      tapMs: events.length === 0 ? null : Math.max(...events),
    };
  } finally {
    await context.close();
  }
}
