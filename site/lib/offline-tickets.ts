/**
 * The pages' side of "my ticket without signal": registering the service worker, a ticket
 * page asking it to keep the page, and forgetting every kept ticket when the person changes
 * (log-out, log-in, a session that ended). Rules: site/README.md ("My ticket without signal").
 */
import {
  isBuildAsset,
  SERVICE_WORKER_PATH,
  TICKETS_CACHE,
  type KeepTicketMessage,
  type KeepTicketReply,
} from './offline-copies.ts';

/** Once per page (BaseLayout), after the page has loaded: the worker's install never competes with it. */
export function registerServiceWorker(): void {
  // Only the production build has a worker (integrations/service-worker.ts); the dev server serves none.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_PATH, { scope: '/', updateViaCache: 'none' })
      // Without a worker the site works as before (no offline copies): nothing to tell the person.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** What this page loaded that its copy needs offline: our build assets and its images. */
function loadedResources(): Pick<KeepTicketMessage, 'assets' | 'images'> {
  const assets: string[] = [];
  const images: string[] = [];
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && isBuildAsset(url.pathname)) assets.push(url.href);
    else if (entry.initiatorType === 'img' && /^https?:$/.test(url.protocol)) images.push(url.href);
  }
  return { assets, images };
}

/**
 * Asks the worker to keep this ticket page (once it has loaded); true once it is kept. Never
 * settles without a worker (the dev server, a browser without them).
 */
export async function keepThisTicketOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  const channel = new MessageChannel();
  const reply = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<KeepTicketReply>) => resolve(event.data.kept === true);
  });
  worker.postMessage({ type: 'keep-ticket', ...loadedResources() } satisfies KeepTicketMessage, [channel.port2]);
  return reply;
}

/** Drops every kept ticket of this device: the next person never sees the previous one's. */
export async function forgetOfflineTickets(): Promise<void> {
  if (!('caches' in window)) return;
  await caches.delete(TICKETS_CACHE).catch(() => false);
}
