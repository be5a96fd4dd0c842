import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { phone } from '../../e2e/devices.ts';
import { median } from '../statistics.ts';
import { CHROME_PATH } from './stack.ts';

/**
 * The seat click: the purchase page (and the bare page beside it) loaded fresh again and again
 * in Playwright's Chromium at 4× CPU, seats pressed as a hand presses, each click read from
 * Chromium's event timing up to its next paint.
 */

const CLICK_LOADS = Math.max(1, Number(process.env.BENCH_CLICK_LOADS ?? 10));
export const CLICKS_PER_LOAD = Math.max(0, Number(process.env.BENCH_CLICKS ?? 8));
/** Where seats are clicked: a laptop with a mouse, and the phone of tests/e2e/devices.ts with taps. */
export const CLICK_DEVICES = { desktop: { viewport: { width: 1280, height: 800 } }, phone } as const;
export type ClickDevice = keyof typeof CLICK_DEVICES;
export const CLICK_DEVICE_NAMES = (process.env.BENCH_CLICK_DEVICES ?? 'desktop,phone')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is ClickDevice => name in CLICK_DEVICES);
export const CLICK_BUDGET_MS = 50;
/** BENCH_CPU_SLOWDOWN changes it, to read a trace at full speed (4× pauses the main thread in slices, so traced durations inflate at random). */
export const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_CPU_SLOWDOWN ?? 4));
/**
 * A person's click: the mouse comes to rest on the seat, then the button is pressed and let go;
 * a tap holds the finger on the glass as long. Playwright's `mouse.click` and `touchscreen.tap`
 * send all of it in one instant, so the hover, the press and the release would share one task
 * and one frame, which no hand produces. BENCH_PRESS_MS=0 measures that instant click.
 */
