import { z } from 'zod';
import { DateTimeTextSchema, dataEnvelope } from './common.ts';
import { ShowtimeSchema } from './catalogue.ts';
import { PAY_METHODS, PayStatusSchema } from './payments.ts';

const PayTypeSchema = z.object({
  /** 1 tickets, 3 membership. */
  id: z.number(),
  name: z.string(),
});
export type PayType = z.infer<typeof PayTypeSchema>;

const TheaterSchema = z.object({ name: z.string(), fullname: z.string() });

/** One chosen component of a combo line. */
const BillRecipeItemSchema = z.object({
  Codigo: z.string(),
  Descripcion: z.string(),
  Cantidad: z.number(),
});
export type BillRecipeItem = z.infer<typeof BillRecipeItemSchema>;

const BillProductSchema = z.object({
  Codigo: z.string(),
  Descripcion: z.string(),
  Cantidad: z.number(),
  /** Unit price, COP. */
  Precio: z.number(),
  /** Precio × Cantidad. */
  Total: z.number(),
  /** Every component (fixed ones and the chosen alternatives); [] for a single product. */
  Receta: z.array(BillRecipeItemSchema),
});
export type BillProduct = z.infer<typeof BillProductSchema>;

/** A ticket code: the QR image carries `code`; `seat` is the label 'F-7'. */
const TicketCodeSchema = z.object({ code: z.string(), seat: z.string() });
export type TicketCode = z.infer<typeof TicketCodeSchema>;

/** A purchase (bill / transaction). */
const BillSchema = z.object({
  id: z.number(),
  /** The bill number shown as the consecutive: 'VZ000123'. */
  bill: z.string(),
  created_at: DateTimeTextSchema,
  pay_status: PayStatusSchema,
  pay_type: PayTypeSchema,
  pay_method: z.enum(PAY_METHODS),
  theater: TheaterSchema,
  /** null for a membership purchase. */
  showtime: ShowtimeSchema.nullable(),
  /** Seat labels 'F-7'. */
  seats: z.array(z.string()),
  products: z.array(BillProductSchema),
  subtotal: z.number(),
  total_service: z.number(),
  total: z.number(),
  /** One per seat once accepted; [] otherwise. */
  codes: z.array(TicketCodeSchema),
  score_consecutive: z.number(),
});
export type Bill = z.infer<typeof BillSchema>;

/** GET profile/purchases: the caller's bills, newest first. */
export const BillsAnswerSchema = dataEnvelope(z.array(BillSchema));

/**
 * GET profile/purchases/{id}, GET bills/{bill}, GET epayco/{method}/status/{bill},
 * GET pay-responses/{bill}/status.
 */
export const BillAnswerSchema = dataEnvelope(BillSchema);

/** GET bills/{bill}/codes. */
export const TicketCodesAnswerSchema = dataEnvelope(z.array(TicketCodeSchema));
