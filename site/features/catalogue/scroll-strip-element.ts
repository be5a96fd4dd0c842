/**
 * `<vz-scroll-strip>`: a row of links that scrolls sideways on a phone fades its cut side
 * (components/overflow-edges.ts), the hint that there is more to swipe to. The strip is its
 * `[data-scroll-strip]` child; without JavaScript it still scrolls.
 */
import { watchOverflowEdges } from '../../components/overflow-edges.ts';

class ScrollStripElement extends HTMLElement {
  private stop: (() => void) | null = null;

  connectedCallback(): void {
    const strip = this.querySelector<HTMLElement>('[data-scroll-strip]');
    if (strip) this.stop = watchOverflowEdges(strip);
  }

  disconnectedCallback(): void {
    this.stop?.();
    this.stop = null;
  }
}

if (!customElements.get('vz-scroll-strip')) customElements.define('vz-scroll-strip', ScrollStripElement);
