import type { SeatCell, SeatMap } from '#shared/views/booking.ts';
import { isPickable, seatAccessibleName, seatGlyph, seatLook, type SeatLook } from './seat-labels.ts';

/**
 * The seat map's rows as HTML (issue 40): written once per room by the server and by the
 * browser alike, then kept up to date by `seat-grid.ts`, never re-rendered by React. A room's
 * seats are the page's largest part (1,040 buttons in the biggest); as React elements each cost
 * its render, its hydration and its share of every re-render, and their markup carried a
 * utility class list per seat. Here a seat is a short class and a `data-look` (styles in
 * `styles/global.css`, "The seat map"). Every text from the cinema API (row letters, seat ids)
 * is escaped.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? '');

/** The attributes a seat's look sets, written into the HTML and later onto the button. */
export interface SeatAttributes {
  look: SeatLook;
  pressed: boolean;
  disabled: boolean;
  label: string;
  glyph: string;
}

export function seatAttributes(cell: SeatCell, look: SeatLook, interactive: boolean): SeatAttributes {
  return {
    look,
    pressed: look === 'selected',
    disabled: !(interactive && isPickable(look)),
    label: seatAccessibleName(cell, look),
    glyph: seatGlyph(cell, look),
  };
}

export interface SeatGridState {
  map: SeatMap;
  zone: string | null;
  selected: ReadonlySet<string>;
  interactive: boolean;
  /** The seat that takes Tab (roving tabindex). */
  tabStop: string | null;
}

function seatHtml(cell: SeatCell, { zone, selected, interactive, tabStop }: SeatGridState): string {
  const seat = seatAttributes(cell, seatLook(cell, zone, selected.has(cell.id)), interactive);
  return (
    `<span role="gridcell" class="seat-cell"><button type="button" class="seat" data-seat="${escapeHtml(cell.id)}"` +
    ` data-look="${seat.look}" tabindex="${cell.id === tabStop ? 0 : -1}" aria-label="${escapeHtml(seat.label)}"` +
    ` aria-pressed="${seat.pressed}" aria-disabled="${seat.disabled}">${escapeHtml(seat.glyph)}</button></span>`
  );
}

/** Every row: its letter at both ends (sticky, so a map scrolled sideways keeps them), its cells. */
export function seatGridHtml(state: SeatGridState): string {
  let html = '';
  for (const row of state.map.rows) {
    const letter = escapeHtml(row.label);
    html += `<div role="row" class="seat-row"${row.label ? ` aria-label="Fila ${letter}"` : ''}>`;
    html += `<span role="rowheader" class="seat-letter seat-letter-start">${letter}</span>`;
    for (const cell of row.cells)
      html += cell.kind === 'aisle' ? '<span role="gridcell" class="seat-cell"></span>' : seatHtml(cell, state);
    html += `<span aria-hidden="true" class="seat-letter seat-letter-end">${letter}</span></div>`;
  }
  return html;
}

/** What the rows' HTML depends on besides the seats' looks: a change here writes the rows again. */
export function seatGridShape(map: SeatMap): string {
  return map.rows
    .map((row) => `${row.label}:${row.cells.map((cell) => (cell.kind === 'seat' ? cell.id : '_')).join(',')}`)
    .join('|');
}
