/**
 * Photos made before anybody asks (issue 40): when the site renders a public page, the resized
 * photos its visitors' screens will ask for (`image-warmup.ts`) are asked of the edge, one at a
 * time, so the edge keeps them before the first visitor comes; a catalogue change reaches the
 * pages within their `s-maxage`, and its new photos with them. The edge is `IMAGE_WARM_URL`
 * (nginx's internal port, the local front door): every address its host name resolves to, so
 * each edge replica keeps its own copy. A photo kept is not asked again for an hour. The site
 * makes a warm-up only in an idle moment (503 otherwise: the warmer waits and asks again), so a
 * person's photo never waits behind one.
 * Server code only.
 */
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import { isIP } from 'node:net';
import { imagesToWarm, WARM_UP_ID_PREFIX, type PhotoToWarm } from './image-warmup.ts';
import { serverEnv } from './server-env.ts';
import { logServerInfo } from './server-log.ts';

export interface ImageWarmerOptions {
  /** Where the edge answers `/_image` for the site (no trailing slash). */
  edgeUrl: string;
  /** One line when a page's photos are all asked: how many, how many the edge now keeps. */
  log: (event: string, details: Record<string, string | number>) => void;
  /** How long a photo the edge kept is not asked again. */
  rememberMs?: number;
  /** Photos waiting their turn at most; past that a page's new photos wait for its next render. */
  maxWaiting?: number;
  /** How long one photo may take (a cold resize waits in the site's line). */
  timeoutMs?: number;
  /** How long to wait when the site is busy with people's photos, and how many times. */
  busyPauseMs?: number;
  busyRetries?: number;
}

const REMEMBER_MS = 60 * 60_000;
const MAX_WAITING = 2_000;
const TIMEOUT_MS = 60_000;
/** The edge's addresses are looked up again after this long (replicas come and go). */
const ADDRESSES_MS = 30_000;
/** Kept photos remembered at most; the oldest are forgotten first (and asked again if rendered). */
const MAX_REMEMBERED = 20_000;

export function createImageWarmer({
  edgeUrl,
  log,
  rememberMs = REMEMBER_MS,
  maxWaiting = MAX_WAITING,
  timeoutMs = TIMEOUT_MS,
  busyPauseMs = 2_000,
  busyRetries = 60,
}: ImageWarmerOptions) {
  const edge = new URL(edgeUrl);
  const port = Number(edge.port || 80);
  const kept = new Map<string, number>();
  const ahead = new Map<string, Promise<boolean>>();
  /** Two lanes: every page's first-screen photos go before any page's others. */
  const lanes: Record<'first' | 'rest', Array<{ url: string; done: (kept: boolean) => void }>> = {
    first: [],
    rest: [],
  };
  let working = false;
  let addresses: { at: number; list: string[] } | null = null;

  async function edgeAddresses(): Promise<string[]> {
    if (isIP(edge.hostname) !== 0) return [edge.hostname];
    if (addresses && performance.now() - addresses.at < ADDRESSES_MS) return addresses.list;
    const list = (await lookup(edge.hostname, { all: true })).map((entry) => entry.address);
    addresses = { at: performance.now(), list };
    return list;
  }

  /** One photo asked of one edge replica: its status (200: made now, or kept already; 503: the site is busy). */
  function askOnce(address: string, url: string): Promise<number> {
    return new Promise((resolve) => {
      const request = http.get(
        {
          host: address,
          port,
          path: url,
          headers: { host: edge.host, accept: 'image/avif', 'x-request-id': `${WARM_UP_ID_PREFIX}${randomUUID()}` },
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', () => resolve(0));
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(0));
    });
  }

  /** Asked until the site has an idle moment for it (it answers a warm-up 503 while people's photos wait). */
  async function ask(address: string, url: string): Promise<boolean> {
    for (let attempt = 0; attempt < busyRetries; attempt += 1) {
      const status = await askOnce(address, url);
      if (status !== 503) return status === 200;
      await new Promise((resolve) => setTimeout(resolve, busyPauseMs));
    }
    return false;
  }

  async function warmOne(url: string): Promise<boolean> {
    let every = true;
    try {
      for (const address of await edgeAddresses()) every = (await ask(address, url)) && every;
    } catch {
      every = false;
    }
    if (every) {
      kept.delete(url);
      kept.set(url, performance.now());
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_REMEMBERED) break;
        kept.delete(oldest);
      }
    }
    return every;
  }

  /** One photo at a time, the first screens' lane first. */
  async function work(): Promise<void> {
    if (working) return;
    working = true;
    try {
      for (let next = lanes.first.shift() ?? lanes.rest.shift(); next; next = lanes.first.shift() ?? lanes.rest.shift())
        next.done(await warmOne(next.url));
    } finally {
      working = false;
    }
  }

  function warm({ url, firstScreen }: PhotoToWarm): Promise<boolean> {
    const keptAt = kept.get(url);
    if (keptAt !== undefined && performance.now() - keptAt < rememberMs) return Promise.resolve(true);
    const waiting = ahead.get(url);
    if (waiting) return waiting;
    if (ahead.size >= maxWaiting) return Promise.resolve(false);
    const done = new Promise<boolean>((resolve) =>
      lanes[firstScreen ? 'first' : 'rest'].push({ url, done: resolve }),
    ).finally(() => ahead.delete(url));
    ahead.set(url, done);
    void work();
    return done;
  }

  return {
    /** Has the edge make the photos `html` (a page just rendered) will be asked for; returns when all were asked. */
    async warmPage(page: string, html: string): Promise<void> {
      const photos = imagesToWarm(html);
      const fresh = photos.filter(({ url }) => {
        const keptAt = kept.get(url);
        return keptAt === undefined || performance.now() - keptAt >= rememberMs;
      });
      if (fresh.length === 0) return;
      const outcomes = await Promise.all(photos.map(warm));
      log('page images warmed', {
        page,
        images: photos.length,
        asked: fresh.length,
        kept: outcomes.filter(Boolean).length,
      });
    },
  };
}

export type ImageWarmer = ReturnType<typeof createImageWarmer>;

let warmer: ImageWarmer | null | undefined;

/** The site's own warmer (`IMAGE_WARM_URL`; without it, nothing is warmed): a public page just rendered. */
export function warmPageImages(page: string, body: Uint8Array): void {
  warmer ??= serverEnv.imageWarmUrl ? createImageWarmer({ edgeUrl: serverEnv.imageWarmUrl, log: logServerInfo }) : null;
  if (warmer) void warmer.warmPage(page, new TextDecoder().decode(body));
}
