/**
 * While seats are held, a link that would take this tab away from the purchase (the site's
 * header and footer, 'Cambiar fecha y hora de la función') is stopped and the person asked
 * first: leaving releases the seats (`hold.releaseOnLeave` on pagehide). Links opening another
 * tab, downloads, modified clicks (a new tab or window) and links to this same page pass.
 */
function leavingHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target !== '' && link.target !== '_self') return null;
  const to = new URL(link.href, window.location.href);
  const here = new URL(window.location.href);
  if (to.origin === here.origin && to.pathname === here.pathname && to.search === here.search) return null;
  return to.href;
}

/** Asks `ask(href)` instead of following a link that leaves the page; answers the function that stops. */
export function guardLeaving(ask: (href: string) => void): () => void {
  // Bubbling to the document: a link's own handler (a menu) has had its say first.
  const onClick = (event: MouseEvent) => {
    const href = leavingHref(event);
    if (href === null) return;
    event.preventDefault();
    ask(href);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
