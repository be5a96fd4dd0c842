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
 * Budgets (issue 14; printed, never asserted): content pages ≤ 30 KB gzipped JavaScript and
 * performance ≥ 95; form pages ≤ 100 KB and ≥ 95; the purchase page ≤ 120 KB and ≥ 90, a seat
 * click answered within 50 ms.
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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { SESSION_COOKIE } from '../../bff/plugins/session.ts';
import { routes } from '../../site/lib/routes.ts';
import { phone } from '../e2e/devices.ts';
import { SandboxShowtimes } from '../showtimes.ts';
import { sparePort } from '../spare-port.ts';
import { median, percentile } from './statistics.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Math.max(0, Number(process.env.BENCH_RUNS ?? 3));
const CLICK_LOADS = Math.max(1, Number(process.env.BENCH_CLICK_LOADS ?? 10));
const CLICKS_PER_LOAD = Math.max(0, Number(process.env.BENCH_CLICKS ?? 8));
/** Where seats are clicked: a laptop with a mouse, and the phone of tests/e2e/devices.ts with taps. */
const CLICK_DEVICES = { desktop: { viewport: { width: 1280, height: 800 } }, phone } as const;
type ClickDevice = keyof typeof CLICK_DEVICES;
const CLICK_DEVICE_NAMES = (process.env.BENCH_CLICK_DEVICES ?? 'desktop,phone')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is ClickDevice => name in CLICK_DEVICES);
const CLICK_BUDGET_MS = 50;
/** BENCH_CPU_SLOWDOWN changes it, to read a trace at full speed (4× pauses the main thread in slices, so traced durations inflate at random). */
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_CPU_SLOWDOWN ?? 4));
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
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink', 'cc', 'viz', 'latencyInfo', 'v8', 'disabled-by-default-v8.compile', ...(process.env.BENCH_TRACE_JS ? ['disabled-by-default-v8.cpu_profiler'] : [])];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

type PageKind = 'content' | 'form' | 'purchase';

/** Issue 14's budgets per kind of page: gzipped JavaScript on load, Lighthouse mobile performance. */
const BUDGETS: Record<PageKind, { jsKb: number; score: number }> = {
  content: { jsKb: 30, score: 95 },
  form: { jsKb: 100, score: 95 },
  purchase: { jsKb: 120, score: 90 },
};

interface PageCase {
  path: string;
  kind: PageKind;
  /** Measured with the logged-in customer's session cookie. */
  loggedIn?: boolean;
}

function runToEnd(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 8_000).unref();
  });
}

// --- JavaScript of a page -------------------------------------------------------------------

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}=("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? '').replace(/&amp;/g, '&') : null;
};

/** Static `import ... from "x"`, `import "x"` and `export ... from "x"` of a module (not `import()`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

async function javascriptOf(pageUrl: string, cookie: string | undefined): Promise<{ gzipBytes: number; files: number }> {
  const html = await (await fetch(pageUrl, { headers: cookie ? { cookie } : {} })).text();
  const entries = new Set<string>();
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[1] ?? '';
    const type = attribute(`<script ${tag}>`, 'type');
    if (type && !/module|javascript/i.test(type)) continue; // JSON-LD and other data
    const src = attribute(`<script ${tag}>`, 'src');
    if (src) entries.add(new URL(src, pageUrl).toString());
    else if ((match[2] ?? '').trim()) inlineBytes += gzipSync(match[2] ?? '').length;
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (/rel=["']?modulepreload/i.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) entries.add(new URL(href, pageUrl).toString());
    }
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attribute(match[0], name);
      if (value) entries.add(new URL(value, pageUrl).toString());
    }
  }
  const seen = new Set<string>();
  const queue = [...entries];
  let gzipBytes = inlineBytes;
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const code = await response.text();
    gzipBytes += gzipSync(code).length;
    for (const specifier of staticImports(code)) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) queue.push(new URL(specifier, url).toString());
    }
  }
  return { gzipBytes, files: seen.size };
}

// --- Lighthouse ------------------------------------------------------------------------------

async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'viziona-lighthouse-'));
  const chrome = spawn(CHROME_PATH, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    chrome.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        chrome.once('exit', () => {
          rmSync(profile, { recursive: true, force: true });
          resolve();
        });
        chrome.kill('SIGTERM');
      }),
  };
}

/** Lighthouse's measure of this machine's speed, one per run: how harsh 4× CPU throttling is here. */
const benchmarkIndexes: number[] = [];

