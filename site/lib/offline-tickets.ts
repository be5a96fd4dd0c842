/**
 * The pages' side of "my ticket without signal" on every page: registering the service worker,
 * and forgetting every kept ticket when the person changes (log-out, log-in, a session that
 * ended). A ticket page's "keep me" is `keep-ticket.ts`. Rules: site/README.md ("My ticket
 * without signal").
 */
import { OFFLINE_OWNER_COOKIE, SECURE_OFFLINE_OWNER_COOKIE } from '#shared/http/offline-owner.ts';
import {
  OFFLINE_GATE_ATTRIBUTE,
  OFFLINE_PAGE_PATH,
  offlineGateVerdict,
  ownerInCookies,
  SERVICE_WORKER_PATH,
  TICKETS_CACHE,
  type OfflineOwner,
  type OwnerMessage,
} from './offline-copies.ts';

/** Whose session this browser holds now, from the owner cookie (readable by pages on purpose). */
export function offlineOwnerHere(): OfflineOwner {
  return ownerInCookies(document.cookie, [SECURE_OFFLINE_OWNER_COOKIE, OFFLINE_OWNER_COOKIE]);
}

/** Tells the worker whose session this is, once it is active (offline too: the cookie is local). */
function reportOwner(): void {
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'offline-owner', owner: offlineOwnerHere() } satisfies OwnerMessage),
  );
}

/** Once per page (BaseLayout), after the page has loaded: the worker's install never competes with it. */
export function registerServiceWorker(): void {
  // Only the production build has a worker (integrations/service-worker.ts); the dev server serves none.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_PATH, { scope: '/', updateViaCache: 'none' })
      .then(reportOwner)
      // Without a worker the site works as before (no offline copies): nothing to tell the person.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * A kept ticket the worker answered behind the gate (lib/offline-copies.ts) shows only when this
 * browser still holds the session it was kept for; otherwise every copy goes and the offline
 * page comes instead. Runs as soon as the page's script does, before anything of it is seen.
 */
export function openOfflineGate(): void {
  const root = document.documentElement;
  const verdict = offlineGateVerdict(root.getAttribute(OFFLINE_GATE_ATTRIBUTE), offlineOwnerHere());
  if (verdict === 'open') root.removeAttribute(OFFLINE_GATE_ATTRIBUTE);
  else if (verdict === 'forget') void forgetOfflineTickets().finally(() => window.location.replace(OFFLINE_PAGE_PATH));
}

/** Drops every kept ticket of this device: the next person never sees the previous one's. */
export async function forgetOfflineTickets(): Promise<void> {
  if (!('caches' in window)) return;
  await caches.delete(TICKETS_CACHE).catch(() => false);
}
