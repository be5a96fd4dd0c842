import { z } from 'zod';
import { PAY_METHODS } from '../cinema-api/payments.ts';
import {
  BanksViewSchema,
  CardPaymentBodySchema,
  PaymentResultViewSchema,
  PsePaymentBodySchema,
  TransactionViewSchema,
} from '../views/booking.ts';
import { endpoints } from './endpoint.ts';
import { BillParamsSchema } from './params.ts';

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
  'POST /payments/card': {
    description:
      'Pays the held seats and the cart by card, once: the BFF prices the purchase itself and charges only when it is what the person saw.',
    body: CardPaymentBodySchema,
    answer: PaymentResultViewSchema,
    errors: [401, 402, 409, 502],
  },
  'POST /payments/pse': {
    description:
      "Starts the PSE payment of the held seats and the cart, once: the answer carries the bank's page the browser goes to.",
    body: PsePaymentBodySchema,
    answer: PaymentResultViewSchema,
    errors: [401, 402, 409, 502],
  },
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
