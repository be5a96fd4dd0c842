import { z } from 'zod';
import { TokenAnswerSchema } from '../accounts.ts';
import { BillAnswerSchema, BillsAnswerSchema, TicketCodesAnswerSchema } from '../bills.ts';
import { cinemaCalls } from '../call.ts';
import {
  CardPayAnswerSchema,
  CardPayPayloadSchema,
  PAY_METHODS,
  PayTokenPayloadSchema,
  PsePayAnswerSchema,
  PsePayPayloadSchema,
} from '../payments.ts';

const bill = z.object({ bill: z.string().min(1) });

/** Payments and bills of document 2: the pay token, card and PSE, and every read of a bill. */
export const paymentCalls = cinemaCalls({
  'POST /pay-token': {
    description: 'A single-use token (10 minutes) for one card payment of a consecutive.',
    auth: 'bearer',
    secretHeader: 'registrationKey',
    body: PayTokenPayloadSchema,
    answer: TokenAnswerSchema,
    errors: [401, 403, 422],
  },
  'POST /epayco/card/pay': {
    description: 'Pays a purchase (tickets or the membership) by card: accepted or pending (200), declined (402).',
    auth: 'bearer',
    body: CardPayPayloadSchema,
    answer: CardPayAnswerSchema,
    answerAlsoOn: [402],
    errors: [401, 402, 422],
  },
  'POST /epayco/pse/pay': {
    description: "Starts a PSE payment: the bill is pending and `pse_url` is the bank's page.",
    auth: 'bearer',
    body: PsePayPayloadSchema,
    answer: PsePayAnswerSchema,
    errors: [401, 422],
  },
  'GET /epayco/:method/status/:bill': {
    description: "A bill of the caller, asked of its pay method (`card` or `pse`, the bill's own).",
    auth: 'bearer',
    params: bill.extend({ method: z.enum(PAY_METHODS) }),
    answer: BillAnswerSchema,
    errors: [401, 404],
  },
  'GET /pay-responses/:bill/status': {
    description: "A bill of the caller, as the payment provider's return page reads it.",
    auth: 'bearer',
    params: bill,
    answer: BillAnswerSchema,
    errors: [401, 404],
  },
  'GET /profile/purchases': {
    description: "The caller's bills, newest first, every status.",
    auth: 'bearer',
    answer: BillsAnswerSchema,
    errors: [401],
  },
  'GET /profile/purchases/:id': {
    description: "One bill of the caller by its number ('VZ000123') or id.",
    auth: 'bearer',
    params: z.object({ id: z.string().min(1) }),
    answer: BillAnswerSchema,
    errors: [401, 404],
  },
  'GET /bills/:bill': {
    description: 'One bill of the caller by its number.',
    auth: 'bearer',
    params: bill,
    answer: BillAnswerSchema,
    errors: [401, 404],
  },
  'GET /bills/:bill/codes': {
    description: "A bill's ticket codes ([] unless accepted).",
    auth: 'bearer',
    params: bill,
    answer: TicketCodesAnswerSchema,
    errors: [401, 404],
    notCalledByBff: 'every read of a bill carries its codes, so the ticket page needs no second call',
  },
});
