import type { ReadableAtom } from 'nanostores';
import type { SeatCell, SeatMap } from '#shared/views/booking.ts';
import { seatAttributes } from './seat-grid-html.ts';
import { firstTabStop, seatLook } from './seat-labels.ts';

/** What the seat grid reads and does: the purchase's seats store (`stores/seats.ts`). */
export interface SeatGridSource {
  $seatMap: ReadableAtom<SeatMap>;
  $zone: ReadableAtom<string | null>;
  $selected: ReadableAtom<readonly string[]>;
  toggleSeat: (id: string) => void;
}

export interface SeatGridOptions {
  /** False once the seats are held: the map is shown, not changed. */
  interactive: boolean;
  /** '+', '-', '0' inside the map: answers whether the key zoomed. */
  onZoomKey: (key: string) => boolean;
}

/**
 * The events a tap, a click, a key or the pointer bring into the map. Each is taken on the
 * window in the capture phase and stopped there, before it goes down the page: React listens
 * to every event at the island's root in both phases, so stopping them at the grid still ran
 * React's capture dispatch for each (a phone's tap brings a dozen events, each one's dispatch
 * ahead of the click's: the tap's input delay, issue 40), and the page's document listeners
 * need none of them. What the map does with them runs there (`take` below); hover is CSS, and the
 * pinch's own window listeners (`zoom.tsx`) see them all the same.
 */
const TAKEN_EVENTS = [
  'pointerover',
  'pointerout',
  'pointermove',
  'pointerdown',
  'pointerup',
  'pointercancel',
  'gotpointercapture',
  'lostpointercapture',
  'mouseover',
  'mouseout',
  'mousemove',
  'mousedown',
  'mouseup',
  'click',
  'auxclick',
  'dblclick',
  'contextmenu',
  'focusin',
  'focusout',
  'keydown',
  'keyup',
  'touchstart',
  'touchend',
  'touchcancel',
] as const;
type TakenEvent = (typeof TAKEN_EVENTS)[number];

/** A finger moving on the map scrolls or pinches it (the scroller's): it goes no further than the grid. */
const STOPPED_AT_GRID = ['touchmove'] as const;

const seatRowsOf = (map: SeatMap): SeatCell[][] =>
  map.rows.map((row) => row.cells.filter((cell): cell is SeatCell => cell.kind === 'seat'));

/**
 * Keeps the seat buttons of `grid` (written by `seatGridHtml`) showing the stores: a tap
 * changes the attributes of the seats it changes and nothing else, as a page of plain buttons
 * would (issue 40); a live update walks only the rows it changed; another zone, every seat.
 * Handles the grid's clicks, keys (arrows, Home, End, zoom) and its one Tab stop (roving
 * tabindex: moved only when the focus leaves the map, since changing a tabindex costs a style
 * recalculation in the tap's frame). Returns the function that lets go of the grid.
 */
