/**
 * The service worker (`/sw.js`, bundled by integrations/service-worker.ts): "my ticket without
 * signal". Online it passes every request on as the browser would have sent it, so the edge's
 * caching, ETags and 304s work as without it; it keeps a copy of each ticket page a customer
 * opens (with what the page loaded), and when the network fails it answers a ticket page from
 * its copy and any other page with the offline page. It never answers, nor keeps, anything
 * under /bff/. Rules and reasons: site/README.md ("My ticket without signal").
 */
import {
  CACHE_PREFIX,
  isBffPath,
  isBuildAsset,
  isKeepTicketMessage,
  isOwnerMessage,
  isTicketPath,
  KEPT_TICKETS_SLOT,
  OFFLINE_PAGE_PATH,
  SHELL_CACHE_PREFIX,
  SHELL_FILES,
  TICKETS_CACHE,
  withOfflineGate,
  type KeepTicketMessage,
  type KeepTicketReply,
} from '../lib/offline-copies.ts';
import { IMAGE_ENDPOINT } from '../lib/image-url.ts';
import { keptTickets, keptTicketsHtml } from './kept-tickets.ts';
import { preloadsNavigations } from './navigation-preload.ts';
import { currentOwner, ownedCopy, isOwnedBy, ownerReported } from './offline-owner.ts';

declare const self: ServiceWorkerGlobalScope;
/** The build's digest, written in by the bundler: a new release is a new worker and a new shell cache. */
declare const SERVICE_WORKER_BUILD: string;

