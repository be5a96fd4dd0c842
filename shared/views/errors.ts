import { z } from 'zod';
import { BFF_ERROR_CODES } from './error-codes.ts';

/** The list lives in `error-codes.ts`, without zod, so the browser can import it. */
export { BFF_ERROR_CODES, type BffErrorCode } from './error-codes.ts';

export const BffErrorCodeSchema = z.enum(BFF_ERROR_CODES);

/** Every BFF error answer: `{ error: { code, message, fields? } }`. */
export const ErrorViewSchema = z.object({
  error: z.object({
    code: BffErrorCodeSchema,
    message: z.string(),
    /** Form validation problems: field name to its (first) Spanish message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorView = z.infer<typeof ErrorViewSchema>;
