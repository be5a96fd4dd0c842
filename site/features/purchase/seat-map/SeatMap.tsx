import { memo, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { SeatMap as SeatMapView } from '#shared/views/booking.ts';
import { PURCHASE_TEXTS } from '../texts.ts';
import { attachSeatGrid, type SeatGridSource } from './seat-grid.ts';
import { seatGridHtml, seatGridShape } from './seat-grid-html.ts';
import { firstTabStop, seatLook, type SeatLook } from './seat-labels.ts';
import { useSeatMapZoom, ZoomControls, ZoomHint } from './zoom.tsx';

export interface SeatMapProps {
  seats: SeatGridSource;
  /** False once the seats are reserved (step 1): the map is shown, not changed. */
  interactive: boolean;
  /** Shown beside the zoom buttons, above the map ('Elegir las mejores sillas'). */
  toolbar?: ReactNode;
}

/**
 * The seat map: a grid of seat buttons ('Fila F, silla 7, disponible'), one Tab stop for the
 * whole map (roving tabindex), arrow keys to move, Enter or Space to pick, + and - to zoom. The
 * rows are HTML written once per room (`seat-grid-html.ts`) and kept showing the stores by
 * `seat-grid.ts`: React renders the legend, the zoom and the box around them, and re-renders
 * none of it when a seat is tapped.
 */
export const SeatMap = memo(function SeatMap({ seats, interactive, toolbar }: SeatMapProps) {
  const map = useStore(seats.$seatMap);
  const zone = useStore(seats.$zone);
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const shape = useMemo(() => seatGridShape(map), [map]);
  // Written once per room shape with the seats as they are then; seat-grid.ts keeps it current.
  const html = useMemo(
    () =>
      seatGridHtml({
        map: seats.$seatMap.get(),
        zone: seats.$zone.get(),
        selected: new Set(seats.$selected.get()),
        interactive,
        tabStop: firstTabStop(seats.$seatMap.get(), seats.$zone.get()),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape decides when the rows are written again
    [shape, seats, interactive],
  );

  // Opens with every seat big enough to tap (zoomed in on a phone), down to the whole room.
  const zoom = useSeatMapZoom(scrollerRef, contentRef, map);
  const zoomKey = useRef(zoom.onKey);
  useLayoutEffect(() => {
    zoomKey.current = zoom.onKey;
  });

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    return attachSeatGrid(grid, seats, { interactive, onZoomKey: (key) => zoomKey.current(key) });
  }, [html, seats, interactive]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {toolbar}
        <ZoomControls zoom={zoom} />
      </div>
      <div
        ref={scrollerRef}
        data-seat-scroller
        className="w-full touch-pan-x touch-pan-y overflow-x-auto overscroll-x-contain pb-2"
      >
        <div ref={contentRef} className="seat-map-content mx-auto flex w-max flex-col items-center gap-1 px-2">
          <div className="mb-2 w-full">
            <div
              aria-hidden="true"
              className="mx-auto h-2 w-4/5 rounded-t-[100%] bg-gradient-to-b from-brand/80 to-transparent"
            />
            <p className="mt-1 text-center text-xs font-bold tracking-[0.4em] text-muted">{BOOKING_TEXTS.screen}</p>
          </div>
          {/* The grid's focus is its one seat with tabIndex 0 (a roving tab stop), handled by seat-grid.ts. */}
          <div
            key={shape}
            ref={gridRef}
            role="grid"
            aria-label="Mapa de sillas"
            aria-keyshortcuts="+ -"
            aria-describedby={zoom.hintId}
            aria-readonly={!interactive}
            className="flex flex-col gap-0.5"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
      </div>
      <SeatLegend map={map} zone={zone} />
      <ZoomHint zoom={zoom} />
    </div>
  );
});

/** The kinds of seat the map shows besides the spec's three, in the legend's order. */
function shownLooks(map: SeatMapView, zone: string | null): { otherZones: string[]; wheelchair: boolean } {
  const otherZones = new Set<string>();
  let wheelchair = false;
  for (const row of map.rows)
    for (const cell of row.cells) {
      if (cell.kind !== 'seat') continue;
      const look = seatLook(cell, zone, false);
      if (look === 'other-zone') otherZones.add(cell.zone);
      else if (look === 'disabled') wheelchair = true;
    }
  return { otherZones: [...otherZones], wheelchair };
}

const Swatch = ({ look, glyph = '' }: { look: SeatLook; glyph?: string }) => (
  <span aria-hidden="true" className="seat seat-swatch" data-look={look}>
    {glyph}
  </span>
);

/**
 * 'Disponibles', 'Ocupadas', 'Seleccionadas', and every other kind of seat the map shows: the
 * seats of another zone (dimmed, named by their zone) and the wheelchair spaces (issue 38).
 */
const SeatLegend = memo(function SeatLegend({ map, zone }: { map: SeatMapView; zone: string | null }) {
  const { otherZones, wheelchair } = useMemo(() => shownLooks(map, zone), [map, zone]);
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm" aria-label={PURCHASE_TEXTS.legend}>
      <li className="flex items-center gap-2">
        <Swatch look="available" />
        <span>{BOOKING_TEXTS.legendAvailable}</span>
      </li>
      <li className="flex items-center gap-2">
        <Swatch look="occupied" glyph="✕" />
        <span>{BOOKING_TEXTS.legendOccupied}</span>
      </li>
      <li className="flex items-center gap-2">
        <Swatch look="selected" />
        <span>{BOOKING_TEXTS.legendSelected}</span>
      </li>
      {otherZones.length > 0 && (
        <li className="flex items-center gap-2">
          <Swatch look="other-zone" />
          <span>{PURCHASE_TEXTS.legendOtherZone(otherZones)}</span>
        </li>
      )}
      {wheelchair && (
        <li className="flex items-center gap-2">
          <Swatch look="disabled" glyph="♿" />
          <span>{PURCHASE_TEXTS.legendWheelchair}</span>
        </li>
      )}
    </ul>
  );
});
