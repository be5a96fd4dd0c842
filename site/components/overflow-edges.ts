/**
 * Marks a box that scrolls sideways with `data-more-before` / `data-more-after` while content
 * lies beyond its start / end edge; with the `fade-edges` class (global.css) that edge fades
 * out, the hint that there is more to swipe to. Watches scrolling and size changes of the box
 * and of its content. Returns the function that stops watching.
 */
export interface OverflowEdges {
  before: boolean;
  after: boolean;
}

export function watchOverflowEdges(scroller: HTMLElement, onChange?: (edges: OverflowEdges) => void): () => void {
  const update = (): void => {
    // One pixel of slack: fractional widths never reach the exact end.
    const before = scroller.scrollLeft > 1;
    const after = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    scroller.toggleAttribute('data-more-before', before);
    scroller.toggleAttribute('data-more-after', after);
    onChange?.({ before, after });
  };
  scroller.addEventListener('scroll', update, { passive: true });
  const resized = new ResizeObserver(update);
  resized.observe(scroller);
  for (const child of scroller.children) resized.observe(child);
  update();
  return () => {
    scroller.removeEventListener('scroll', update);
    resized.disconnect();
  };
}
