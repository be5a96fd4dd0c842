/**
 * `<vz-carousel>`: a CSS scroll-snap track made to autoplay. Every `interval` ms it moves one
 * slide on, in an animation of `speed` ms, and rewinds at the end. It pauses while the pointer
 * is over it (a finger on it too), while it holds the focus, while it is off screen or the tab
 * hidden. Its pause button stops it until the person presses play (WCAG 2.2.2: it moves for
 * more than 5 s); people who prefer reduced motion find it stopped, and may start it. Touch
 * swipes scroll the track itself (scroll snap); the position ("2 de 15") follows every move,
 * and is read out only while it is stopped. It starts once the page has loaded and the
 * browser is idle: a slide moving in while the first screen still loads would fetch its photos
 * ahead of what the person is looking at. Slide counts per breakpoint are plain CSS
 * (see Carousel.astro); without JavaScript the track still scrolls by hand.
 */
import { carouselPosition } from './texts.ts';

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
  #rotation: HTMLButtonElement | null = null;
  #position: HTMLElement | null = null;
  #timer: number | undefined;
  #animation = 0;
  #hovered = false;
  #focused = false;
  #visible = true;
  #settled = false;
  /** Stopped by the person's pause (or their reduced-motion preference) until they press play. */
  #stopped = reducedMotion();
  #observer: IntersectionObserver | null = null;

  connectedCallback(): void {
    this.#track = this.querySelector<HTMLElement>('[data-track]');
    if (!this.#track) return;
    this.#rotation = this.querySelector<HTMLButtonElement>('[data-rotation]');
    this.#position = this.querySelector<HTMLElement>('[data-position]');
    this.querySelector('[data-prev]')?.addEventListener('click', () => this.#step(-1, true));
    this.querySelector('[data-next]')?.addEventListener('click', () => this.#step(1, true));
    this.#rotation?.addEventListener('click', () => {
      this.#stopped = !this.#stopped;
      this.#schedule();
    });
    this.addEventListener('pointerenter', () => this.#pause('hover'));
    this.addEventListener('pointerleave', () => this.#resume('hover'));
    // Focus on a slide or its arrows holds it still; on the pause button it is the button's to say.
    this.addEventListener('focusin', (event) => {
      if (event.target === this.#rotation) this.#resume('focus');
      else this.#pause('focus');
    });
    this.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (!this.contains(next) || next === this.#rotation) this.#resume('focus');
    });
    this.#track.addEventListener('scroll', this.#showPosition, { passive: true });
    window.addEventListener('resize', this.#relayout, { passive: true });
    document.addEventListener('visibilitychange', this.#schedule);
    this.#observer = new IntersectionObserver((entries) => {
      this.#visible = entries.some((entry) => entry.isIntersecting);
      this.#schedule();
    });
    this.#observer.observe(this);
    this.#showPosition();
    this.#schedule();
    void pageSettled().then(() => {
      this.#settled = true;
      this.#schedule();
    });
  }

  disconnectedCallback(): void {
    window.clearInterval(this.#timer);
    cancelAnimationFrame(this.#animation);
    this.#observer?.disconnect();
    this.#track?.removeEventListener('scroll', this.#showPosition);
    window.removeEventListener('resize', this.#relayout);
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

  /** Starts or stops the autoplay timer to match the current state, and shows it. */
  #schedule = (): void => {
    const moves = this.#slideCount() > this.#slidesShown();
    const playing =
      moves && this.#settled && !this.#stopped && !this.#hovered && !this.#focused && this.#visible && !document.hidden;
    this.toggleAttribute('data-playing', playing);
    window.clearInterval(this.#timer);
    this.#timer = playing ? window.setInterval(() => this.#step(1, false), this.#interval) : undefined;
    const controls = this.querySelector<HTMLElement>('[data-controls]');
    if (controls) controls.hidden = !moves;
    const rotation = this.#rotation;
    if (rotation) {
      rotation.toggleAttribute('data-stopped', this.#stopped);
      const label = this.#stopped ? rotation.dataset.labelPlay : rotation.dataset.labelPause;
      if (label) rotation.setAttribute('aria-label', label);
    }
    // Slides that change by themselves are not announced; those a person moves are.
    this.#position?.setAttribute('aria-live', playing ? 'off' : 'polite');
  };

  /** Another width may show another number of slides at once. */
  #relayout = (): void => {
    this.#showPosition();
    this.#schedule();
  };

  /** "2 de 15": the first slide in view (and the last, where several show). */
  #showPosition = (): void => {
    const track = this.#track;
    const position = this.#position;
    const width = this.#slideWidth();
    if (!track || !position || width === 0) return;
    const total = this.#slideCount();
    const shown = this.#slidesShown();
    const max = track.scrollWidth - track.clientWidth;
    // At the end of the track the last slides are in view even when the first is not a whole step on.
    const first = track.scrollLeft >= max - 1 ? total - shown + 1 : Math.round(track.scrollLeft / width) + 1;
    const text = carouselPosition(Math.min(Math.max(first, 1), total), shown, total);
    if (position.textContent !== text) position.textContent = text;
  };

  #slideCount(): number {
    return this.#track?.children.length ?? 0;
  }

  /** How many slides the track shows at once (CSS decides by the screen's width). */
  #slidesShown(): number {
    const width = this.#slideWidth();
    return width > 0 && this.#track ? Math.max(1, Math.round(this.#track.clientWidth / width)) : 1;
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
