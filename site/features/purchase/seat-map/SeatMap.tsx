import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { SeatCell, SeatMap as SeatMapView, SeatRow } from '#shared/views/booking.ts';
import { isPickable, seatAccessibleName, seatLook, type SeatLook } from './seat-labels.ts';
import { useSeatMapZoom, ZoomControls } from './zoom.tsx';

export interface SeatMapProps {
  map: SeatMapView;
  zone: string | null;
  selected: readonly string[];
  /** False once the seats are reserved (step 1): the map is shown, not changed. */
  interactive: boolean;
  onToggle: (seatId: string) => void;
}

/** Every cell of the map is 35 px wide (a class, not a style attribute: the CSP refuses those). */
const SEAT_CELL_WIDTH = 'w-[35px]';

const LOOK_CLASSES: Record<SeatLook, string> = {
  available: 'bg-surface-2 border-success text-text hover:bg-success hover:text-ink',
  selected: 'bg-brand border-brand text-on-brand',
  occupied: 'bg-line/60 border-line text-muted cursor-not-allowed',
  disabled: 'bg-transparent border-dashed border-line text-muted/60 cursor-not-allowed',
  'other-zone': 'bg-transparent border-line/60 text-muted/50 cursor-not-allowed',
};

const ROW_LETTER =
  'sticky z-10 w-7 shrink-0 self-stretch bg-ink text-center text-xs leading-[34px] font-bold text-muted';

interface RowProps {
  row: SeatRow;
  zone: string | null;
  /** The selected seats of this row, joined: rows re-render only when theirs change. */
  selectedInRow: string;
  /** The seat of this row that takes Tab focus, if any. */
  activeId: string | null;
  interactive: boolean;
}

const SeatRowView = memo(function SeatRowView({ row, zone, selectedInRow, activeId, interactive }: RowProps) {
  const selected = selectedInRow === '' ? [] : selectedInRow.split('|');
  return (
    <div
      role="row"
      className="relative isolate flex items-center gap-0"
      aria-label={row.label ? `Fila ${row.label}` : undefined}
    >
      {/* Sticky at both edges of the map's sideways scroll: a zoomed-in map always shows its row letters. */}
      <span role="rowheader" className={`${ROW_LETTER} left-0`}>
        {row.label}
      </span>
      {row.cells.map((cell) =>
        cell.kind === 'aisle' ? (
          <span key={`a${cell.column}`} role="gridcell" className={`shrink-0 ${SEAT_CELL_WIDTH}`} />
        ) : (
          <SeatButton
            key={cell.id}
            cell={cell}
            look={seatLook(cell, zone, selected.includes(cell.id))}
            active={cell.id === activeId}
            interactive={interactive}
          />
        ),
      )}
      <span aria-hidden="true" className={`${ROW_LETTER} right-0`}>
        {row.label}
      </span>
    </div>
  );
});

/** Memoised: a click re-renders the one seat whose look changed, not its whole row. */
const SeatButton = memo(function SeatButton({
  cell,
  look,
  active,
  interactive,
}: {
  cell: SeatCell;
  look: SeatLook;
  active: boolean;
  interactive: boolean;
}) {
  const pickable = interactive && isPickable(look);
  return (
    <span role="gridcell" className={`flex shrink-0 items-center justify-center py-0.5 ${SEAT_CELL_WIDTH}`}>
      <button
        type="button"
        data-seat={cell.id}
        tabIndex={active ? 0 : -1}
        aria-label={seatAccessibleName(cell, look)}
        aria-pressed={look === 'selected'}
        aria-disabled={!pickable}
        className={`flex size-[30px] items-center justify-center rounded-t-lg rounded-b-sm border-2 text-[11px] leading-none font-semibold ${LOOK_CLASSES[look]}`}
      >
        {look === 'disabled' ? (
          <span aria-hidden="true">♿</span>
        ) : look === 'occupied' ? (
          // Taken seats carry a cross, not only another colour (WCAG 1.4.1); the name says 'ocupada'.
          <span aria-hidden="true" className="text-sm">
            ✕
          </span>
        ) : (
          cell.number
        )}
      </button>
    </span>
  );
});

/** Pointer events nothing in the purchase page handles (hover is CSS, scrolling is the browser's). */
const UNHANDLED_POINTER_EVENTS = [
  'pointerover',
  'pointerout',
  'pointermove',
  'mouseover',
  'mouseout',
  'mousemove',
  'gotpointercapture',
  'lostpointercapture',
  'touchstart',
  'touchmove',
  'touchend',
] as const;

/** Every seat of the map, row by row, for keyboard moves. */
function seatGrid(map: SeatMapView): SeatCell[][] {
  return map.rows.map((row) => row.cells.filter((cell): cell is SeatCell => cell.kind === 'seat'));
}

/**
 * The seat map: a grid of seat buttons ('Fila F, silla 7, disponible'), one Tab stop for the
 * whole map (roving tabindex), arrow keys to move, Enter or Space to pick. Rows and seats are
 * memoised and clicks are handled once for the whole grid, so a click re-renders the seat it
 * changes and nothing else of the map, even on the largest room.
 */
