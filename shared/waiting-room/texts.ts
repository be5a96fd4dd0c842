import { bogotaTime } from '../format/bogota-time.ts';
import { formatHour } from '../format/dates.ts';

/**
 * The waiting room's words (ours: the spec has no waiting room), for the BFF's refusals, the
 * waiting page and the purchase page. The sold-out sentence is the issue's.
 */
export const WAITING_ROOM_TEXTS = {
  mustWait: 'Hay fila para comprar en esta función. Espera tu turno en la sala de espera.',
  passTaken: 'Este turno pertenece a otra cuenta. Haz tu propia fila para comprar.',
  closed: 'La sala de espera no está disponible en este momento. Vuelve en unos minutos.',
  soldOut: 'Las sillas de esta función se agotaron',
} as const;

/** '10:25 a. m.' in Bogotá, for an instant in epoch milliseconds. */
export const hourOf = (instant: number): string => formatHour(bogotaTime(instant));

/** 'Tienes hasta las 10:25 a. m. para elegir tus sillas.' (`until` in epoch milliseconds). */
export const passUntilText = (until: number): string => `Tienes hasta las ${hourOf(until)} para elegir tus sillas.`;

/** The purchase page's word to someone a presale's waiting room let in, who holds no seats yet. */
export const turnNoticeText = (until: number): string =>
  `Es tu turno. ${passUntilText(until)} Si no las eliges a tiempo, tu turno pasa a la siguiente persona de la fila.`;
