/**
 * `<vz-scroll-strip>`: a row of links that scrolls sideways on a phone fades its cut side
 * (components/overflow-edges.ts), the hint that there is more to swipe to, and starts
 * scrolled to its chosen link (`aria-current`) when that one would be cut. The strip is its
 * `[data-scroll-strip]` child; without JavaScript it still scrolls.
 */
import { watchOverflowEdges } from '../../components/overflow-edges.ts';

class ScrollStripElement extends HTMLElement {
  private stop: (() => void) | null = null;

  connectedCallback(): void {
    const strip = this.querySelector<HTMLElement>('[data-scroll-strip]');
    if (!strip) return;
    const chosen = strip.querySelector<HTMLElement>('[aria-current]');
    if (chosen) {
      const box = chosen.getBoundingClientRect();
      const start = box.left - strip.getBoundingClientRect().left;
      // Only the strip scrolls (scrollIntoView would move the page as well).
      if (start + box.width > strip.clientWidth) strip.scrollLeft = start - (strip.clientWidth - box.width) / 2;
    }
    this.stop = watchOverflowEdges(strip);
  }

  disconnectedCallback(): void {
    this.stop?.();
    this.stop = null;
  }
}

if (!customElements.get('vz-scroll-strip')) customElements.define('vz-scroll-strip', ScrollStripElement);