/** The median score of RUNS runs; a run without a score (a Lighthouse error on a busy machine) is said and run once more; null when none scored. */
async function performanceScore(url: string, port: number, cookie: string | undefined): Promise<number | null> {
  if (RUNS === 0) return null;
  const scores: number[] = [];
  let failures = 0;
  while (scores.length < RUNS && failures <= RUNS) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    }).catch((error: unknown) => error as Error);
    const score = result instanceof Error ? undefined : result?.lhr.categories.performance?.score;
    const benchmarkIndex = result instanceof Error ? undefined : result?.lhr.environment.benchmarkIndex;
    if (typeof benchmarkIndex === 'number') benchmarkIndexes.push(benchmarkIndex);
    if (typeof score === 'number') {
      scores.push(Math.round(score * 100));
    } else {
      failures += 1;
      const reason = result instanceof Error ? result.message : (result?.lhr.runtimeError?.message ?? 'no result');
      console.log(`[bench] no Lighthouse score for ${new URL(url).pathname}: ${reason}`);
    }
  }
  return median(scores) ?? null;
}

// --- The logged-in customer and the purchase page ---------------------------------------------

/** Logs the sandbox's demo customer in through the front door; answers the session cookie. */
async function logIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-viziona-client': 'web', origin: base },
    body: JSON.stringify({ email: 'demo@viziona.co', password: 'Demo1234' }),
  });
  const session = answer.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!answer.ok || !session) throw new Error(`log-in answered ${answer.status}`);
  return session.split(';')[0] ?? '';
}

/** An untouched showtime in the largest room (the most seats to draw), three hours ahead or more. */
async function largestRoomPurchasePath(sandboxUrl: string): Promise<{ path: string; room: string; seats: number }> {
  const found = await new SandboxShowtimes(sandboxUrl).find({ minutesAhead: 180 });
  const largest = found.reduce<(typeof found)[number] | undefined>((best, showtime) => (!best || showtime.freeSeats > best.freeSeats ? showtime : best), undefined);
  if (!largest) throw new Error('no untouched showtime three hours ahead');
  return { path: routes.showtime('viziona', largest.movie.slug, largest.id), room: largest.roomName, seats: largest.freeSeats };
}

