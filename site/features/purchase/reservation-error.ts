import { BOOKING_TEXTS } from '#shared/booking/texts.ts';

/**
 * The message of the reservation-failure modal (document 2, section 8): the server's message,
 * or 'Por favor, elige otro asiento' when there is none; 'Unauthenticated.' or anything
 * mentioning 'OCUPADA' becomes 'Las sillas ya están reservadas.'.
 */
export function reservationErrorMessage(serverMessage: string | null | undefined): string {
  const message = serverMessage?.trim() ?? '';
  if (message === '') return BOOKING_TEXTS.reserveErrorFallback;
  if (message === 'Unauthenticated.' || message.toUpperCase().includes('OCUPADA')) {
    return BOOKING_TEXTS.seatsAlreadyReserved;
  }
  return message;
}
