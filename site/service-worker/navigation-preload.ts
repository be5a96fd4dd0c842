/**
 * Whether this browser's worker asks for navigation preload (the browser starts a page's
 * request while the worker boots). Not in Firefox (Gecko): there a preload that fails, as every
 * one does without signal, cancels the navigation as soon as the worker reads
 * `event.preloadResponse`, even though the worker then answers from its copies; the browser
 * showed its own "Unable to connect" instead of the kept ticket or the offline page (issue 41,
 * Firefox ESR 153; the same as workbox's offline fallback, GoogleChrome/workbox#3134). There
 * the worker fetches the page itself, which is what preload saves in time, nothing more.
 * A registration keeps its preload setting across releases, so the worker sets it either way.
 */
export function preloadsNavigations(userAgent: string): boolean {
  return !/\bFirefox\//.test(userAgent);
}