interface ClickTimings {
  /** Per page load, per click in order: the longest event-timing duration of the click's interaction; null: under 16 ms (no entry). */
  loads: Array<Array<number | null>>;
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
interface PhaseMedians extends Omit<ClickPhases, 'event'> {
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
  const middle = (key: Exclude<keyof ClickPhases, 'event'>) => median(all.map((phases) => phases[key]), 'lower') ?? 0;
  const counts = new Map<string, number>();
  for (const { event } of all) counts.set(event, (counts.get(event) ?? 0) + 1);
  const events = [...counts].map(([event, count]) => `${event} ${count}`).join(', ');
  return { events, inputDelay: middle('inputDelay'), handler: middle('handler'), toPaint: middle('toPaint') };
}

/** Clicks (mouse) or taps (touch) a seat as a hand does: see PRESS_MS. */
async function pressSeat(page: Page, cdp: CDPSession, device: ClickDevice, { x, y }: { x: number; y: number }): Promise<void> {
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

/**
 * The floor under the seat click: a page of as many plain buttons as the room has seats, laid
 * out like the map (35 px cells, 30 px seats, rows of {@link BARE_ROW_SEATS}), whose one listener
 * flips the pressed seat's state and colour. No framework, no stylesheet but its own, nothing
 * else on the page: what a tap costs this machine and this browser at 4× CPU before our code
 * adds anything. It answers the benchmark as the purchase page does (`data-purchase-ready`,
 * seats as `button[data-seat]` with `aria-pressed` and `aria-disabled`).
 */
const BARE_ROW_SEATS = 18;
function barePage(seats: number): string {
  const rows = Array.from({ length: Math.ceil(seats / BARE_ROW_SEATS) }, (_, row) => {
    const count = Math.min(BARE_ROW_SEATS, seats - row * BARE_ROW_SEATS);
    const label = String.fromCharCode(65 + row);
    const buttons = Array.from({ length: count }, (_, seat) => `<span><button type="button" data-seat="${label}-${seat + 1}" aria-pressed="false" aria-disabled="false">${seat + 1}</button></span>`).join('');
    return `<div>${buttons}</div>`;
  }).join('');
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bare seats</title>
<style>body{margin:0;font:12px sans-serif}main{overflow-x:auto;padding:160px 8px}div{display:flex;width:max-content;margin:0 auto}span{display:flex;width:35px;justify-content:center;padding:2px 0}
button{width:30px;height:30px;border:2px solid #2a9d55;border-radius:8px 8px 2px 2px;background:#1e1e24;color:#eee;font-size:11px}button[aria-pressed=true]{background:#e5383b;border-color:#e5383b;color:#fff}</style></head>
<body data-purchase-ready><main role="grid">${rows}</main><script>document.querySelector('main').addEventListener('click',(event)=>{const seat=event.target.closest('button');if(seat)seat.setAttribute('aria-pressed',String(seat.getAttribute('aria-pressed')!=='true'))})</script></body></html>`;
}
/** BENCH_CLICK_BARE=0 leaves the bare page out. */
const CLICK_BARE = process.env.BENCH_CLICK_BARE !== '0';

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
  readonly handlerTimes: number[] = [];
  readonly firstPhases: ClickPhases[] = [];
  readonly otherPhases: ClickPhases[] = [];

  timings(): ClickTimings {
    return { loads: this.loads, handlersP50: median(this.handlerTimes, 'lower') ?? null, phases: { first: medianPhases(this.firstPhases), others: medianPhases(this.otherPhases) } };
  }
}

/**
 * Opens the purchase page fresh, BENCH_CLICK_LOADS times, and on each clicks seats at 4× CPU
 * throttling as a person picks and drops them; reads how long each click took to its next paint
 * (Chromium's event timing). The first click of a page is the one that meets cold code, so every
 * load counts one. The bare page (CLICK_BARE) is loaded and clicked the same way after each
 * load of the purchase page, so both meet the same moment of this shared machine.
 */
async function seatClickTimings(subjects: { purchase: ClickSubject; bare: ClickSubject | null }, device: ClickDevice): Promise<{ purchase: ClickTimings; bare: ClickTimings | null }> {
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

async function clickOneLoad(browser: Browser, subject: ClickSubject, device: ClickDevice, load: number, tracing: boolean, record: ClickRecord): Promise<void> {
  const context = await browser.newContext({ ...CLICK_DEVICES[device], locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    if (subject.cookie) {
      const [name, ...value] = subject.cookie.value.split('=');
      await context.addCookies([{ name: name ?? '', value: value.join('='), url: subject.cookie.base }]);
    }
    const html = subject.html;
    if (html !== undefined) await context.route(subject.url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    const page = await context.newPage();
    await page.goto(subject.url);
    // Polled with page.evaluate, not page.waitForFunction: that one brings Playwright's injected
    // script into the page, whose capture listeners on window then run in every tap and click.
    await page.evaluate(async () => {
      while (document.querySelector('[data-purchase-ready]') === null) await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluate(() => {
      const store: BenchEvent[] = [];
      (window as unknown as { benchEvents: BenchEvent[] }).benchEvents = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          // Events outside the interaction count too (a tap's touchend and mousedown have no interactionId).
          store.push({ name: entry.name, interaction: entry.interactionId > 0, startTime: entry.startTime, duration: entry.duration, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    });
    if (process.env.BENCH_PREP_JS && html === undefined) await page.evaluate(process.env.BENCH_PREP_JS);
    // Seats fully in view and not under the sticky bar, clicked by position: nothing of the
    // benchmark (scrolling, Playwright's actionability checks, the listeners of its injected
    // script, which locators bring) runs between a click and its paint; only page.evaluate.
    await page.evaluate(() => document.querySelector('[role="grid"]')?.scrollIntoView({ block: 'center', inline: 'center' }));
    // A person looks before they click: the page has finished loading (network quiet, the main
    // thread idle) when the first click comes. Lighthouse measures the load itself.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
    const targets = await page.evaluate((count) => {
      const free = [...document.querySelectorAll<HTMLButtonElement>('button[data-seat][aria-pressed="false"][aria-disabled="false"]')];
      const clickable = free.flatMap((button) => {
        const box = button.getBoundingClientRect();
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        return document.elementFromPoint(x, y)?.closest('button') === button && box.top >= 0 && box.bottom <= innerHeight - 120 ? [{ id: button.dataset.seat ?? '', x, y }] : [];
      });
      const spacing = Math.max(1, Math.floor(clickable.length / count));
      return clickable.filter((_, index) => index % spacing === 0).slice(0, count);
    }, SEATS_PER_LOAD * (load + 1));
    if (targets.length === 0) throw new Error(`no free seat in view on ${subject.url}`);
    const offset = SEATS_PER_LOAD * load;
    const order = Array.from({ length: CLICKS_PER_LOAD }, (_, click) => {
      const round = Math.floor(click / (GROUP * 2));
      const inRound = click % (GROUP * 2);
      return { index: (offset + round * GROUP + (inRound % GROUP)) % targets.length, pick: inRound < GROUP };
    });
    if (tracing) await browser.startTracing(page, { path: TRACE_PATH ?? undefined, categories: TRACE_CATEGORIES });
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
      const recorded = await page.evaluate(() => (window as unknown as { benchEvents: BenchEvent[] }).benchEvents.splice(0));
      const events = recorded.filter((event) => event.interaction);
      durations.push(events.length === 0 ? null : Math.max(...events.map((event) => event.duration)));
      if (events.length > 0) {
        record.handlerTimes.push(events.reduce((sum, event) => sum + event.processingEnd - event.processingStart, 0));
        (durations.length === 1 ? record.firstPhases : record.otherPhases).push(clickPhases(events));
      }
    }
    if (tracing) await browser.stopTracing();
    record.loads.push(durations);
  } finally {
    await context.close();
  }
}

/**
 * A page's INP is its worst interaction when it has fewer than 50, and Core Web Vitals judge INP
 * at the 75th percentile of page loads: this is that figure for the clicks of the benchmark.
 */
function worstClickP75(timings: ClickTimings): number {
  return percentile(timings.loads.map((load) => Math.max(0, ...load.map((duration) => duration ?? 0))), 0.75) ?? 0;
}

function printClickTimings(device: ClickDevice, { purchase, bare }: { purchase: ClickTimings; bare: ClickTimings | null }): void {
  const shown = (ms: number): string => (ms < 16 ? '< 16 ms' : `${ms.toFixed(0)} ms`);
  const p50 = (durations: Array<number | null>): number => median(durations.map((duration) => duration ?? 0), 'lower') ?? 0;
  const summary = (durations: Array<number | null>): string => `p50 ${shown(p50(durations))}, max ${shown(Math.max(0, ...durations.map((duration) => duration ?? 0)))}`;
  const clicks = (timings: ClickTimings): string => {
    const all = timings.loads.flat();
    return (
      `every click ${summary(all)}; the first click of a page ${summary(timings.loads.map((load) => load[0] ?? null))}; ` +
      `a page's worst click p75 ${shown(worstClickP75(timings))} ` +
      `(${all.filter((duration) => (duration ?? 0) <= CLICK_BUDGET_MS).length} of ${all.length} within ${CLICK_BUDGET_MS} ms, ${all.filter((duration) => duration === null).length} under 16 ms; event handlers p50 ${timings.handlersP50 === null ? '-' : `${timings.handlersP50.toFixed(1)} ms`})`
    );
  };
  const phases = (timings: ClickTimings): string => {
    const line = (label: string, median: PhaseMedians | null) =>
      median === null ? '' : `${label} (${median.events}): input delay ${median.inputDelay.toFixed(1)}, handler ${median.handler.toFixed(1)}, then to paint ${median.toPaint.toFixed(0)}`;
    return [line('first clicks', timings.phases.first), line('the others', timings.phases.others)].filter(Boolean).join('; ');
  };
  const all = purchase.loads.flat();
  const max = Math.max(0, ...all.map((duration) => duration ?? 0));
  console.log(
    `seat ${device === 'phone' ? 'tap' : 'click'} to next paint, ${device}, ${CPU_SLOWDOWN}× CPU, ${purchase.loads.length} page loads × ${purchase.loads[0]?.length ?? 0} clicks: ` +
      `${clicks(purchase)}  budget ≤ ${CLICK_BUDGET_MS} ms: every click ${max <= CLICK_BUDGET_MS ? 'ok' : 'OVER'}, a page's worst at p75 ${worstClickP75(purchase) <= CLICK_BUDGET_MS ? 'ok' : 'OVER'}`,
  );
  console.log(`  where the longest event's time went (medians, ms) ${phases(purchase)}`);
  for (const [load, durations] of purchase.loads.entries()) {
    console.log(`  load ${load + 1}, per click (ms, in order): ${durations.map((duration) => (duration === null ? '<16' : duration.toFixed(0))).join(' ')}`);
  }
  if (bare === null) return;
  const bareAll = bare.loads.flat();
  console.log(`  the bare page's floor (as many plain buttons, no framework; a load after each of the above): ${clicks(bare)}`);
  console.log(`    where its longest event's time went (medians, ms) ${phases(bare)}`);
  console.log(`    what the purchase page adds over it: every click p50 +${(p50(all) - p50(bareAll)).toFixed(0)} ms, the first click p50 +${(p50(purchase.loads.map((load) => load[0] ?? null)) - p50(bare.loads.map((load) => load[0] ?? null))).toFixed(0)} ms`);
}

// --- Main ------------------------------------------------------------------------------------

async function firstSlug(base: string, apiPath: string, list: 'movies' | 'rooms'): Promise<string> {
  const body = (await (await fetch(`${base}${apiPath}`)).json()) as Record<string, Array<{ slug: string }>>;
  const slug = body[list]?.[0]?.slug;
  if (!slug) throw new Error(`${apiPath} listed no ${list}`);
  return slug;
}

if (!process.argv.includes('--no-build')) {
  console.log('[bench] building the site (astro build)…');
  await runToEnd([path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build']);
}

const port = await sparePort();
const ports = { PORT: port, SITE_PORT: await sparePort(), SANDBOX_PORT: await sparePort(), BFF_PORT: await sparePort() };
const base = `http://localhost:${port}`;
const stack = spawn(process.execPath, ['docker/run-local.ts'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)])), SANDBOX_DB: ':memory:', LOG_LEVEL: 'warn' },
});