export const SeatMap = memo(function SeatMap({ map, zone, selected, interactive, onToggle }: SeatMapProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const grid = useMemo(() => seatGrid(map), [map]);

  // The whole room fits the screen when the map opens; the person zooms in from there.
  const zoom = useSeatMapZoom(scrollerRef, contentRef, map);
  // Nothing handles hover, pointer capture or touch events on the map, yet React's root
  // listener would run its dispatch for each of them (every pointer move over 258 seats, four
  // more events in every tap), and a cold one delays the click that follows: they stop here.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const stop = (event: Event) => event.stopPropagation();
    for (const type of UNHANDLED_POINTER_EVENTS) grid.addEventListener(type, stop, { passive: true });
    return () => {
      for (const type of UNHANDLED_POINTER_EVENTS) grid.removeEventListener(type, stop);
    };
  }, []);

  // Roving tabindex: one seat takes Tab focus. Moving it costs Chromium a style recalculation
  // per changed tabindex, so it moves only when the focus leaves the map (to the seat that had
  // it), never on a click or an arrow key: the focused seat needs no tabindex to keep focus.
  const [activeId, setActiveId] = useState<string | null>(null);
  const focusedId = useRef<string | null>(null);

  const firstPickable = useMemo(() => {
    for (const row of grid) for (const cell of row) if (isPickable(seatLook(cell, zone, false))) return cell.id;
    return grid.find((row) => row.length > 0)?.[0]?.id ?? null;
  }, [grid, zone]);
  const tabStop =
    activeId !== null && grid.some((row) => row.some((cell) => cell.id === activeId)) ? activeId : firstPickable;

  const selectedByRow = useMemo(() => {
    const byRow = new Map<string, string[]>();
    for (const id of selected) {
      const row = id.slice(0, id.lastIndexOf('-'));
      byRow.set(row, [...(byRow.get(row) ?? []), id]);
    }
    return byRow;
  }, [selected]);

  const focusSeat = useCallback((id: string) => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-seat="${CSS.escape(id)}"]`)?.focus();
  }, []);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    focusedId.current =
      (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-seat]')?.dataset.seat ?? focusedId.current;
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    if (focusedId.current !== null && focusedId.current !== activeId) setActiveId(focusedId.current);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-seat]');
    const id = button?.dataset.seat;
    if (!id) return;
    if (interactive && button.getAttribute('aria-disabled') !== 'true') onToggle(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (zoom.onKey(event.key)) {
      event.preventDefault();
      return;
    }
    const id = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-seat]')?.dataset.seat;
    if (!id) return;
    const rowIndex = grid.findIndex((row) => row.some((cell) => cell.id === id));
    const row = grid[rowIndex];
    if (!row) return;
    const index = row.findIndex((cell) => cell.id === id);
    const column = row[index]?.column ?? 0;
    let target: SeatCell | undefined;
    const nearestIn = (other: SeatCell[] | undefined) =>
      other?.reduce<SeatCell | undefined>(
        (best, cell) => (!best || Math.abs(cell.column - column) < Math.abs(best.column - column) ? cell : best),
        undefined,
      );
    const rowWithSeats = (from: number, step: number) => {
      for (let next = from + step; next >= 0 && next < grid.length; next += step)
        if ((grid[next]?.length ?? 0) > 0) return grid[next];
      return undefined;
    };
    switch (event.key) {
      case 'ArrowRight':
        target = row[index + 1];
        break;
      case 'ArrowLeft':
        target = row[index - 1];
        break;
      case 'ArrowDown':
        target = nearestIn(rowWithSeats(rowIndex, 1));
        break;
      case 'ArrowUp':
        target = nearestIn(rowWithSeats(rowIndex, -1));
        break;
      case 'Home':
        target = row[0];
        break;
      case 'End':
        target = row[row.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target) focusSeat(target.id);
  };

  return (
    <div className="flex flex-col items-center gap-4">
      <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm" aria-label="Convenciones">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded-sm border-2 border-success bg-surface-2" />
          <span>{BOOKING_TEXTS.legendAvailable}</span>
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded-sm border-2 border-line bg-line/60 text-xs leading-none text-muted"
          >
            ✕
          </span>
          <span>{BOOKING_TEXTS.legendOccupied}</span>
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded-sm border-2 border-brand bg-brand" />
          <span>{BOOKING_TEXTS.legendSelected}</span>
        </li>
      </ul>
      <ZoomControls zoom={zoom} />
      <div
        ref={scrollerRef}
        data-seat-scroller
        className="w-full touch-pan-x touch-pan-y overflow-x-auto overscroll-x-contain pb-2"
      >
        <div ref={contentRef} className="mx-auto flex w-max flex-col items-center gap-1 px-2">
          <div className="mb-3 w-full">
            <div
              aria-hidden="true"
              className="mx-auto h-2 w-4/5 rounded-t-[100%] bg-gradient-to-b from-brand/80 to-transparent"
            />
            <p className="mt-1 text-center text-xs font-bold tracking-[0.4em] text-muted">{BOOKING_TEXTS.screen}</p>
          </div>
          {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus -- the grid's focus is its one seat with tabIndex 0 (a roving tab stop) */}
          <div
            ref={gridRef}
            role="grid"
            aria-label="Mapa de sillas"
            aria-keyshortcuts="+ -"
            aria-describedby={zoom.hintId}
            aria-readonly={!interactive}
            className="flex flex-col gap-0.5"
            onClick={onClick}
            onKeyDown={onKeyDown}
            onFocus={onFocus}
            onBlur={onBlur}
          >
            {map.rows.map((row) => (
              <SeatRowView
                key={row.index}
                row={row}
                zone={zone}
                selectedInRow={(selectedByRow.get(row.label) ?? []).join('|')}
                activeId={
                  tabStop !== null &&
                  tabStop.startsWith(`${row.label}-`) &&
                  row.cells.some((cell) => cell.kind === 'seat' && cell.id === tabStop)
                    ? tabStop
                    : null
                }
                interactive={interactive}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
});
