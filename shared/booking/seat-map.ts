import type { MapCell, SeatCell, SeatMap, SeatRow, SeatState } from '../views/booking.ts';
import type { LayoutPosition, RoomStatusRow } from '../cinema-api/booking.ts';
import { SEAT_TYPE_AISLE, SEAT_TYPE_DISABLED } from '../cinema-api/seat-types.ts';

/**
 * The seat map as the island renders it, built from the room layout (static) and the room
 * status (changes). Seat states: available ('S'), mine ('R': held by this person), occupied
 * (anything else, or no status at all), disabled-person seat (never sold on the web); a
 * grid position without a seat is an aisle. "Other zone" depends on the zone the person
 * picked, so the island derives it with `seatViewState`.
 */
export type SeatViewState = SeatState | 'other-zone';

export const seatId = (row: string, number: number): string => `${row}-${number}`;

/** One letter per grid cell of a row: a available, m mine, o occupied, d disabled, _ aisle. */
const STATE_CODES: Record<SeatState, string> = { available: 'a', mine: 'm', occupied: 'o', disabled: 'd' };
const CODE_STATES: Record<string, SeatState> = { a: 'available', m: 'mine', o: 'occupied', d: 'disabled' };

const isAisle = (position: LayoutPosition): boolean =>
  position.TipoSilla.toLowerCase() === SEAT_TYPE_AISLE || position.ColumnaRelativa <= 0;

/**
 * Seat states by grid position from the room status: 'FilaTotal:ColumnaTotal' → state.
 * A status row is matched by its filTot.
 */
export function seatStatesFromStatus(status: ReadonlyArray<RoomStatusRow>): Map<string, SeatState> {
  const states = new Map<string, SeatState>();
  for (const row of status) {
    for (const seat of row.DescripcionSilla) {
      let state: SeatState;
      if (seat.TipoSilla === SEAT_TYPE_DISABLED) state = 'disabled';
      else if (seat.EstadoSilla === 'S') state = 'available';
      else if (seat.EstadoSilla === 'R') state = 'mine';
      else state = 'occupied';
      states.set(`${row.filTot}:${seat.Columna}`, state);
    }
  }
  return states;
}

/** The full seat map: every grid row from the first to the last, every column of the room. */
export function buildSeatMap(layout: ReadonlyArray<LayoutPosition>, status: ReadonlyArray<RoomStatusRow>): SeatMap {
  const states = seatStatesFromStatus(status);
  let columns = 0;
  let lastRow = 0;
  const byRow = new Map<number, LayoutPosition[]>();
  for (const position of layout) {
    columns = Math.max(columns, position.ColumnaTotal);
    lastRow = Math.max(lastRow, position.FilaTotal);
    const list = byRow.get(position.FilaTotal);
    if (list) list.push(position);
    else byRow.set(position.FilaTotal, [position]);
  }

  const rows: SeatRow[] = [];
  for (let index = 1; index <= lastRow; index += 1) {
    const positions = byRow.get(index) ?? [];
    const byColumn = new Map(positions.map((position) => [position.ColumnaTotal, position]));
    const cells: MapCell[] = [];
    let label = '';
    for (let column = 1; column <= columns; column += 1) {
      const position = byColumn.get(column);
      if (!position || isAisle(position)) {
        cells.push({ kind: 'aisle', column });
        continue;
      }
      label ||= position.FilaRelativa;
      const fromStatus = states.get(`${index}:${column}`) ?? 'occupied';
      const state: SeatState = position.TipoSilla === SEAT_TYPE_DISABLED ? 'disabled' : fromStatus;
      cells.push({
        kind: 'seat',
        id: seatId(position.FilaRelativa, position.ColumnaRelativa),
        row: position.FilaRelativa,
        number: position.ColumnaRelativa,
        column,
        zone: position.TipoZona,
        state,
      });
    }
    rows.push({ label, index, cells });
  }
  return { columns, rows };
}

/** The state a seat shows given the zone the person picked (null: none picked yet). */
export function seatViewState(cell: SeatCell, selectedZone: string | null): SeatViewState {
  if (cell.state === 'available' && selectedZone !== null && cell.zone !== selectedZone) return 'other-zone';
  return cell.state;
}

/** True when a person may pick (or un-pick) this seat in the chosen zone. */
export function isSelectable(cell: SeatCell, selectedZone: string | null): boolean {
  return selectedZone !== null && cell.zone === selectedZone && (cell.state === 'available' || cell.state === 'mine');
}

/** The seat states as one short text per grid row (what live updates carry). */
export function encodeSeatStates(map: SeatMap): string[] {
  return map.rows.map((row) =>
    row.cells.map((cell) => (cell.kind === 'aisle' ? '_' : STATE_CODES[cell.state])).join(''),
  );
}

/**
 * A seat map with new states applied (from `encodeSeatStates`). Unchanged rows keep their
 * identity, so an island re-renders only the rows that changed. A malformed update is ignored.
 */
export function applySeatStates(map: SeatMap, encoded: ReadonlyArray<string>): SeatMap {
  if (encoded.length !== map.rows.length) return map;
  let changed = false;
  const rows = map.rows.map((row, rowIndex) => {
    const codes = encoded[rowIndex] ?? '';
    if (codes.length !== row.cells.length) return row;
    let rowChanged = false;
    const cells = row.cells.map((cell, cellIndex) => {
      if (cell.kind === 'aisle') return cell;
      const state = CODE_STATES[codes[cellIndex] ?? ''];
      if (!state || state === cell.state) return cell;
      rowChanged = true;
      return { ...cell, state };
    });
    if (!rowChanged) return row;
    changed = true;
    return { ...row, cells };
  });
  return changed ? { ...map, rows } : map;
}

/** Every seat of the map by id. */
export function seatsById(map: SeatMap): Map<string, SeatCell> {
  const seats = new Map<string, SeatCell>();
  for (const row of map.rows) for (const cell of row.cells) if (cell.kind === 'seat') seats.set(cell.id, cell);
  return seats;
}

/** The map with the person's own held seats shown as theirs (a shared status shows them occupied). */
export function withMySeats(map: SeatMap, mine: ReadonlySet<string>): SeatMap {
  if (mine.size === 0) return map;
  return {
    ...map,
    rows: map.rows.map((row) => {
      if (!row.cells.some((cell) => cell.kind === 'seat' && mine.has(cell.id) && cell.state !== 'mine')) return row;
      return {
        ...row,
        cells: row.cells.map((cell) =>
          cell.kind === 'seat' && mine.has(cell.id) && cell.state !== 'disabled'
            ? { ...cell, state: 'mine' as const }
            : cell,
        ),
      };
    }),
  };
}
