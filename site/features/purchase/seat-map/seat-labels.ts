import type { SeatCell } from '#shared/views/booking.ts';
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

export const isPickable = (look: SeatLook): boolean => look === 'available' || look === 'selected';
