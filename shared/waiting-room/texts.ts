/**
 * The waiting room's words (ours: the spec has no waiting room), for the BFF's refusals and
 * the waiting page. The sold-out sentence is the issue's.
 */
export const WAITING_ROOM_TEXTS = {
  mustWait: 'Hay fila para comprar en esta función. Espera tu turno en la sala de espera.',
  passTaken: 'Este turno pertenece a otra cuenta. Haz tu propia fila para comprar.',
  closed: 'La sala de espera no está disponible en este momento. Vuelve en unos minutos.',
  soldOut: 'Las sillas de esta función se agotaron',
} as const;
