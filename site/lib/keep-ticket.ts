/**
 * A ticket page asks the service worker to keep it for use without signal (site/README.md,
 * "My ticket without signal"), with what it loaded: the worker stores those too.
 */
import { isBuildAsset, type KeepTicketMessage, type KeepTicketReply } from './offline-copies.ts';
import { offlineOwnerHere } from './offline-tickets.ts';

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
  worker.postMessage(
    { type: 'keep-ticket', owner: offlineOwnerHere(), ...loadedResources() } satisfies KeepTicketMessage,
    [channel.port2],
  );
  return reply;
}
