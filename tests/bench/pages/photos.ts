import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import sharp from 'sharp';
import { isResizable } from '#site/lib/image-url.ts';
import { median } from '../statistics.ts';
import { CHROME_PATH } from './stack.ts';

/**
 * Largest contentful paint and image bytes before load, on photos, for a phone (issue 31):
 * 390 × 844 at DPR 2, 150 ms round trips, 1.6 Mbps down and 750 kbps up, 4× CPU (Chromium's
 * own network and CPU emulation). Each page is loaded three ways side by side, through three
 * small proxies in front of the same stack, in turns within each run:
 *   - `originals`: every photo as the cinema API serves it (`<img src>` of the original URL:
 *     the site before the image path);
 *   - `ours`: the page as the site serves it (`<picture>`, `/_image`);
 *   - `ideal`: every photo at exactly its displayed size × DPR, AVIF at our encoder settings
 *     (quality 50, effort 3), served by the proxy from memory.
 * The proxies ask the stack for plain answers and gzip text themselves, the same for all three.
 * A first unthrottled load of `ours` (which also warms the edge's copies, as visitors would)
 * reads each image's displayed box. A fresh browser context per load: nothing in the browser's
 * cache. Bytes are the encoded bodies of image requests finished before the load event.
 */

export const PHOTO_RUNS = Math.max(1, Number(process.env.BENCH_PHOTO_RUNS ?? 3));

interface PhotoDevice {
  viewport: { width: number; height: number };
  screen?: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  userAgent?: string;
}

const PHONE: PhotoDevice = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** The laptop of the seat click (1280 × 800), at DPR 1 as the usual Windows laptop shows. */
const DESKTOP: PhotoDevice = {
  viewport: { width: 1280, height: 800 },
  screen: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};
export const PHOTO_DEVICES = { phone: PHONE, desktop: DESKTOP } as const;
export type PhotoDeviceName = keyof typeof PHOTO_DEVICES;
/** BENCH_PHOTO_DEVICES (default `phone,desktop`): the devices the photo figures are taken on. */
export const PHOTO_DEVICE_NAMES = (process.env.BENCH_PHOTO_DEVICES ?? 'phone,desktop')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is PhotoDeviceName => name in PHOTO_DEVICES);
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** After the load event, how long the page may still paint a larger element. */
const SETTLE_MS = 1_500;

export type Variant = 'originals' | 'ours' | 'ideal';
export const VARIANTS: Variant[] = ['originals', 'ours', 'ideal'];

export interface PhotoFigures {
  lcpMs: Record<Variant, number | null>;
  imageBytes: Record<Variant, number | null>;
  /**
   * The photos ours loaded before load, each against its own ideal copy, bodies only (no
   * headers): what the width and format chosen cost, whatever the other variants' lazy photos
   * happened to finish before their load event. Null when ours loaded no photo.
   */
  samePhotos: { ours: number; ideal: number; photos: number; offFirstScreen: number } | null;
}

interface ShownImage {
  original: string | null;
  width: number;
  height: number;
  /** Its top edge from the page's top, in CSS pixels, as first drawn. */
  top: number;
}

/** The original URL a piece of image markup shows (the `src` of `/_image`, or the `src` itself). */
function originalOf(tag: string): string | null {
  const src = /\ssrc="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&');
  if (!src) return null;
  if (src.startsWith('/_image?')) return new URLSearchParams(src.split('?')[1]).get('src');
  return isResizable(src) ? src : null;
}

/** Each `<picture>…</picture>` or lone `<img>` of a page, in document order. */
const IMAGE_MARKUP = /<picture\b[^>]*>[\s\S]*?<\/picture>|<img\b[^>]*>/g;

function rewrite(html: string, replace: (tag: string, index: number) => string): string {
  let index = 0;
  return html.replace(IMAGE_MARKUP, (markup) => {
    const img = /<img\b[^>]*>/.exec(markup)?.[0] ?? markup;
    return replace(img, index++) ?? markup;
  });
}

/** The `<img>` alone, its candidates dropped and its `src` set. */
function plainImg(img: string, src: string): string {
  return img
    .replace(/\ssrcset="[^"]*"/, '')
    .replace(/\ssizes="[^"]*"/, '')
    .replace(/\ssrc="[^"]*"/, ` src="${src.replaceAll('&', '&amp;')}"`);
}

