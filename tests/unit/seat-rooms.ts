import type { MapCell, SeatMap, SeatState } from '#shared/views/booking.ts';

/**
 * Rooms drawn as text for the seat rules' tests: one line per row, the screen above the first
 * (row A). A line may start with its zone ('P|', 'G|'; General when none); then one character
 * per grid column: `a` free, `o` taken, `m` held by this person, `d` a wheelchair space, `_` an
 * aisle or a gap. Seats are numbered left to right across the row's aisles, as the cinema API
 * numbers them ('C-7').
 */
const STATES: Record<string, SeatState> = { a: 'available', o: 'occupied', m: 'mine', d: 'disabled' };
const ZONES: Record<string, string> = { G: 'General', P: 'Preferencial', V: 'VIP' };

export function room(...lines: string[]): SeatMap {
  let columns = 0;
  const rows = lines.map((line, rowIndex) => {
    const [zoneCode, drawing] = line.includes('|') ? line.split('|') : ['G', line];
    const zone = ZONES[zoneCode ?? 'G'] ?? 'General';
    const label = String.fromCharCode('A'.charCodeAt(0) + rowIndex);
    let number = 0;
    const cells: MapCell[] = [...(drawing ?? '')].map((mark, index) => {
      const column = index + 1;
      const state = STATES[mark];
      if (!state) return { kind: 'aisle', column };
      number += 1;
      return { kind: 'seat', id: `${label}-${number}`, row: label, number, column, zone, state };
    });
    columns = Math.max(columns, cells.length);
    return { label, index: rowIndex + 1, cells };
  });
  return { columns, rows };
}

/** A small deterministic random source (mulberry32), so a failing case can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