export function attachSeatGrid(grid: HTMLElement, source: SeatGridSource, options: SeatGridOptions): () => void {
  const buttons = new Map<string, HTMLButtonElement>();
  for (const button of grid.querySelectorAll<HTMLButtonElement>('button[data-seat]'))
    buttons.set(button.dataset.seat ?? '', button);

  let map = source.$seatMap.get();
  let zone = source.$zone.get();
  let selected = new Set(source.$selected.get());
  let rows = seatRowsOf(map);
  const cells = new Map<string, SeatCell>();
  const indexCells = () => {
    cells.clear();
    for (const row of rows) for (const cell of row) cells.set(cell.id, cell);
  };
  indexCells();

  const paint = (cell: SeatCell) => {
    const button = buttons.get(cell.id);
    if (!button) return;
    const seat = seatAttributes(cell, seatLook(cell, zone, selected.has(cell.id)), options.interactive);
    if (button.dataset.look === seat.look && button.getAttribute('aria-label') === seat.label) return;
    button.dataset.look = seat.look;
    button.setAttribute('aria-pressed', String(seat.pressed));
    button.setAttribute('aria-disabled', String(seat.disabled));
    button.setAttribute('aria-label', seat.label);
    if (button.textContent !== seat.glyph) button.textContent = seat.glyph;
  };
  const paintAll = () => {
    for (const row of rows) for (const cell of row) paint(cell);
  };

  // The tab stop: the seat that had the focus last, else the first seat one can pick.
  let tabStop = grid.querySelector<HTMLButtonElement>('button[data-seat][tabindex="0"]')?.dataset.seat ?? null;
  let chosenStop = false;
  let focused: string | null = null;
  const moveTabStop = (id: string | null) => {
    if (id === tabStop) return;
    if (tabStop !== null) buttons.get(tabStop)?.setAttribute('tabindex', '-1');
    if (id !== null) buttons.get(id)?.setAttribute('tabindex', '0');
    tabStop = id;
  };
  const followFirstStop = () => {
    if (!chosenStop || tabStop === null || !cells.has(tabStop)) moveTabStop(firstTabStop(map, zone));
  };

  // What the HTML was written with may be older than the stores (a hold adopted meanwhile).
  paintAll();
  followFirstStop();

  const unlisten = [
    source.$selected.listen((next) => {
      const now = new Set(next);
      const changed = [...selected].filter((id) => !now.has(id)).concat(next.filter((id) => !selected.has(id)));
      selected = now;
      for (const id of changed) {
        const cell = cells.get(id);
        if (cell) paint(cell);
      }
    }),
    source.$seatMap.listen((next) => {
      const before = map;
      map = next;
      rows = seatRowsOf(next);
      indexCells();
      // Rows a live update did not change keep their identity (applySeatStates).
      next.rows.forEach((row, index) => {
        if (row === before.rows[index]) return;
        for (const cell of rows[index] ?? []) paint(cell);
      });
      followFirstStop();
    }),
    source.$zone.listen((next) => {
      zone = next;
      paintAll();
      followFirstStop();
    }),
  ];

  const stop = (event: Event) => event.stopPropagation();
  for (const type of STOPPED_AT_GRID) grid.addEventListener(type, stop, { passive: true });

  const seatOf = (target: EventTarget | null): HTMLButtonElement | null =>
    target instanceof Element ? target.closest<HTMLButtonElement>('button[data-seat]') : null;

  const onClick = (event: MouseEvent) => {
    const button = seatOf(event.target);
    if (button && options.interactive && button.getAttribute('aria-disabled') !== 'true')
      source.toggleSeat(button.dataset.seat ?? '');
  };

  const onFocusIn = (event: FocusEvent) => {
    focused = seatOf(event.target)?.dataset.seat ?? focused;
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && grid.contains(event.relatedTarget)) return;
    if (focused !== null && focused !== tabStop) {
      chosenStop = true;
      moveTabStop(focused);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (options.onZoomKey(event.key)) {
      event.preventDefault();
      return;
    }
    const id = seatOf(event.target)?.dataset.seat;
    if (!id) return;
    const rowIndex = rows.findIndex((row) => row.some((cell) => cell.id === id));
    const row = rows[rowIndex];
    if (!row) return;
    const index = row.findIndex((cell) => cell.id === id);
    const column = row[index]?.column ?? 0;
    const nearestIn = (other: SeatCell[] | undefined) =>
      other?.reduce<SeatCell | undefined>(
        (best, cell) => (!best || Math.abs(cell.column - column) < Math.abs(best.column - column) ? cell : best),
        undefined,
      );
    const rowWithSeats = (step: number) => {
      for (let next = rowIndex + step; next >= 0 && next < rows.length; next += step)
        if ((rows[next]?.length ?? 0) > 0) return rows[next];
      return undefined;
    };
    const targets: Record<string, () => SeatCell | undefined> = {
      ArrowRight: () => row[index + 1],
      ArrowLeft: () => row[index - 1],
      ArrowDown: () => nearestIn(rowWithSeats(1)),
      ArrowUp: () => nearestIn(rowWithSeats(-1)),
      Home: () => row[0],
      End: () => row.at(-1),
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    const next = target();
    if (next) buttons.get(next.id)?.focus();
  };

  const view = grid.ownerDocument.defaultView ?? window;
  const take = (event: Event) => {
    if (!(event.target instanceof Node) || !grid.contains(event.target)) return;
    event.stopPropagation();
    if (event.type === 'click' && event instanceof MouseEvent) onClick(event);
    else if (event.type === 'keydown' && event instanceof KeyboardEvent) onKeyDown(event);
    else if (event instanceof FocusEvent) (event.type === 'focusin' ? onFocusIn : onFocusOut)(event);
  };
  // Passive but for the keys: an arrow's default scroll is prevented.
  const listening = (type: TakenEvent) => ({ capture: true, passive: type !== 'keydown' });
  for (const type of TAKEN_EVENTS) view.addEventListener(type, take, listening(type));
  return () => {
    for (const off of unlisten) off();
    for (const type of STOPPED_AT_GRID) grid.removeEventListener(type, stop);
    for (const type of TAKEN_EVENTS) view.removeEventListener(type, take, { capture: true });
  };
}
