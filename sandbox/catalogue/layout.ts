import type { LayoutPosition } from '#shared/cinema-api/booking.ts';
import { SEAT_TYPE_AISLE, SEAT_TYPE_DISABLED, SEAT_TYPE_NORMAL } from '#shared/cinema-api/seat-types.ts';
import type { RoomSeed } from '../db/seed/rooms.ts';

function zoneOfRow(room: RoomSeed, row: number): string {
  if (room.vip) return 'VIP';
  return row <= room.generalRows ? 'General' : 'Preferencial';
}

/** The room grid, row by row: seats plus aisle cells; the back row's first two seats are for disabled persons. */
export function buildLayout(room: RoomSeed): LayoutPosition[] {
  const positions: LayoutPosition[] = [];
  for (let row = 1; row <= room.rows; row += 1) {
    const letter = String.fromCharCode(64 + row);
    const zone = zoneOfRow(room, row);
    let column = 0;
    for (let seat = 1; seat <= room.seatsPerRow; seat += 1) {
      column += 1;
      const disabled = row === room.rows && seat <= 2;
      positions.push({
        ColumnaRelativa: seat,
        ColumnaTotal: column,
        FilaRelativa: letter,
        FilaTotal: row,
        TipoSilla: disabled ? SEAT_TYPE_DISABLED : SEAT_TYPE_NORMAL,
        TipoZona: zone,
      });
      if (room.aislesAfter.includes(seat)) {
        column += 1;
        positions.push({
          ColumnaRelativa: 0,
          ColumnaTotal: column,
          FilaRelativa: letter,
          FilaTotal: row,
          TipoSilla: SEAT_TYPE_AISLE,
          TipoZona: '',
        });
      }
    }
  }
  return positions;
}

export function seatKey(fila: number, columna: number): string {
  return `${fila}:${columna}`;
}

export function seatLabel(position: Pick<LayoutPosition, 'FilaRelativa' | 'ColumnaRelativa'>): string {
  return `${position.FilaRelativa}-${position.ColumnaRelativa}`;
}