const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${SERVICE_WORKER_BUILD}`;
const PRELOADS = preloadsNavigations(self.navigator.userAgent);
/** A kept ticket is shown if the network has not answered by then (a lobby's weak signal). */
const SLOW_NETWORK_MS = 4_000;

const sameOrigin = (url: URL): boolean => url.origin === self.location.origin;
/** A ticket page's copy is stored under its address without query or fragment. */
const ticketKey = (url: URL): string => `${url.origin}${url.pathname}`;

/** A ticket page worth keeping: our own HTML, rendered for this person, not a redirect or an error. */
function isKeepableTicket(response: Response, url: URL): boolean {
  if (!response.ok || response.type !== 'basic' || response.redirected) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  const final = response.url ? new URL(response.url) : url;
  return sameOrigin(final) && isTicketPath(final.pathname);
}

// ---- install and activate ----------------------------------------------------------------

/** The offline page, the stylesheets it links and the small files every page asks for, fetched fresh for this release. */
async function keepShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const page = await fetch(OFFLINE_PAGE_PATH, { cache: 'no-cache', credentials: 'omit' });
  if (!page.ok) throw new Error(`offline page answered ${page.status}`);
  const html = await page.clone().text();
  const stylesheets = [...html.matchAll(/<link[^>]+href="(\/_astro\/[^"]+\.css)"/g)].map((match) => match[1]!);
  await cache.addAll([...stylesheets, ...SHELL_FILES]);
  await cache.put(OFFLINE_PAGE_PATH, page);
}

/** The static routing API (Chromium 123+): routes the browser follows without starting the worker. */
interface StaticRouting {
  addRoutes(rules: Array<{ condition: { urlPattern: string }; source: 'network' }>): Promise<void>;
}

self.addEventListener('install', (event) => {
  // The BFF's answers go straight to the network, without even waking the worker: a purchase
  // page's keepalive release sent while it unloads must not wait on a worker (the fetch
  // handler below leaves them alone too, for browsers without static routes).
  const routing = event as ExtendableEvent & Partial<StaticRouting>;
  if (routing.addRoutes)
    event.waitUntil(routing.addRoutes([{ condition: { urlPattern: '/bff/*' }, source: 'network' }]));
  // A worker that cannot show its offline page does not install; the browser tries again later.
  // It serves nothing of its own while online, so it may replace the previous one at once.
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const preload = self.registration.navigationPreload;
      if (preload) await (PRELOADS ? preload.enable() : preload.disable());
      const current = new Set([SHELL_CACHE, TICKETS_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && !current.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// ---- fetch -----------------------------------------------------------------------------

/**
 * The offline page with this device's kept tickets written in, never stored by anyone. It
 * answers 200, as the page a browser shows instead of its own error: the person reads why.
 */
async function offlinePage(): Promise<Response> {
  const page = await caches.open(SHELL_CACHE).then((cache) => cache.match(OFFLINE_PAGE_PATH));
  if (!page) return Response.error();
  const tickets = await keptTickets(await caches.open(TICKETS_CACHE), (await currentOwner()).owner);
  const answer = rewritten(page, (await page.text()).replace(KEPT_TICKETS_SLOT, keptTicketsHtml(tickets)));
  answer.headers.set('cache-control', 'no-store');
  return answer;
}

/** A kept page with its HTML changed by the worker, its other headers as they came. */
function rewritten(page: Response, html: string): Response {
  const headers = new Headers(page.headers);
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
  return new Response(html, { status: page.status, statusText: page.statusText, headers });
}

/** The network's answer to a navigation: the preloaded one when the browser started it already. */
async function fromNetwork(event: FetchEvent): Promise<Response> {
  const preloaded = PRELOADS ? ((await event.preloadResponse) as Response | undefined) : undefined;
  return preloaded ?? fetch(event.request);
}

/** Copies being written, so a page's "keep me" waits for its own navigation's copy. */
const writing = new Map<string, Promise<void>>();

/** Keeps a ticket page under the session that opened it; without one (no owner cookie) it is not kept. */
function storeTicket(key: string, response: Response): Promise<void> {
  const write = Promise.all([caches.open(TICKETS_CACHE), currentOwner()])
    .then(async ([cache, owner]) => {
      if (owner.owner) await cache.put(key, ownedCopy(response, owner.owner));
    })
    .finally(() => writing.delete(key));
  writing.set(key, write);
  return write;
}

const later = (ms: number): Promise<null> => new Promise((resolve) => setTimeout(() => resolve(null), ms));

/**
 * A ticket page: the network's answer, kept when it is the ticket; the copy when the network
 * fails or is too slow, and while the site answers 5xx. A redirect (logged out, not this
 * person's) drops the copy: the site no longer shows that page to whoever is here.
 */
async function ticketPage(event: FetchEvent, url: URL): Promise<Response> {
  const key = ticketKey(url);
  const cache = await caches.open(TICKETS_CACHE);
  // A copy kept by another session (or by one that ended) is never shown: it goes.
  const { owner, sure } = await currentOwner();
  let kept = await cache.match(key);
  if (kept && !isOwnedBy(kept, owner)) {
    await cache.delete(key);
    kept = undefined;
  }
  const network = fromNetwork(event).then((response) => {
    if (isKeepableTicket(response, url)) event.waitUntil(storeTicket(key, response.clone()));
    else if (response.type === 'opaqueredirect' || response.status === 404) event.waitUntil(cache.delete(key));
    return response;
  });
  if (!kept) return network.catch(() => offlinePage());
  event.waitUntil(network.catch(() => null));
  const first = await Promise.race([network, later(SLOW_NETWORK_MS)]).catch(() => null);
  if (first !== null && first.status < 500) return first;
  // Only a page's last word on whose session this is: its page checks before showing it.
  return sure || owner === null ? kept : rewritten(kept, withOfflineGate(await kept.text(), owner));
}

async function navigation(event: FetchEvent, url: URL): Promise<Response> {
  if (sameOrigin(url) && isTicketPath(url.pathname)) return ticketPage(event, url);
  try {
    return await fromNetwork(event);
  } catch {
    return offlinePage();
  }
}

/**
 * A build asset (hashed name, never stale) from a copy when there is one; an image or one of
 * the shell's small files from the network, its copy when the network fails. Nothing is stored
 * here: only the install and a ticket page's "keep me" store.
 */
async function subresource(request: Request, url: URL): Promise<Response> {
  if (sameOrigin(url) && isBuildAsset(url.pathname)) {
    return (await caches.match(request)) ?? fetch(request);
  }
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (sameOrigin(url) && isBffPath(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(event, url));
    return;
  }
  const ours = sameOrigin(url) && (isBuildAsset(url.pathname) || SHELL_FILES.some((file) => file === url.pathname));
  if (ours || request.destination === 'image') {
    event.respondWith(subresource(request, url));
  }
});

// ---- "keep me" from a ticket page --------------------------------------------------------

/** Keeps the page (fetched again when its navigation did not come through this worker) and what it loaded. */
async function keepTicket(page: URL, message: KeepTicketMessage): Promise<boolean> {
  const key = ticketKey(page);
  await writing.get(key);
  const cache = await caches.open(TICKETS_CACHE);
  const { owner } = await currentOwner();
  if (!owner) return false;
  const kept = await cache.match(key);
  if (!kept || !isOwnedBy(kept, owner)) {
    const response = await fetch(key, { credentials: 'same-origin', redirect: 'manual' });
    if (!isKeepableTicket(response, page)) return false;
    await storeTicket(key, response);
  }
  // What a page says it loaded is kept only when it is a build asset, a photo resized by our image
  // path or an image of another host: never an answer of ours from /bff/ (nor any other page).
  const assets = message.assets.filter((address) => {
    const url = new URL(address, self.location.origin);
    return sameOrigin(url) && isBuildAsset(url.pathname) && !isBffPath(url.pathname);
  });
  const images = message.images.filter((address) => {
    if (!/^https?:\/\//.test(address) || !URL.canParse(address)) return false;
    const url = new URL(address);
    return !sameOrigin(url) || url.pathname === IMAGE_ENDPOINT;
  });
  await Promise.all([
    ...assets.map(async (address) => {
      if (await cache.match(address)) return;
      const response = await fetch(address);
      if (response.ok) await cache.put(address, response);
    }),
    ...images.map(async (address) => {
      // Posters come through our image path (or the cinema API's image host when it was down):
      // kept as the page loaded them (no-cors for another host).
      const response = await fetch(address, { mode: 'no-cors', credentials: 'omit' });
      if (response.ok || response.type === 'opaque') await cache.put(address, response);
    }),
  ]);
  return true;
}

self.addEventListener('message', (event) => {
  const client = event.source;
  if (!(client instanceof WindowClient) || !sameOrigin(new URL(client.url))) return;
  // Every page says whose session the browser holds (offline-owner.ts: the worker's own
  // Cookie Store may not see it).
  if (isOwnerMessage(event.data)) {
    event.waitUntil(ownerReported(event.data.owner));
    return;
  }
  const port = event.ports[0];
  if (!port || !isKeepTicketMessage(event.data)) return;
  const page = new URL(client.url);
  const reply = (kept: boolean) => port.postMessage({ kept } satisfies KeepTicketReply);
  if (!isTicketPath(page.pathname)) {
    reply(false);
    return;
  }
  const message = event.data;
  event.waitUntil(
    ownerReported(message.owner)
      .then(() => keepTicket(page, message))
      .then(reply, () => reply(false)),
  );
});

// ---- a notification's click ----------------------------------------------------------------

/**
 * The waiting room's "¡Es tu turno!" (features/waiting-room/turn-notice.ts): a click brings back
 * the tab that is on the purchase, or opens it. Only a path of this site is followed.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const wanted = typeof data === 'object' && data !== null && 'url' in data ? String(data.url) : '/';
  const target = new URL(wanted, self.location.origin);
  if (!sameOrigin(target)) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (open) await open.focus();
      else await self.clients.openWindow(target.href);
    })(),
  );
});
