import type { PaymentMethodView } from '#shared/views/booking.ts';

/** A way to pay once the brand is chosen: by card, or by bank (PSE). */
export type PayMethod = 'card' | 'pse';

/** The methods the payment method allows, card first; PSE only when the page can pay by PSE. */
export function offeredMethods(methods: PaymentMethodView, pseAvailable = true): PayMethod[] {
  return [...(methods.card ? (['card'] as const) : []), ...(methods.pse && pseAvailable ? (['pse'] as const) : [])];
}
