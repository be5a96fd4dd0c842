/** Our own texts of the pages after paying, where the spec quotes none. */
export const AFTER_PAYMENT_TEXTS = {
  addToCalendar: 'Agregar a mi calendario',
  paymentDetail: 'Ver el detalle del pago',
} as const;
