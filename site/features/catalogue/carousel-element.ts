/**
 * `<vz-carousel>`: a CSS scroll-snap track made to autoplay. Every `interval` ms it moves one
 * slide on, in an animation of `speed` ms, and rewinds at the end. It pauses while the pointer
 * is over it, while it holds the focus, while it is off screen or the tab hidden, and never
 * autoplays for people who prefer reduced motion. It starts once the page has loaded and the
 * browser is idle: a slide moving in while the first screen still loads would fetch its photos
 * ahead of what the person is looking at. Slide counts per breakpoint are plain CSS
 * (see Carousel.astro); without JavaScript the track still scrolls by hand.
 */
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Resolves once the page has loaded and the main thread is idle (at most 2 s after the load). */
function pageSettled(): Promise<void> {
  const idle = (resolve: () => void) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  };
  return new Promise((resolve) => {
    if (document.readyState === 'complete') idle(resolve);
    else window.addEventListener('load', () => idle(resolve), { once: true });
  });
}

const easeInOut = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

class CarouselElement extends HTMLElement {
  #track: HTMLElement | null = null;
  #timer: number | undefined;
  #animation = 0;
  #hovered = false;
  #focused = false;
  #visible = true;
  #settled = false;
  #observer: IntersectionObserver | null = null;

  connectedCallback(): void {
    this.#track = this.querySelector<HTMLElement>('[data-track]');
    if (!this.#track) return;
    this.querySelector('[data-prev]')?.addEventListener('click', () => this.#step(-1, true));
    this.querySelector('[data-next]')?.addEventListener('click', () => this.#step(1, true));
    this.addEventListener('pointerenter', () => this.#pause('hover'));
    this.addEventListener('pointerleave', () => this.#resume('hover'));
    this.addEventListener('focusin', () => this.#pause('focus'));
    this.addEventListener('focusout', (event) => {
      if (!this.contains(event.relatedTarget as Node | null)) this.#resume('focus');
    });
    document.addEventListener('visibilitychange', this.#schedule);
    this.#observer = new IntersectionObserver((entries) => {
      this.#visible = entries.some((entry) => entry.isIntersecting);
      this.#schedule();
    });
    this.#observer.observe(this);
    void pageSettled().then(() => {
      this.#settled = true;
      this.#schedule();
    });
  }

  disconnectedCallback(): void {
    window.clearInterval(this.#timer);
    cancelAnimationFrame(this.#animation);
    this.#observer?.disconnect();
    document.removeEventListener('visibilitychange', this.#schedule);
  }

  get #interval(): number {
    return Number(this.dataset.interval) || 3000;
  }

  get #speed(): number {
    return Number(this.dataset.speed) || 1000;
  }

  #pause(reason: 'hover' | 'focus'): void {
    if (reason === 'hover') this.#hovered = true;
    else this.#focused = true;
    this.#schedule();
  }

  #resume(reason: 'hover' | 'focus'): void {
    if (reason === 'hover') this.#hovered = false;
    else this.#focused = false;
    this.#schedule();
  }

  /** Starts or stops the autoplay timer to match the current state. */
  #schedule = (): void => {
    const playing =
      this.#settled &&
      !this.#hovered &&
      !this.#focused &&
      this.#visible &&
      !document.hidden &&
      !reducedMotion() &&
      this.#slideCount() > 1;
    this.toggleAttribute('data-playing', playing);
    window.clearInterval(this.#timer);
    this.#timer = playing ? window.setInterval(() => this.#step(1, false), this.#interval) : undefined;
  };

  #slideCount(): number {
    return this.#track?.children.length ?? 0;
  }

  #slideWidth(): number {
    const first = this.#track?.firstElementChild as HTMLElement | null;
    return first?.getBoundingClientRect().width ?? 0;
  }

  #step(direction: 1 | -1, byHand: boolean): void {
    const track = this.#track;
    const width = this.#slideWidth();
    if (!track || width === 0) return;
    const max = track.scrollWidth - track.clientWidth;
    let target = Math.round(track.scrollLeft / width + direction) * width;
    if (target > max + 1) target = byHand ? max : 0;
    if (target < 0) target = byHand ? 0 : max;
    this.#scrollTo(Math.min(Math.max(target, 0), max), byHand && reducedMotion() ? 0 : this.#speed);
  }

  #scrollTo(target: number, duration: number): void {
    const track = this.#track;
    if (!track) return;
    cancelAnimationFrame(this.#animation);
    const start = track.scrollLeft;
    if (duration <= 0 || Math.abs(target - start) < 1) {
      track.scrollLeft = target;
      return;
    }
    // Snapping would fight the animation: it is switched off until the slide lands.
    track.style.scrollSnapType = 'none';
    const began = performance.now();
    const frame = (now: number) => {
      const progress = Math.min((now - began) / duration, 1);
      track.scrollLeft = start + (target - start) * easeInOut(progress);
      if (progress < 1) this.#animation = requestAnimationFrame(frame);
      else track.style.scrollSnapType = '';
    };
    this.#animation = requestAnimationFrame(frame);
  }
}

if (!customElements.get('vz-carousel')) customElements.define('vz-carousel', CarouselElement);
