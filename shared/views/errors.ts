import { z } from 'zod';

/** Every BFF error answer: `{ error: { code, message, fields? } }`. */
export const ErrorViewSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Form validation problems: field name to its (first) Spanish message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorView = z.infer<typeof ErrorViewSchema>;