const PRESS_MS = Math.max(0, Number(process.env.BENCH_PRESS_MS ?? 80));
const POINTER_REST_MS = 300;
/** How long the page is left alone after a click before the benchmark looks at it again. */
const CLICK_SETTLE_MS = 600;
const TRACE_PATH = process.env.BENCH_TRACE ? path.resolve(process.env.BENCH_TRACE) : null;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'viz',
  'latencyInfo',
  'v8',
  'disabled-by-default-v8.compile',
  ...(process.env.BENCH_TRACE_JS ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

export interface ClickTimings {
  /** Per page load, per click in order: the longest event-timing duration of the click's interaction; null: under 16 ms (no entry). */
  loads: Array<Array<number | null>>;
  /**
   * The same, not rounded: the page's event timing rounds every duration to 8 ms (24 or 32 for
   * a tap of about 28), so a ratio of two medians reads 1.00× or 1.33× and nothing between;
   * Chromium's trace of each load carries every event's duration as measured (`traceDurations`).
   */
  exact: number[][];
  /** The median time a click's event handlers ran (React's render included), of the clicks with entries; the rest of a duration is input delay, style, layout and paint. */
  handlersP50: number | null;
  /** Where the first clicks' time went, and the other clicks' (medians, ms). */
  phases: { first: PhaseMedians | null; others: PhaseMedians | null };
}

/**
 * The longest event of a click's interaction (the one its duration is) cut in three (event
 * timing): from the input to its handler (input delay: on a phone, the touch events and the
 * browser's tap gesture come first), the handler (React's render included), and from there to
 * the next paint (style, layout, paint, raster). The last is rounded like `duration`.
 */
interface ClickPhases {
  event: string;
  inputDelay: number;
  handler: number;
  toPaint: number;
}

/** The phases' medians over many clicks, and which events were the longest ('click 9, pointerup 1'). */
export interface PhaseMedians extends Omit<ClickPhases, 'event'> {
  events: string;
}

/** As a group of four picks its seats: four picks, then four drops, with other seats each round and each load. */
const GROUP = 4;
const SEATS_PER_LOAD = Math.max(GROUP, Math.ceil(CLICKS_PER_LOAD / 2));

interface BenchEvent {
  name: string;
  /** Part of the click's interaction (pointerdown, pointerup, click); else an event the same input caused (touchend, mousedown), or hover before it. */
  interaction: boolean;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

function clickPhases(interaction: BenchEvent[]): ClickPhases {
  const longest = interaction.reduce((worst, event) => (event.duration > worst.duration ? event : worst));
  return {
    event: longest.name,
    inputDelay: longest.processingStart - longest.startTime,
    handler: longest.processingEnd - longest.processingStart,
    toPaint: Math.max(0, longest.startTime + longest.duration - longest.processingEnd),
  };
}

function medianPhases(all: ClickPhases[]): PhaseMedians | null {
  if (all.length === 0) return null;
  const middle = (key: Exclude<keyof ClickPhases, 'event'>) =>
    median(
      all.map((phases) => phases[key]),
      'lower',
    ) ?? 0;
  const counts = new Map<string, number>();
  for (const { event } of all) counts.set(event, (counts.get(event) ?? 0) + 1);
  const events = [...counts].map(([event, count]) => `${event} ${count}`).join(', ');
  return { events, inputDelay: middle('inputDelay'), handler: middle('handler'), toPaint: middle('toPaint') };
}

/** Clicks (mouse) or taps (touch) a seat as a hand does: see PRESS_MS. */
export async function pressSeat(
  page: Page,
  cdp: CDPSession,
  device: ClickDevice,
  { x, y }: { x: number; y: number },
): Promise<void> {
  if (PRESS_MS === 0) {
    if (device === 'phone') await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    return;
  }
  if (device === 'phone') {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await sleep(PRESS_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    return;
  }
  await page.mouse.move(x, y);
  await sleep(POINTER_REST_MS);
  await page.mouse.down();
  await sleep(PRESS_MS);
  await page.mouse.up();
}

/** Where the seat click is measured: the purchase page, or the bare page beside it. */
interface ClickSubject {
  url: string;
  cookie?: { base: string; value: string };
  /** The HTML answered at `url` instead of the site's (the bare page). */
  html?: string;
}

/** What one subject's clicks gave, load after load. */
class ClickRecord {
  readonly loads: Array<Array<number | null>> = [];
  readonly exact: number[][] = [];
  readonly handlerTimes: number[] = [];
  readonly firstPhases: ClickPhases[] = [];
  readonly otherPhases: ClickPhases[] = [];

  timings(): ClickTimings {
    return {
      loads: this.loads,
      exact: this.exact,
      handlersP50: median(this.handlerTimes, 'lower') ?? null,
      phases: { first: medianPhases(this.firstPhases), others: medianPhases(this.otherPhases) },
    };
  }
}

/**
 * Opens the purchase page fresh, BENCH_CLICK_LOADS times, and on each clicks seats at 4× CPU
 * throttling as a person picks and drops them; reads how long each click took to its next paint
 * (Chromium's event timing). The first click of a page is the one that meets cold code, so every
 * load counts one. The bare page (CLICK_BARE) is loaded and clicked the same way after each
 * load of the purchase page, so both meet the same moment of this shared machine.
 */
export async function seatClickTimings(
  subjects: { purchase: ClickSubject; bare: ClickSubject | null },
  device: ClickDevice,
): Promise<{ purchase: ClickTimings; bare: ClickTimings | null }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const purchase = new ClickRecord();
  const bare = subjects.bare ? new ClickRecord() : null;
  try {
    for (let load = 0; load < CLICK_LOADS; load++) {
      const tracing = TRACE_PATH !== null && load === 0 && device === CLICK_DEVICE_NAMES[0];
      await clickOneLoad(browser, subjects.purchase, device, load, tracing, purchase);
      if (subjects.bare && bare) await clickOneLoad(browser, subjects.bare, device, load, false, bare);
    }
  } finally {
    await browser.close();
  }
  return { purchase: purchase.timings(), bare: bare?.timings() ?? null };
}

async function clickOneLoad(
  browser: Browser,
  subject: ClickSubject,
  device: ClickDevice,
  load: number,
  tracing: boolean,
  record: ClickRecord,
): Promise<void> {
  const context = await browser.newContext({ ...CLICK_DEVICES[device], locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    if (subject.cookie) {
      const [name, ...value] = subject.cookie.value.split('=');
      await context.addCookies([{ name: name ?? '', value: value.join('='), url: subject.cookie.base }]);
    }
    const html = subject.html;
    if (html !== undefined)
      await context.route(subject.url, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
      );
    const page = await context.newPage();
    await page.goto(subject.url);
    // Polled with page.evaluate, not page.waitForFunction: that one brings Playwright's injected
    // script into the page, whose capture listeners on window then run in every tap and click.
    await page.evaluate(async () => {
      while (document.querySelector('[data-purchase-ready]') === null)
        await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluate(() => {
      const store: BenchEvent[] = [];
      (window as unknown as { benchEvents: BenchEvent[] }).benchEvents = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          // Events outside the interaction count too (a tap's touchend and mousedown have no interactionId).
          store.push({
            name: entry.name,
            interaction: entry.interactionId > 0,
            startTime: entry.startTime,
            duration: entry.duration,
            processingStart: entry.processingStart,
            processingEnd: entry.processingEnd,
          });
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    });
    if (process.env.BENCH_PREP_JS && html === undefined) await page.evaluate(process.env.BENCH_PREP_JS);
    // Seats fully in view and not under the sticky bar, clicked by position: nothing of the
    // benchmark (scrolling, Playwright's actionability checks, the listeners of its injected
    // script, which locators bring) runs between a click and its paint; only page.evaluate.
    await page.evaluate(() =>
      document.querySelector('[role="grid"]')?.scrollIntoView({ block: 'center', inline: 'center' }),
    );
    // A person looks before they click: the page has finished loading (network quiet, the main
    // thread idle) when the first click comes. Lighthouse measures the load itself.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
    const targets = await page.evaluate(
      (count) => {
        const free = [
          ...document.querySelectorAll<HTMLButtonElement>(
            'button[data-seat][aria-pressed="false"][aria-disabled="false"]',
          ),
        ];
        const clickable = free.flatMap((button) => {
          const box = button.getBoundingClientRect();
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          return document.elementFromPoint(x, y)?.closest('button') === button &&
            box.top >= 0 &&
            box.bottom <= innerHeight - 120
            ? [{ id: button.dataset.seat ?? '', x, y }]
            : [];
        });
        const spacing = Math.max(1, Math.floor(clickable.length / count));
        return clickable.filter((_, index) => index % spacing === 0).slice(0, count);
      },
      SEATS_PER_LOAD * (load + 1),
    );
    if (targets.length === 0) throw new Error(`no free seat in view on ${subject.url}`);
    const offset = SEATS_PER_LOAD * load;
    const order = Array.from({ length: CLICKS_PER_LOAD }, (_, click) => {
      const round = Math.floor(click / (GROUP * 2));
      const inRound = click % (GROUP * 2);
      return { index: (offset + round * GROUP + (inRound % GROUP)) % targets.length, pick: inRound < GROUP };
    });
    // Every load is traced for its events' exact durations (the timeline category only, the
    // purchase page and the bare page alike); BENCH_TRACE's load keeps the full trace in a file.
    await browser.startTracing(
      page,
      tracing ? { path: TRACE_PATH ?? undefined, categories: TRACE_CATEGORIES } : { categories: ['devtools.timeline'] },
    );
    const durations: Array<number | null> = [];
    for (const { index, pick } of order) {
      const target = targets[index]!;
      await pressSeat(page, cdp, device, target);
      // The page is left alone until the click has surely painted: a tap's promise resolves once
      // the touch events are handled, before the click, and a script evaluated then would run
      // in the middle of the interaction it measures.
      await sleep(CLICK_SETTLE_MS);
      // Then until the seat shows its new state (a slow machine), the entries arrive and the page settles.
      await page.evaluate(
        async ({ id, pick }) => {
          const deadline = performance.now() + 30_000;
          while (document.querySelector(`button[data-seat="${id}"]`)?.getAttribute('aria-pressed') !== String(pick)) {
            if (performance.now() > deadline) throw new Error(`seat ${id} did not change`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
        { id: target.id, pick },
      );
      const recorded = await page.evaluate(() =>
        (window as unknown as { benchEvents: BenchEvent[] }).benchEvents.splice(0),
      );
      const events = recorded.filter((event) => event.interaction);
      durations.push(events.length === 0 ? null : Math.max(...events.map((event) => event.duration)));
      if (events.length > 0) {
        record.handlerTimes.push(events.reduce((sum, event) => sum + event.processingEnd - event.processingStart, 0));
        (durations.length === 1 ? record.firstPhases : record.otherPhases).push(clickPhases(events));
      }
    }
    const exact = traceDurations(await browser.stopTracing());
    if (exact.length !== durations.length)
      throw new Error(`${exact.length} interactions in the trace for ${durations.length} clicks on ${subject.url}`);
    record.exact.push(exact);
    record.loads.push(durations);
  } finally {
    await context.close();
  }
}

/** One `EventTiming` event of a Chromium trace (category devtools.timeline): its begin carries the entry. */
interface TracedEventTiming {
  name: string;
  ph: string;
  args?: { data?: { interactionId?: number; duration?: number; timeStamp?: number } };
}

/**
 * Each interaction of a traced load (a click, a tap), in order, as its longest event's
 * duration to the next paint, unrounded: what the page's `PerformanceEventTiming.duration` says
 * rounded to 8 ms.
 */
function traceDurations(trace: Buffer): number[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TracedEventTiming[] } | TracedEventTiming[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const interactions = new Map<number, { start: number; duration: number }>();
  for (const event of events) {
    const data = event.args?.data;
    if (event.name !== 'EventTiming' || event.ph !== 'b' || !data?.interactionId) continue;
    const known = interactions.get(data.interactionId);
    const duration = data.duration ?? 0;
    const start = data.timeStamp ?? 0;
    if (!known) interactions.set(data.interactionId, { start, duration });
    else
      interactions.set(data.interactionId, {
        start: Math.min(known.start, start),
        duration: Math.max(known.duration, duration),
      });
  }
  return [...interactions.values()].sort((a, b) => a.start - b.start).map((one) => one.duration);
}
