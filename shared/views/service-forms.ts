import { z } from 'zod';

/** `POST /bff/forms/pqr` and `POST /bff/forms/ethics`, 201: the cinema API took the report. */
export const ServiceFormReceiptSchema = z.object({
  /** The API's filing number ('radicado'), when it gave one. */
  reference: z.string().nullable(),
});
export type ServiceFormReceipt = z.infer<typeof ServiceFormReceiptSchema>;

/** `GET /bff/forms/ethics-line`: what /linea-etica shows from configuration (public). */
export const EthicsLineViewSchema = z.object({
  /** The corporate ethics-line e-mail address. */
  email: z.string(),
});
