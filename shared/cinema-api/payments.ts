import { z } from 'zod';
import {
  DateTimeTextSchema,
  dataEnvelope,
  nestedDataEnvelope,
  requiredInt,
  requiredMessage,
  requiredText,
} from './common.ts';
import { SelectedSeatSchema } from './booking.ts';

import { PAY_TYPE_MEMBERSHIP, PAY_TYPE_TICKETS, THEATER_ID } from '../booking/constants.ts';

export {
  PAY_TYPE_TICKETS,
  PAY_TYPE_MEMBERSHIP,
  PAY_STATUS_ACCEPTED,
  PAY_STATUS_REJECTED,
  PAY_STATUS_PENDING,
} from '../booking/constants.ts';

/** Bill.pay_method values, also the {method} of GET epayco/{method}/status/{bill}. */
export const PAY_METHODS = ['card', 'pse'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

const PayBrandSchema = z.object({ id: z.number(), name: z.string(), image: z.string() });
export type PayBrand = z.infer<typeof PayBrandSchema>;

/** GET pay-brands: data.data. */
export const PayBrandsAnswerSchema = nestedDataEnvelope(z.array(PayBrandSchema));

const BankSchema = z.object({ bankCode: z.string(), bankName: z.string() });
export type Bank = z.infer<typeof BankSchema>;

/** GET epayco/banks. */
export const BanksAnswerSchema = dataEnvelope(z.array(BankSchema));

/** POST pay-token (bearer + X-Registration-Key). The answer is TokenAnswer (accounts.ts). */
export const PayTokenPayloadSchema = z.object({
  score_consecutive: requiredInt('consecutivo'),
});

/** A chosen recipe alternative of a combo line. */
const ProductChoiceSchema = z.object({ Codigo: requiredText('código de la receta', 40) });

/**
 * One snack line of a purchase. For a combo (Tipo 'A'), Receta lists the chosen
 * alternative of every 'A' group of its recipe (fixed 'P' components need not be listed).
 */
const ProductLineSchema = z.object({
  Codigo: requiredText('código del producto', 40),
  Cantidad: z.int({ error: 'La cantidad debe ser un número entero.' }).min(1, { error: 'La cantidad mínima es 1.' }),
  Receta: z.array(ProductChoiceSchema).default([]),
});
export type ProductLine = z.infer<typeof ProductLineSchema>;

const purchaseFields = {
  /** 1 tickets (with snacks), 3 Club Vizionarios membership. */
  pay_type: z.union([z.literal(PAY_TYPE_TICKETS), z.literal(PAY_TYPE_MEMBERSHIP)], {
    error: 'El tipo de pago no es válido.',
  }),
  subtotal: requiredInt('subtotal'),
  total_service: requiredInt('total del servicio'),
  total: requiredInt('total'),
  device: requiredText('dispositivo', 20),
  score_consecutive: requiredInt('consecutivo'),
  score_payment_method: requiredInt('método de pago'),
  theater_id: z.literal(THEATER_ID, { error: 'El teatro no es válido.' }),
  /** Required for pay_type 1; null or absent for pay_type 3. */
  showtime_id: z.int({ error: 'La función no es válida.' }).nullable().optional(),
  /** The held seats (pay_type 1); [] for pay_type 3. */
  seats: z.array(SelectedSeatSchema).default([]),
  products: z.array(ProductLineSchema).default([]),
  /** Free text kept with the bill (e.g. the chosen recipes in words). */
  products_detail: z.string().optional(),
  /** Free text kept with the bill. */
  products_description: z.string().optional(),
  /** PayBrand.id chosen by the buyer. */
  keyPay: requiredInt('medio de pago'),
};

/** POST epayco/card/pay (bearer). Card fields are digit strings. */
export const CardPayPayloadSchema = z.object({
  ...purchaseFields,
  card_name: requiredText('nombre en la tarjeta', 80),
  card_number: z.string({ error: requiredMessage('número de tarjeta') }),
  cvc: z.string({ error: requiredMessage('código de seguridad') }),
  /** Two digits, '01' to '12'. */
  exp_month: z.string({ error: requiredMessage('mes de vencimiento') }),
  /** Four digits. */
  exp_year: z.string({ error: requiredMessage('año de vencimiento') }),
  /** Instalments 1 to 36. */
  dues: z.int({ error: 'Las cuotas deben ser un número entero.' }),
  /** From POST pay-token; single use, bound to the user and the consecutive. */
  pay_token: requiredText('token de pago'),
});
export type CardPayPayload = z.infer<typeof CardPayPayloadSchema>;
export type CardPayPayloadInput = z.input<typeof CardPayPayloadSchema>;

export const PERSON_TYPES = ['natural', 'juridica'] as const;

/** POST epayco/pse/pay (bearer). */
export const PsePayPayloadSchema = z.object({
  ...purchaseFields,
  /** Bank.bankCode. */
  bank: requiredText('banco', 10),
  name: requiredText('nombre', 80),
  lastname: requiredText('apellido', 80),
  doc_type: z.enum(['CC', 'NIT', 'CE', 'PPN'], { error: 'El tipo de documento no es válido.' }),
  doc_number: requiredText('número de documento', 20),
  email: requiredText('correo electrónico', 120),
  phone: requiredText('teléfono', 20),
  /** Optional: 'natural' or 'juridica'. */
  type_person: z.enum(PERSON_TYPES, { error: 'El tipo de persona no es válido.' }).optional(),
});
export type PsePayPayloadInput = z.input<typeof PsePayPayloadSchema>;

export const PayStatusSchema = z.object({ id: z.number(), name: z.string() });

/**
 * POST epayco/card/pay answer: 200 when accepted (pay_status 1) or pending (3);
 * 402 with the same body when the card is declined (pay_status 2).
 */
export const CardPayAnswerSchema = z.object({
  message: z.string(),
  bill: z.string(),
  pay_status: PayStatusSchema,
});

/** POST epayco/pse/pay answer (200). The bill stays pending until the bank page decides. */
export const PsePayAnswerSchema = z.object({
  /** Absolute URL of the (simulated) bank page; the browser goes there. */
  pse_url: z.string(),
  bill: z.string(),
  payType: z.number(),
  expires_at: DateTimeTextSchema,
});
