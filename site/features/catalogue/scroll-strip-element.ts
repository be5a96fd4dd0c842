/**
 * `<vz-scroll-strip>`: a row of links that scrolls sideways on a phone fades its cut side
 * (components/overflow-edges.ts), the hint that there is more to swipe to, and starts
 * scrolled to its chosen link (`aria-current`) when that one would be cut. The strip is its
 * `[data-scroll-strip]` child; without JavaScript it still scrolls.
 */
import { watchOverflowEdges } from '../../components/overflow-edges.ts';

/** Scrolls the strip (only the strip: scrollIntoView would move the page too) so `chosen` shows, when it is cut. */
function showChosen(strip: HTMLElement, chosen: HTMLElement): void {
  const box = chosen.getBoundingClientRect();
  const start = box.left - strip.getBoundingClientRect().left;
  if (start + box.width > strip.clientWidth) strip.scrollLeft += start - (strip.clientWidth - box.width) / 2;
}

class ScrollStripElement extends HTMLElement {
  private stop: (() => void) | null = null;
  private placing: ResizeObserver | null = null;

  connectedCallback(): void {
    const strip = this.querySelector<HTMLElement>('[data-scroll-strip]');
    if (!strip) return;
    const chosen = strip.querySelector<HTMLElement>('[aria-current]');
    if (chosen) {
      // A strip in a hidden date panel has no width yet: it is placed when it first shows.
      this.placing = new ResizeObserver(() => {
        if (strip.clientWidth === 0) return;
        this.placing?.disconnect();
        showChosen(strip, chosen);
      });
      this.placing.observe(strip);
    }
    this.stop = watchOverflowEdges(strip);
  }

  disconnectedCallback(): void {
    this.placing?.disconnect();
    this.stop?.();
    this.stop = null;
  }
}

if (!customElements.get('vz-scroll-strip')) customElements.define('vz-scroll-strip', ScrollStripElement);
