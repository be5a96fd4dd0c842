/**
 * Whose offline copies a browser's service worker may show: the BFF gives every session a
 * random id in a cookie scripts and the worker can read (never a credential: it opens nothing),
 * with the session cookie's own expiry and cleared with it. The worker keeps each ticket page
 * under the id of the session that opened it and shows a kept ticket only while the same id is
 * in the browser: a session that ended however it ended (expired, cookies cleared, logged out)
 * takes its copies with it. site/README.md, "My ticket without signal".
 */
export const OFFLINE_OWNER_COOKIE = 'viziona_offline';
/** Its name over https: `__Host-` (Secure, Path=/, no Domain) as the session cookie's. */
export const SECURE_OFFLINE_OWNER_COOKIE = `__Host-${OFFLINE_OWNER_COOKIE}`;
/** The header a kept copy carries with the id of the session that kept it. */
export const OFFLINE_OWNER_HEADER = 'x-viziona-offline-owner';