/** A proxy in front of the stack that serves a variant of every page. */
async function variantProxy(
  base: string,
  variant: Variant,
  shown: Map<string, ShownImage[]>,
  ideals: Map<string, Buffer>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    const ideal = ideals.get(path);
    if (ideal) {
      res.writeHead(200, { 'content-type': 'image/avif', 'cache-control': 'public, max-age=31536000, immutable' });
      return void res.end(ideal);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding') headers.set(name, value);
    const answer = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    const type = answer.headers.get('content-type') ?? '';
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
    });
    let body = Buffer.from(await answer.arrayBuffer());
    const images = shown.get(path.split('#')[0]!);
    if (type.startsWith('text/html') && variant !== 'ours') {
      const html = rewrite(body.toString(), (img, index) => {
        const original = originalOf(img);
        if (original === null) return img;
        if (variant === 'originals') return plainImg(img, original);
        const box = images?.[index];
        if (!box || box.original !== original || box.width === 0) return img;
        return plainImg(img, idealPath(path, index));
      });
      body = Buffer.from(html);
    }
    // Compressed here, for every variant alike, as the edge compresses what it passes on.
    if (
      /^(text\/|application\/(javascript|json)|image\/svg)/.test(type) &&
      body.length >= 1024 &&
      /gzip/.test(String(req.headers['accept-encoding']))
    ) {
      body = gzipSync(body, { level: 6 });
      out['content-encoding'] = 'gzip';
    }
    res.writeHead(answer.status, { ...out, 'content-length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const idealPath = (page: string, index: number): string =>
  `/__ideal/${encodeURIComponent(page.split('?')[0]!)}/${index}.avif`;

/** Lighthouse's mobile emulation. */
const LIGHTHOUSE_PHONE: PhotoDevice = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

async function newContext(
  browser: Browser,
  origin: string,
  cookie: string | undefined,
  device: PhotoDevice = PHONE,
): Promise<BrowserContext> {
  // A first visit (the club popup opens on the home page); carousels stay where the server put them.
  const context = await browser.newContext({ ...device, reducedMotion: 'reduce', locale: 'es-CO' });
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
  }
  return context;
}

/**
 * One throttled load: LCP, the image bytes finished before the load event, and the edge's cache
 * outcome (`X-Cache-Status`) of every resized photo the page asked for.
 */
export async function measure(browser: Browser, url: string, cookie: string | undefined, device: PhotoDevice = PHONE) {
  const context = await newContext(browser, new URL(url).origin, cookie, device);
  const page = await context.newPage();
  const photoCacheStatuses: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/_image')
      photoCacheStatuses.push(response.headers()['x-cache-status'] ?? '');
  });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  /** Each image request: its URL and its body's length as the server announced it. */
  const images = new Map<string, { url: string; bodyBytes: number | null }>();
  const finished: Array<{ id: string; at: number; bytes: number }> = [];
  let loadAt = Number.POSITIVE_INFINITY;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Image') {
      const length = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-length');
      images.set(event.requestId, { url: event.response.url, bodyBytes: length ? Number(length[1]) : null });
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (images.has(event.requestId))
      finished.push({ id: event.requestId, at: event.timestamp, bytes: event.encodedDataLength });
  });
  cdp.on('Page.loadEventFired', (event) => {
    loadAt = Math.min(loadAt, event.timestamp);
  });
  await cdp.send('Page.enable');
  await page.addInitScript(() => {
    const win = window as unknown as { __lcp: number };
    win.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) win.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
  await page.waitForTimeout(SETTLE_MS);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await context.close();
  const beforeLoad = finished.filter((entry) => entry.at <= loadAt);
  const bytes = beforeLoad.reduce((sum, entry) => sum + entry.bytes, 0);
  const imageLoads = beforeLoad.map((entry) => {
    const image = images.get(entry.id)!;
    return { url: image.url, bodyBytes: image.bodyBytes ?? entry.bytes };
  });
  return { lcp, bytes, photoCacheStatuses, imageLoads };
}

/** The boxes every image is shown in on the device, unthrottled (and the edge warmed for what loads). */
async function shownImages(
  browser: Browser,
  url: string,
  cookie: string | undefined,
  device: PhotoDevice,
): Promise<ShownImage[]> {
  const context = await newContext(browser, new URL(url).origin, cookie, device);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
  await page.waitForTimeout(500);
  const boxes = await page.evaluate(() =>
    [...document.images].map((img) => {
      const box = img.getBoundingClientRect();
      const src = img.getAttribute('src') ?? '';
      const original = src.startsWith('/_image?') ? new URLSearchParams(src.split('?')[1]).get('src') : src;
      return { original, width: box.width, height: box.height, top: box.top + window.scrollY };
    }),
  );
  await context.close();
  return boxes.map((box) => ({ ...box, original: box.original && isResizable(box.original) ? box.original : null }));
}

/** Each shown photo at exactly its box × DPR, covering it as the page's `object-cover` does. */
async function idealImages(
  page: string,
  boxes: ShownImage[],
  into: Map<string, Buffer>,
  deviceScaleFactor: number,
): Promise<void> {
  const originals = new Map<string, Buffer>();
  for (const [index, box] of boxes.entries()) {
    if (box.original === null || box.width === 0 || box.height === 0) continue;
    let original = originals.get(box.original);
    if (!original) {
      original = Buffer.from(await (await fetch(box.original)).arrayBuffer());
      originals.set(box.original, original);
    }
    const width = Math.round(box.width * deviceScaleFactor);
    const height = Math.round(box.height * deviceScaleFactor);
    into.set(
      idealPath(page, index),
      await sharp(original).resize(width, height, { fit: 'cover' }).avif({ quality: 50, effort: 3 }).toBuffer(),
    );
  }
}

