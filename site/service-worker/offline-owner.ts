import { OFFLINE_OWNER_COOKIE, OFFLINE_OWNER_HEADER, SECURE_OFFLINE_OWNER_COOKIE } from '#shared/http/offline-owner.ts';
import type { OfflineOwner } from '../lib/offline-copies.ts';

/**
 * The session whose kept tickets this worker may show (shared/http/offline-owner.ts). Two
 * witnesses of the owner cookie, both working offline:
 * - the worker's own Cookie Store API, where it has one and it sees the cookie;
 * - what our pages last reported from `document.cookie` (every page, on load, and a ticket
 *   page's "keep me"), kept in IndexedDB so a worker the browser stopped still knows it.
 * A Cookie Store that answers "no cookie" is believed (the session expired, the cookies were
 * cleared) unless it has been caught missing a cookie a page could read: a Firefox worker's
 * Cookie Store can be blind for its whole life (it saw no cookie at all when the log-in came
 * while it was starting). There only the last report speaks, and it may be out of date (the
 * cookies were cleared since): the word is not sure, and a ticket shown on it opens only once
 * its page has read the same owner in `document.cookie` (the gate, lib/offline-copies.ts).
 */

interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null>;
}

declare const self: { cookieStore?: CookieStoreLike };

/** What the worker remembers of the pages' reports. */
export interface KnownOwner {
  /** The owner the last page saw. */
  reported: OfflineOwner;
  /** This browser's worker Cookie Store once missed a cookie a page read: its "none" proves nothing. */
  cookieStoreMisses: boolean;
}

/** The cookie as the worker's Cookie Store sees it: undefined without the API. */
async function fromCookieStore(): Promise<OfflineOwner | undefined> {
  const store = self.cookieStore;
  if (!store) return undefined;
  for (const name of [SECURE_OFFLINE_OWNER_COOKIE, OFFLINE_OWNER_COOKIE]) {
    const cookie = await store.get(name).catch(() => null);
    if (cookie?.value) return cookie.value;
  }
  return null;
}

/** Whose session the browser holds; `sure` when the Cookie Store settles it, not when only a page's last report speaks. */
export interface OwnerWord {
  owner: OfflineOwner;
  sure: boolean;
}

/** Whose tickets may be shown, from the Cookie Store's answer and the pages' last report. */
export function ownerFrom(cookieStore: OfflineOwner | undefined, known: KnownOwner | null): OwnerWord {
  if (cookieStore) return { owner: cookieStore, sure: true };
  if (cookieStore === null && !known?.cookieStoreMisses) return { owner: null, sure: true };
  return { owner: known?.reported ?? null, sure: false };
}

/** What to remember of a page's report, given what the Cookie Store sees at that moment. */
export function afterReport(
  reported: OfflineOwner,
  cookieStore: OfflineOwner | undefined,
  known: KnownOwner | null,
): KnownOwner {
  const missed = reported !== null && cookieStore !== undefined && cookieStore !== reported;
  return { reported, cookieStoreMisses: (known?.cookieStoreMisses ?? false) || missed };
}

// ---- the pages' reports, in IndexedDB (not Cache Storage: that holds only what pages load) ----

const DATABASE = 'viziona-offline-owner';
const STORE = 'owner';
const KEY = 'current';

function database(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error ?? new Error('indexedDB'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = use(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB'));
    });
  } finally {
    db.close();
  }
}

function isKnownOwner(value: unknown): value is KnownOwner {
  if (typeof value !== 'object' || value === null) return false;
  const known = value as Partial<Record<keyof KnownOwner, unknown>>;
  return (
    (known.reported === null || typeof known.reported === 'string') && typeof known.cookieStoreMisses === 'boolean'
  );
}

async function knownOwner(): Promise<KnownOwner | null> {
  const stored = await withStore('readonly', (store) => store.get(KEY) as IDBRequest<unknown>).catch(() => null);
  return isKnownOwner(stored) ? stored : null;
}

/** A page's word on whose session the browser holds (`null`: none). */
export async function ownerReported(reported: OfflineOwner): Promise<void> {
  const next = afterReport(reported, await fromCookieStore(), await knownOwner());
  await withStore('readwrite', (store) => store.put(next, KEY)).catch(() => undefined);
}

export async function currentOwner(): Promise<OwnerWord> {
  return ownerFrom(await fromCookieStore(), await knownOwner());
}

/** A copy of a response to keep, stamped with the session that kept it. */
export function ownedCopy(response: Response, owner: string): Response {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_OWNER_HEADER, owner);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function isOwnedBy(kept: Response, owner: string | null): boolean {
  return owner !== null && kept.headers.get(OFFLINE_OWNER_HEADER) === owner;
}
