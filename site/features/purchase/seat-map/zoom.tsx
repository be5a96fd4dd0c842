import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { SeatMap } from '#shared/views/booking.ts';
import { PURCHASE_TEXTS } from '../texts.ts';

/** A seat cell (35 px), the row letters at both ends (28 px each) and the map's side padding. */
const CELL_WIDTH = 35;
const LETTERS_AND_PADDING = 2 * 28 + 16;
/** Zoomed in at most to this (seats of 45 px): big enough for any finger. */
const MAX_ZOOM = 1.5;
const STEP = 1.25;
/**
 * The map never opens with seats smaller than a finger can hit (WCAG 2.5.8: 24 × 24 CSS px; a
 * seat is 30 px at zoom 1): a room wider than the screen opens at this zoom and scrolls
 * sideways, from its middle; the person zooms out from there to see it whole (issue 38).
 * `styles/global.css` opens the server's HTML at the same zoom on a phone, so nothing moves
 * when the island starts.
 */
export const TAP_ZOOM = 24 / 30;

/** The map's width at zoom 1, from its widest row. */
function naturalWidth(map: SeatMap): number {
  const columns = Math.max(0, ...map.rows.map((row) => row.cells.length));
  return columns * CELL_WIDTH + LETTERS_AND_PADDING;
}

export interface SeatMapZoom {
  level: number;
  /** The zoom at which the whole room fits the map's box (1 when it fits unzoomed). */
  fit: number;
  /** The zoom the map opens at: the fit, or larger when the fit makes seats too small to tap. */
  opening: number;
  zoomIn: () => void;
  zoomOut: () => void;
  showAll: () => void;
  /** '+' / '-' / '0' from the map's keyboard handler; answers whether the key was a zoom. */
  onKey: (key: string) => boolean;
  /** The id of the hint that tells how to zoom from the keyboard. */
  hintId: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The seat map's zoom: it opens with seats big enough to tap (`TAP_ZOOM`), the whole room when
 * that fits the box, and zooms with the +/− buttons, the + and - keys inside the map, or a
 * pinch, out to the whole room ('Ver toda la sala'). The zoom is CSS `zoom` set through the
 * CSSOM (the CSP refuses style attributes), so seats keep their layout and the box scrolls
 * sideways; a seat click changes nothing here.
 */
export function useSeatMapZoom(
  scrollerRef: RefObject<HTMLDivElement | null>,
  contentRef: RefObject<HTMLDivElement | null>,
  map: SeatMap,
): SeatMapZoom {
  const width = naturalWidth(map);
  // null until the box is measured (in the browser): nothing is applied before.
  const [measuredFit, setFit] = useState<number | null>(null);
  const fit = measuredFit ?? 1;
  const opening = Math.max(fit, Math.min(1, TAP_ZOOM));
  // null: the opening zoom, 'all': the whole room; both follow the box's width (a phone turned sideways).
  const [chosen, setChosen] = useState<number | 'all' | null>(null);
  const level = chosen === null ? opening : chosen === 'all' ? fit : chosen;
  const levelRef = useRef<number | null>(null);
  const hintId = useId();

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () => setFit(clamp(scroller.clientWidth / width, 0.1, 1));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, width]);

  // Applies a zoom keeping the middle of what is seen in the middle (the room's middle at first).
  // The first time, the zoom the page's CSS gave the server's HTML is kept when it is the one
  // wanted: setting it again would lay the whole map out once more (on the largest rooms the
  // page's costliest task, issue 40).
  const apply = useCallback(
    (next: number) => {
      const scroller = scrollerRef.current;
      const content = contentRef.current;
      if (!scroller || !content) return;
      const first = levelRef.current === null;
      const middle = first ? 0.5 : (scroller.scrollLeft + scroller.clientWidth / 2) / Math.max(1, scroller.scrollWidth);
      if (!first || Math.abs(Number.parseFloat(getComputedStyle(content).zoom) - next) > 0.001)
        content.style.setProperty('zoom', String(next));
      scroller.scrollLeft = middle * scroller.scrollWidth - scroller.clientWidth / 2;
      levelRef.current = next;
    },
    [scrollerRef, contentRef],
  );

  useLayoutEffect(() => {
    if (measuredFit !== null) apply(level);
  }, [apply, level, measuredFit]);

  const min = fit;
  const max = Math.max(MAX_ZOOM, min);
  const choose = useCallback(
    (next: number) => {
      const level = clamp(next, min, max);
      setChosen(level <= min + 0.001 ? 'all' : level);
    },
    [min, max],
  );
  const zoomIn = useCallback(() => choose((levelRef.current ?? opening) * STEP), [choose, opening]);
  const zoomOut = useCallback(() => choose((levelRef.current ?? opening) / STEP), [choose, opening]);
  const showAll = useCallback(() => setChosen('all'), []);

  // Two fingers on the map zoom it (the browser's own pinch would zoom the whole page instead:
  // the box allows panning only). Followed in the CSSOM during the gesture, kept at its end.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let start: { distance: number; zoom: number } | null = null;
    const distance = (touches: TouchList) => {
      const [a, b] = [touches[0], touches[1]];
      return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
    };
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 2) start = { distance: distance(event.touches), zoom: levelRef.current ?? 1 };
    };
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2 || start.distance === 0) return;
      event.preventDefault();
      apply(clamp((start.zoom * distance(event.touches)) / start.distance, min, max));
    };
    const onEnd = (event: TouchEvent) => {
      if (!start || event.touches.length >= 2) return;
      start = null;
      choose(levelRef.current ?? 1);
    };
    // A finger coming down or lifting on a seat is taken on the window and stopped there
    // (seat-grid.ts): these are read there too, before it stops. Moving, it reaches the scroller,
    // whose listener alone may hold the scroll (passive elsewhere, so the page scrolls freely).
    const view = scroller.ownerDocument.defaultView ?? window;
    const onMap = (listener: (event: TouchEvent) => void) => (event: TouchEvent) => {
      if (event.target instanceof Node && scroller.contains(event.target)) listener(event);
    };
    const [started, ended] = [onMap(onStart), onMap(onEnd)];
    view.addEventListener('touchstart', started, { capture: true, passive: true });
    scroller.addEventListener('touchmove', onMove, { capture: true, passive: false });
    view.addEventListener('touchend', ended, { capture: true, passive: true });
    view.addEventListener('touchcancel', ended, { capture: true, passive: true });
    return () => {
      view.removeEventListener('touchstart', started, { capture: true });
      scroller.removeEventListener('touchmove', onMove, { capture: true });
      view.removeEventListener('touchend', ended, { capture: true });
      view.removeEventListener('touchcancel', ended, { capture: true });
    };
  }, [scrollerRef, apply, choose, min, max]);

  const onKey = (key: string) => {
    if (key === '+' || key === '=') zoomIn();
    else if (key === '-') zoomOut();
    else if (key === '0') showAll();
    else return false;
    return true;
  };

  return { level, fit, opening, zoomIn, zoomOut, showAll, onKey, hintId };
}