let failed = false;
try {
  await waitFor(`${base}/bff/health`);
  const movie = await firstSlug(base, '/bff/catalogue/movies', 'movies');
  const room = await firstSlug(base, '/bff/catalogue/rooms', 'rooms');
  const cookie = await logIn(base);
  const purchase = await largestRoomPurchasePath(`http://127.0.0.1:${ports.SANDBOX_PORT}`);
  const all: PageCase[] = [
    { path: '/', kind: 'content' },
    { path: '/cartelera', kind: 'content' },
    { path: '/proximos-estrenos', kind: 'content' },
    { path: '/salas', kind: 'content' },
    { path: `/sala/${room}`, kind: 'content' },
    { path: '/confiteria', kind: 'content' },
    { path: '/club-vizionarios', kind: 'content' },
    { path: '/corporativo', kind: 'content' },
    { path: `/viziona/pelicula/${movie}`, kind: 'content' },
    { path: '/pagina/terminos-y-condiciones-club-vizionarios', kind: 'content' },
    { path: '/pagina/terminos-y-condiciones', kind: 'content' },
    { path: '/contactanos', kind: 'form' },
    { path: '/linea-etica', kind: 'form' },
    { path: '/iniciar-sesion', kind: 'form' },
    { path: '/registrarme', kind: 'form' },
    { path: routes.resetPassword('bench-code'), kind: 'form' },
    { path: '/mi-perfil', kind: 'form', loggedIn: true },
    { path: purchase.path, kind: 'purchase', loggedIn: true },
  ];
  const only = process.env.BENCH_PAGES?.split(',').map((item) => item.trim()).filter(Boolean);
  const pages = only ? all.filter((page) => only.includes(page.path) || only.includes(page.kind)) : all;
  const cookieOf = (page: PageCase): string | undefined => (page.loggedIn ? cookie : undefined);

  // Warm the BFF's catalogue cache and the site, as a visited site would be.
  for (const page of pages) {
    const cookieHeader = cookieOf(page);
    await fetch(`${base}${page.path}`, { headers: cookieHeader ? { cookie: cookieHeader } : {} });
  }

  const chrome = await startChrome();
  console.log(`\n[bench] ${base}, Lighthouse mobile, median of ${RUNS} run(s); the purchase page: ${purchase.room} (${purchase.seats} seats)\n`);
  console.log(`${'page'.padEnd(52)} ${'kind'.padEnd(8)} ${'JS gzip'.padStart(9)} ${'files'.padStart(5)} ${'perf'.padStart(5)}  budget`);
  try {
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const cookieHeader = cookieOf(page);
      const status = (await fetch(url, { redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} })).status;
      if (status !== 200) {
        console.log(`${page.path.padEnd(52)} answered ${status}, skipped`);
        continue;
      }
      const budget = BUDGETS[page.kind];
      const js = await javascriptOf(url, cookieHeader);
      const score = await performanceScore(url, chrome.port, cookieHeader);
      const kb = js.gzipBytes / 1024;
      const jsOk = kb <= budget.jsKb;
      const scoreOk = score === null || score >= budget.score;
      const verdict = `js ≤ ${budget.jsKb} KB ${jsOk ? 'ok' : 'OVER'}, perf ≥ ${budget.score} ${score === null ? (RUNS === 0 ? 'not run' : 'no score') : scoreOk ? 'ok' : 'UNDER'}`;
      const label = page.kind === 'purchase' ? '(purchase page, logged in)' : page.path;
      console.log(`${label.padEnd(52)} ${page.kind.padEnd(8)} ${`${kb.toFixed(1)} KB`.padStart(9)} ${String(js.files).padStart(5)} ${String(score ?? '-').padStart(5)}  ${verdict}`);
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
  console.log(
    `\nBudgets (printed, not asserted): ${(Object.entries(BUDGETS) as Array<[PageKind, { jsKb: number; score: number }]>)
      .map(([kind, budget]) => `${kind} pages ≤ ${budget.jsKb} KB gzipped JavaScript and Lighthouse ≥ ${budget.score}`)
      .join('; ')}; a seat click ≤ ${CLICK_BUDGET_MS} ms at ${CPU_SLOWDOWN}× CPU.`,
  );
  const benchmarkIndex = median(benchmarkIndexes);
  if (benchmarkIndex !== undefined) {
    console.log(
      `This machine's Lighthouse benchmarkIndex: ${benchmarkIndex.toFixed(0)} (median of ${benchmarkIndexes.length}), so ${CPU_SLOWDOWN}× CPU here is about ${(benchmarkIndex / CPU_SLOWDOWN).toFixed(0)} ` +
        '(Chrome DevTools calibrates a mid-tier phone, a Pixel 5, at 1000 and a low-tier one at 264).',
    );
  }
} catch (error) {
  failed = true;
  console.error(`[bench] ${(error as Error).message}`);
} finally {
  await stopGroup(stack);
}
process.exit(failed ? 1 : 0);
