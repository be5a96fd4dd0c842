/**
 * Brings seats of the map into view as a person needs to see them: inside the map's sideways
 * scroll (when zoomed in), and on the page between the sticky site header and the sticky bar
 * under the map, so neither covers a seat or its row letter. Jumps (no smooth scroll): the
 * seats were just chosen for the person, who looks for them at once.
 */
const MARGIN = 16;

/** The page's sticky header (the site frame's), whose bottom edge is where the page is seen from. */
function stickyTop(): number {
  for (const header of document.querySelectorAll('header'))
    if (getComputedStyle(header).position === 'sticky') return Math.max(0, header.getBoundingClientRect().bottom);
  return 0;
}

function unionOf(elements: readonly Element[]): DOMRect | null {
  const rects = elements.map((element) => element.getBoundingClientRect());
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((rect) => rect.left));
  const top = Math.min(...rects.map((rect) => rect.top));
  const right = Math.max(...rects.map((rect) => rect.right));
  const bottom = Math.max(...rects.map((rect) => rect.bottom));
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * Scrolls `scroller` (the map's sideways box) and the window so the seats `ids` are seen
 * above `bar` (the sticky bar under the map).
 */
export function revealSeats(scroller: HTMLElement, ids: readonly string[], bar: HTMLElement | null): void {
  const seats = ids
    .map((id) => scroller.querySelector(`[data-seat="${CSS.escape(id)}"]`))
    .filter((seat): seat is Element => seat !== null);
  const seatsBox = unionOf(seats);
  if (!seatsBox) return;
  // Sideways: the row letters are sticky at both edges, so the seats go to the middle of the box.
  const box = scroller.getBoundingClientRect();
  if (seatsBox.left < box.left || seatsBox.right > box.right)
    scroller.scrollLeft += seatsBox.left + seatsBox.width / 2 - (box.left + box.width / 2);
  // Up and down: the middle of what is left between the header and the bar.
  const top = stickyTop();
  const bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  if (seatsBox.top >= top + MARGIN && seatsBox.bottom <= bottom - MARGIN) return;
  const middle = (top + bottom) / 2;
  window.scrollBy({ top: seatsBox.top + seatsBox.height / 2 - middle, behavior: 'instant' });
}
