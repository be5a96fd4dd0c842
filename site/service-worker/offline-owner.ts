import { OFFLINE_OWNER_COOKIE, OFFLINE_OWNER_HEADER, SECURE_OFFLINE_OWNER_COOKIE } from '#shared/http/offline-owner.ts';

/**
 * The session whose kept tickets this worker may show (shared/http/offline-owner.ts): the id in
 * the owner cookie now, read with the Cookie Store API, which works offline. No cookie (the
 * session expired, the cookies were cleared, a log-out): nobody's tickets.
 */
interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null>;
}

declare const self: { cookieStore?: CookieStoreLike };

export async function currentOwner(): Promise<string | null> {
  const store = self.cookieStore;
  if (!store) return null;
  for (const name of [SECURE_OFFLINE_OWNER_COOKIE, OFFLINE_OWNER_COOKIE]) {
    const cookie = await store.get(name).catch(() => null);
    if (cookie?.value) return cookie.value;
  }
  return null;
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
