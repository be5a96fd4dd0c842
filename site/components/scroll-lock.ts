/**
 * Locks page scrolling while at least one overlay is open and restores the page's own
 * setting when the last one closes (overlays can stack: a status modal over a dialog).
 */
let locks = 0;
let previousOverflow = '';

export function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) root.style.overflow = previousOverflow;
  };
}
