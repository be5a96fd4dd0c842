import type { SeatCell, SeatMap } from '#shared/views/booking.ts';
import { seatViewState } from '#shared/booking/seat-map.ts';

/** How a seat looks and is announced, given the chosen zone and the selection. */
export type SeatLook = 'available' | 'selected' | 'occupied' | 'disabled' | 'other-zone';

export function seatLook(cell: SeatCell, zone: string | null, selected: boolean): SeatLook {
  if (selected) return 'selected';
  const state = seatViewState(cell, zone);
  // A seat held by this person but not in the selection is theirs to pick again.
  return state === 'mine' ? 'available' : state;
}

const STATE_WORDS: Record<SeatLook, string> = {
  available: 'disponible',
  selected: 'seleccionada',
  occupied: 'ocupada',
  disabled: 'para personas con discapacidad, no disponible en línea',
  'other-zone': 'de otra ubicación, no disponible',
};

/** 'Fila F, silla 7, disponible'. */
export function seatAccessibleName(cell: SeatCell, look: SeatLook): string {
  return `Fila ${cell.row}, silla ${cell.number}, ${STATE_WORDS[look]}`;
}

/**
 * What the seat shows: its number, or a mark that does not rely on colour (WCAG 1.4.1): a cross
 * on a taken seat, the wheelchair sign on a wheelchair space. The name says it in words.
 */
export function seatGlyph(cell: SeatCell, look: SeatLook): string {
  if (look === 'disabled') return '♿';
  if (look === 'occupied') return '✕';
  return String(cell.number);
}

export const isPickable = (look: SeatLook): boolean => look === 'available' || look === 'selected';

/** The seat that takes Tab first: the first one the person can pick, else the first seat. */
export function firstTabStop(map: SeatMap, zone: string | null): string | null {
  let first: string | null = null;
  for (const row of map.rows)
    for (const cell of row.cells) {
      if (cell.kind !== 'seat') continue;
      if (isPickable(seatLook(cell, zone, false))) return cell.id;
      first ??= cell.id;
    }
  return first;
}
