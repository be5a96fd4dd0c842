import { describe, expect, it } from 'vitest';
import type { LayoutPosition, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import {
  applySeatStates,
  buildSeatMap,
  encodeSeatStates,
  isSelectable,
  seatViewState,
  seatsById,
} from '#shared/booking/seat-map.ts';
import type { SeatCell } from '#shared/views/booking.ts';

const seat = (
  row: string,
  rowIndex: number,
  number: number,
  column: number,
  zone = 'General',
  type = 'Normal',
): LayoutPosition => ({
  ColumnaRelativa: number,
  ColumnaTotal: column,
  FilaRelativa: row,
  FilaTotal: rowIndex,
  TipoSilla: type,
  TipoZona: zone,
});
const aisle = (row: string, rowIndex: number, column: number): LayoutPosition => ({
  ColumnaRelativa: 0,
  ColumnaTotal: column,
  FilaRelativa: row,
  FilaTotal: rowIndex,
  TipoSilla: 'pasillo',
  TipoZona: '',
});

// Row A: 1 2 | 3 (disabled-person seat);  row B: 1 2 | 3 in the Preferencial zone.
const layout: LayoutPosition[] = [
  seat('A', 1, 1, 1),
  seat('A', 1, 2, 2),
  aisle('A', 1, 3),
  seat('A', 1, 3, 4, 'General', 'Discapacitado'),
  seat('B', 2, 1, 1, 'Preferencial'),
  seat('B', 2, 2, 2, 'Preferencial'),
  aisle('B', 2, 3),
  seat('B', 2, 3, 4, 'Preferencial'),
];
const status: RoomStatusRow[] = [
  {
    filRel: 'A',
    filTot: 1,
    DescripcionSilla: [
      { Columna: 1, EstadoSilla: 'S', TipoSilla: 'Normal' },
      { Columna: 2, EstadoSilla: 'R', TipoSilla: 'Normal' },
      { Columna: 4, EstadoSilla: 'S', TipoSilla: 'Discapacitado' },
    ],
  },
  {
    filRel: 'B',
    filTot: 2,
    DescripcionSilla: [
      { Columna: 1, EstadoSilla: 'O', TipoSilla: 'Normal' },
      { Columna: 2, EstadoSilla: 'V', TipoSilla: 'Normal' },
      // Column 4 has no status entry: it is not sold as free.
    ],
  },
];

describe('seat map', () => {
  const map = buildSeatMap(layout, status);

  it('lays out every row and column with aisles', () => {
    expect(map.columns).toBe(4);
    expect(map.rows.map((row) => row.label)).toEqual(['A', 'B']);
    expect(map.rows[0]?.cells.map((cell) => cell.kind)).toEqual(['seat', 'seat', 'aisle', 'seat']);
  });

  it('maps S to available, R to mine, O and V to occupied, disabled-person seats and missing status to unavailable', () => {
    expect(encodeSeatStates(map)).toEqual(['am_d', 'oo_o']);
    const seats = seatsById(map);
    expect(seats.get('A-1')).toMatchObject({ row: 'A', number: 1, column: 1, zone: 'General', state: 'available' });
    expect(seats.get('B-3')?.state).toBe('occupied');
  });

  it('shows seats of another zone as unavailable and lets only the chosen zone be picked', () => {
    const a1 = seatsById(map).get('A-1') as SeatCell;
    expect(seatViewState(a1, 'General')).toBe('available');
    expect(seatViewState(a1, 'Preferencial')).toBe('other-zone');
    expect(isSelectable(a1, 'General')).toBe(true);
    expect(isSelectable(a1, 'Preferencial')).toBe(false);
    const a2 = seatsById(map).get('A-2') as SeatCell;
    expect(isSelectable(a2, 'General')).toBe(true);
    const disabled = seatsById(map).get('A-3') as SeatCell;
    expect(isSelectable(disabled, 'General')).toBe(false);
  });

  it('applies live updates, keeping unchanged rows as they were', () => {
    const next = applySeatStates(map, ['om_d', 'oo_o']);
    expect(seatsById(next).get('A-1')?.state).toBe('occupied');
    expect(next.rows[1]).toBe(map.rows[1]);
    expect(applySeatStates(map, encodeSeatStates(map))).toBe(map);
    expect(applySeatStates(map, ['x'])).toBe(map);
  });
});
