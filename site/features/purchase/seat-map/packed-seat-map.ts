import { seatId } from '#shared/booking/seat-map.ts';
import type { BookingView, MapCell, SeatMap, SeatState } from '#shared/views/booking.ts';

/**
 * The seat map as the purchase page hands it to its island (issue 40): one short text per row
 * instead of an object per seat. Astro writes an island's props into the page as tagged JSON
 * (an object per seat was about 270 bytes, 280 KB for 1,040 seats, read again by the browser
 * before the map answers a tap); this is about 4 bytes a seat. `unpackSeatMap` gives back the
 * view's `SeatMap` exactly for the maps `buildSeatMap` makes (the unit tests round-trip them),
 * so the stores and the rules work on the BFF's shape.
 */
export interface PackedSeatMap {
  columns: number;
  /** The zone names, each cell naming one by its position in this list. */
  zones: string[];
  rows: PackedRow[];
}

/**
 * A row: its letter, its grid index, one state letter per grid column (`_` an aisle), one zone
 * letter per column (`zoneCode`), each seat's number in order, and each seat's own row letter
 * when one differs from the row's.
 */
type PackedRow = [label: string, index: number, states: string, zones: string, numbers: number[], letters?: string[]];

const STATE_CODES: Record<SeatState, string> = { available: 'a', mine: 'm', occupied: 'o', disabled: 'd' };
const CODE_STATES: Record<string, SeatState> = { a: 'available', m: 'mine', o: 'occupied', d: 'disabled' };
const AISLE = '_';
/** Zone positions as one character each, from '0' on (any room has a handful). */
const zoneCode = (position: number): string => String.fromCharCode(48 + position);

export function packSeatMap(map: SeatMap): PackedSeatMap {
  const zones: string[] = [];
  const zoneOf = (zone: string): string => {
    let position = zones.indexOf(zone);
    if (position < 0) position = zones.push(zone) - 1;
    return zoneCode(position);
  };
  const rows = map.rows.map((row): PackedRow => {
    let states = '';
    let zoneCodes = '';
    const numbers: number[] = [];
    const letters: string[] = [];
    let ownLetters = false;
    for (const cell of row.cells) {
      // A cell's column is its place in the texts: buildSeatMap gives every grid column a cell,
      // and a column missing from a row is drawn as the empty cell it would look like.
      while (states.length < cell.column - 1) {
        states += AISLE;
        zoneCodes += AISLE;
      }
      if (cell.kind === 'aisle') {
        states += AISLE;
        zoneCodes += AISLE;
        continue;
      }
      states += STATE_CODES[cell.state];
      zoneCodes += zoneOf(cell.zone);
      numbers.push(cell.number);
      letters.push(cell.row);
      if (cell.row !== row.label) ownLetters = true;
    }
    return ownLetters
      ? [row.label, row.index, states, zoneCodes, numbers, letters]
      : [row.label, row.index, states, zoneCodes, numbers];
  });
  return { columns: map.columns, zones, rows };
}

export function unpackSeatMap(packed: PackedSeatMap): SeatMap {
  return {
    columns: packed.columns,
    rows: packed.rows.map(([label, index, states, zoneCodes, numbers, letters]) => {
      let seat = 0;
      const cells: MapCell[] = [];
      for (let position = 0; position < states.length; position += 1) {
        const column = position + 1;
        const state = CODE_STATES[states[position] ?? ''];
        if (!state) {
          cells.push({ kind: 'aisle', column });
          continue;
        }
        const number = numbers[seat] ?? 0;
        const row = letters?.[seat] ?? label;
        seat += 1;
        const zone = packed.zones[(zoneCodes.charCodeAt(position) || 48) - 48] ?? '';
        cells.push({ kind: 'seat', id: seatId(row, number), row, number, column, zone, state });
      }
      return { label, index, cells };
    }),
  };
}

/** The booking view as the island receives it: the same, with its seat map packed. */
export type PackedBookingView = Omit<BookingView, 'seatMap'> & { seatMap: PackedSeatMap };

export const packBookingView = (view: BookingView): PackedBookingView => ({
  ...view,
  seatMap: packSeatMap(view.seatMap),
});

export const unpackBookingView = (view: PackedBookingView): BookingView => ({
  ...view,
  seatMap: unpackSeatMap(view.seatMap),
});
