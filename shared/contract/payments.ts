import { z } from 'zod';
import { PAY_METHODS } from '../cinema-api/payments.ts';
import {
  BanksViewSchema,
  PaymentResultViewSchema,
  TicketPaymentBodies,
  TransactionViewSchema,
} from '../views/booking.ts';
import { HELD_BY_WAITING_ROOM } from '../views/waiting-room.ts';
import type { ErrorStatus } from './endpoint.ts';
import { endpoints } from './endpoint.ts';
import { BillParamsSchema } from './params.ts';

/**
 * The card and the PSE payment of a paid product, declared once for every product: its two
 * bodies (`paymentBodiesOf` in views/booking.ts), its answer, and the errors any payment gives
 * (401 without a session, 402 declined, 409 what the person saw changed or a payment runs, 502).
 * The tickets' entries are below, the membership's in membership.ts.
 */
export function paymentEntriesOf<
  C extends z.ZodType,
  P extends z.ZodType,
  A extends z.ZodType,
  E extends Partial<Record<ErrorStatus, z.ZodType>> = Record<never, never>,
>(what: string, bodies: { card: C; pse: P }, answer: A, errorBodies?: E) {
  const errors = [401, 402, 409, 502] as const;
  const refusals = { errorBodies: errorBodies ?? ({} as E) };
  return {
    card: {
      description: `Pays ${what} by card, once: the BFF prices it itself and charges only what it computes; a second send answers the first one's outcome.`,
      body: bodies.card,
      answer,
      errors,
      ...refusals,
    },
    pse: {
      description: `Starts the PSE payment of ${what}, once: the answer carries the bank's page the browser goes to.`,
      body: bodies.pse,
      answer,
      errors,
      ...refusals,
    },
  };
}

const tickets = paymentEntriesOf(
  'the held seats and the cart (only when it is what the person saw)',
  TicketPaymentBodies,
  PaymentResultViewSchema,
  HELD_BY_WAITING_ROOM,
);

/**
 * Paying the held seats and snacks (card or PSE) and reading a payment's outcome afterwards.
 * Every endpoint needs a session; a payment goes through the showtime's waiting room.
 */
export const paymentEndpoints = endpoints({
  'GET /payments/banks': {
    description: 'The banks PSE offers now.',
    answer: BanksViewSchema,
    errors: [401, 502],
  },
  'POST /payments/card': tickets.card,
  'POST /payments/pse': tickets.pse,
  'GET /payments/transactions/:bill': {
    description:
      'A bill of the person as `/estado-transaccion/{bill}` shows it (the payment provider comes back there).',
    params: BillParamsSchema,
    answer: TransactionViewSchema,
    errors: [401, 404, 502],
  },
  'GET /payments/status/:method/:bill': {
    description: 'A bill of the person as `/pay-status/{type}/{bill}` shows it, asked of its pay method.',
    params: BillParamsSchema.extend({ method: z.enum(PAY_METHODS) }),
    answer: TransactionViewSchema,
    errors: [401, 404, 502],
  },
});
