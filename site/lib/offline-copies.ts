/**
 * What the service worker keeps for "my ticket without signal", named once for the worker
 * (site/service-worker/) and the pages that talk to it (lib/offline-tickets.ts). Plain rules:
 * no DOM and no worker globals, so both sides compile it. Decisions: site/README.md
 * ("My ticket without signal").
 */
import { routes } from './routes.ts';

export const SERVICE_WORKER_PATH = '/sw.js';

/** Every cache of ours starts with this; the worker deletes any other of ours on activation. */
export const CACHE_PREFIX = 'viziona-';
/**
 * The ticket pages a customer opened and what they loaded (styles, scripts, the poster). Its
 * version changes only with the way copies are stored, not with every release, so a release
 * never drops the tickets someone counts on in a lobby.
 */
export const TICKETS_CACHE = `${CACHE_PREFIX}tickets-v1`;
/** The offline page and its styles, one cache per release (the name ends with the build's digest). */
export const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}shell-`;

export const OFFLINE_PAGE_PATH = routes.offline;
/** Small public files every page asks for, kept with the offline page so nothing fails offline. */
export const SHELL_FILES = ['/favicon.svg', '/manifest.webmanifest'] as const;
/** Where the offline page lists the tickets kept on this device; the worker fills it. */
export const KEPT_TICKETS_SLOT = '<vz-kept-tickets></vz-kept-tickets>';
/** The ticket page's label for that list (movie, day, hour), an attribute of its sheet. */
export const OFFLINE_LABEL_ATTRIBUTE = 'data-offline-label';

/** `/ticket/{bill}`: the only pages the worker keeps. */
export function isTicketPath(pathname: string): boolean {
  return /^\/ticket\/[A-Za-z0-9_-]{1,40}$/.test(pathname);
}

/** The BFF's answers are never kept nor answered by the worker. */
export function isBffPath(pathname: string): boolean {
  return pathname === '/bff' || pathname.startsWith('/bff/');
}

/** Bundled by Vite under this path with hashed names: a copy is never stale. */
export function isBuildAsset(pathname: string): boolean {
  return pathname.startsWith('/_astro/');
}

/**
 * The id in the offline-owner cookie (shared/http/offline-owner.ts) as a page reads it from
 * `document.cookie`: random base64url, or null without the cookie.
 */
export type OfflineOwner = string | null;

export function isOfflineOwner(value: unknown): value is OfflineOwner {
  return value === null || (typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value));
}

/** The owner id in a `document.cookie` string (the `__Host-` one over https). */
export function ownerInCookies(cookies: string, names: readonly string[]): OfflineOwner {
  const jar = new Map(
    cookies
      .split(';')
      .map((pair) => pair.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
  for (const name of names) {
    const value = jar.get(name);
    if (isOfflineOwner(value) && value !== null) return value;
  }
  return null;
}

/**
 * What every page tells the worker once loaded: whose session this browser holds now (the
 * worker cannot always read the cookie itself: Firefox's worker Cookie Store misses one set
 * after it started).
 */
export interface OwnerMessage {
  type: 'offline-owner';
  owner: OfflineOwner;
}

export function isOwnerMessage(value: unknown): value is OwnerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<Record<keyof OwnerMessage, unknown>>;
  return message.type === 'offline-owner' && isOfflineOwner(message.owner);
}

/**
 * The gate on a kept ticket the worker shows without being sure whose session the browser holds
 * (its Cookie Store could not be believed: service-worker/offline-owner.ts): the copy comes with
 * the owner it was kept for on `<html>`, its content hidden (styles/global.css), and the page
 * opens it only when `document.cookie` holds that same owner; otherwise the copies go.
 */
export const OFFLINE_GATE_ATTRIBUTE = 'data-offline-gate';

/** A kept ticket page's HTML behind the gate of `owner` (an id `isOfflineOwner` accepts: nothing to escape). */
export function withOfflineGate(html: string, owner: string): string {
  return html.replace(/<html\b/i, `<html ${OFFLINE_GATE_ATTRIBUTE}="${owner}"`);
}

/** What a page behind the gate does: nothing (no gate), open it (the same owner here), or forget the copies. */
export function offlineGateVerdict(gate: string | null, here: OfflineOwner): 'none' | 'open' | 'forget' {
  if (gate === null) return 'none';
  return here !== null && gate === here ? 'open' : 'forget';
}

/** What a ticket page asks the worker once loaded: keep me, with what I loaded. */
export interface KeepTicketMessage {
  type: 'keep-ticket';
  /** Whose session opened it (from the page's cookies). */
  owner: OfflineOwner;
  /** Same-origin build assets the page loaded (`/_astro/…`). */
  assets: string[];
  /** Images the page loaded (the poster, from the cinema API's image host). */
  images: string[];
}

export function isKeepTicketMessage(value: unknown): value is KeepTicketMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<Record<keyof KeepTicketMessage, unknown>>;
  const isList = (list: unknown) =>
    Array.isArray(list) && list.length <= 200 && list.every((item) => typeof item === 'string');
  return (
    message.type === 'keep-ticket' && isOfflineOwner(message.owner) && isList(message.assets) && isList(message.images)
  );
}

/** The worker's answer, on the message's port. */
export interface KeepTicketReply {
  kept: boolean;
}