/**
 * Loads every page once as Lighthouse's mobile emulation sees it (412 × 823, DPR 1.75), so the
 * edge holds the widths it will ask for: a site in service has them from earlier visitors, and
 * a cold resize (AVIF at effort 3: a second or more of a busy core) is not what the score is about.
 */
export async function warmImagesForLighthouse(
  base: string,
  pages: Array<{ path: string; cookie: string | undefined }>,
): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const { path, cookie } of pages) {
      const context = await newContext(browser, base, cookie, LIGHTHOUSE_PHONE);
      const page = await context.newPage();
      await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 300_000 }).catch(() => undefined);
      // Every lazy photo too, at the width this layout asks for: Lighthouse's Chromium fetches
      // the ones near the screen (the carousels' next slides) and autoplay brings in the rest;
      // a cold resize among them kept its trace busy for 20 s and more (tests/bench/README.md).
      await page.evaluate(() => {
        for (const image of document.querySelectorAll('img[loading="lazy"]')) image.setAttribute('loading', 'eager');
      });
      await page.waitForLoadState('networkidle', { timeout: 300_000 }).catch(() => undefined);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Each photo ours loaded against the ideal copy of the box it fills: the box of that photo
 * whose size × DPR is nearest the width asked (one poster may be shown at two sizes).
 */
function samePhotosOf(
  loads: Array<{ url: string; bodyBytes: number }>,
  page: string,
  boxes: ShownImage[],
  ideals: Map<string, Buffer>,
  device: PhotoDevice,
): PhotoFigures['samePhotos'] {
  let ours = 0;
  let ideal = 0;
  let photos = 0;
  let offFirstScreen = 0;
  for (const load of loads) {
    const url = new URL(load.url);
    if (url.pathname !== '/_image') continue;
    const original = url.searchParams.get('src');
    const width = Number(url.searchParams.get('w'));
    const nearest = boxes
      .map((box, index) => ({ box, ideal: ideals.get(idealPath(page, index)) }))
      .filter(({ box, ideal }) => box.original === original && ideal !== undefined)
      .sort(
        (a, b) =>
          Math.abs(a.box.width * device.deviceScaleFactor - width) -
          Math.abs(b.box.width * device.deviceScaleFactor - width),
      )[0];
    if (!nearest) continue;
    ours += load.bodyBytes;
    ideal += nearest.ideal!.length;
    photos += 1;
    if (nearest.box.top >= device.viewport.height) offFirstScreen += 1;
  }
  return photos === 0 ? null : { ours, ideal, photos, offFirstScreen };
}

/** The figures of every page on one device: medians of PHOTO_RUNS throttled loads per variant, in turns. */
export async function photoFigures(
  base: string,
  pages: Array<{ path: string; cookie: string | undefined }>,
  deviceName: PhotoDeviceName = 'phone',
): Promise<Map<string, PhotoFigures>> {
  const device = PHOTO_DEVICES[deviceName];
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const shown = new Map<string, ShownImage[]>();
  const ideals = new Map<string, Buffer>();
  const proxies = new Map<Variant, Awaited<ReturnType<typeof variantProxy>>>();
  const results = new Map<string, PhotoFigures>();
  try {
    for (const variant of VARIANTS) proxies.set(variant, await variantProxy(base, variant, shown, ideals));
    for (const { path, cookie } of pages) {
      const boxes = await shownImages(browser, `${proxies.get('ours')!.url}${path}`, cookie, device);
      shown.set(path, boxes);
      await idealImages(path, boxes, ideals, device.deviceScaleFactor);
      // The originals' host and the ideal copies, once, unthrottled: no variant meets a cold server.
      await shownImages(browser, `${proxies.get('originals')!.url}${path}`, cookie, device);
      const samples = Object.fromEntries(
        VARIANTS.map((variant) => [variant, { lcp: [] as number[], bytes: [] as number[] }]),
      );
      let samePhotos: PhotoFigures['samePhotos'] = null;
      for (let run = 0; run < PHOTO_RUNS; run += 1) {
        for (const variant of VARIANTS) {
          const figures = await measure(browser, `${proxies.get(variant)!.url}${path}`, cookie, device).catch(
            (error: unknown) => {
              console.log(`[bench] ${variant} ${path}: ${(error as Error).message.split('\n')[0]}`);
              return null;
            },
          );
          if (figures === null) continue;
          samples[variant]!.lcp.push(figures.lcp);
          samples[variant]!.bytes.push(figures.bytes);
          if (variant === 'ours') samePhotos = samePhotosOf(figures.imageLoads, path, boxes, ideals, device);
        }
      }
      results.set(path, {
        lcpMs: Object.fromEntries(
          VARIANTS.map((variant) => [variant, median(samples[variant]!.lcp) ?? null]),
        ) as Record<Variant, number | null>,
        imageBytes: Object.fromEntries(
          VARIANTS.map((variant) => [variant, median(samples[variant]!.bytes) ?? null]),
        ) as Record<Variant, number | null>,
        samePhotos,
      });
    }
  } finally {
    await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
    await browser.close();
  }
  return results;
}