const ZOOM_BUTTON =
  'flex size-11 items-center justify-center rounded-full border border-line bg-surface text-xl font-bold hover:border-brand disabled:opacity-40';

/** How to zoom, said under the map and to screen readers by the grid (`aria-describedby`). */
export function ZoomHint({ zoom }: { zoom: SeatMapZoom }) {
  return (
    <p id={zoom.hintId} className="text-center text-xs text-muted">
      {PURCHASE_TEXTS.zoomHint}
    </p>
  );
}

/** 'Alejar', 'Acercar' and 'Ver toda la sala', with the zoom in percent, above the map. */
export function ZoomControls({ zoom }: { zoom: SeatMapZoom }) {
  const atFit = zoom.level <= zoom.fit + 0.001;
  const atMax = zoom.level >= Math.max(MAX_ZOOM, zoom.fit) - 0.001;
  return (
    <div className="ml-auto flex items-center justify-end">
      <div role="group" aria-label={PURCHASE_TEXTS.zoomGroup} className="flex items-center gap-2">
        <button
          type="button"
          className={ZOOM_BUTTON}
          aria-label={PURCHASE_TEXTS.zoomOut}
          aria-keyshortcuts="-"
          disabled={atFit}
          onClick={zoom.zoomOut}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="w-12 text-center text-sm tabular-nums" aria-live="polite">
          {Math.round(zoom.level * 100)} %
        </output>
        <button
          type="button"
          className={ZOOM_BUTTON}
          aria-label={PURCHASE_TEXTS.zoomIn}
          aria-keyshortcuts="+"
          disabled={atMax}
          onClick={zoom.zoomIn}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button
          type="button"
          className="min-h-11 rounded-full border border-line px-3 text-sm font-semibold hover:border-brand disabled:opacity-40"
          disabled={atFit}
          onClick={zoom.showAll}
        >
          {PURCHASE_TEXTS.zoomAll}
        </button>
      </div>
    </div>
  );
}
