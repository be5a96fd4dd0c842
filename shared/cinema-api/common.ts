import { z } from 'zod';

// Shapes every cinema-API answer shares. The API speaks Laravel: `{data: ...}` envelopes,
// 422 `{message, errors}` for invalid payloads, 401 `{message: 'Unauthenticated.'}`.

/** 'YYYY-MM-DD HH:mm:ss' in America/Bogota (the spec's "date space time" form). */
export const DateTimeTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** 'YYYY-MM-DD' (a calendar day in America/Bogota). */
export const DateTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** 'HH:mm:ss' (24 h, America/Bogota). */
export const TimeTextSchema = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

/** A call that takes no payload sends `{}` (the API reads an empty body as `{}` too). */
export const EmptyPayloadSchema = z.object({});

/** Any answer carrying only a message: 401, 403, 404, and some successes. */
export const MessageAnswerSchema = z.object({ message: z.string() });

/** 422: `message` repeats the first error; `errors` maps each field to its messages. */
export const ValidationErrorAnswerSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorAnswer = z.infer<typeof ValidationErrorAnswerSchema>;

/** `{ data: T }`, the envelope of most answers. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** `{ data: { data: T } }`, used by the score (point of sale) and pay-brand reads. */
export function nestedDataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.object({ data: schema }) });
}

/** Laravel-style "required" message, for payload fields. */
export function requiredMessage(label: string): string {
  return `El campo ${label} es obligatorio.`;
}

/** A required, non-blank text field of a payload. */
export function requiredText(label: string, maxLength = 255) {
  const message = requiredMessage(label);
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(maxLength, { error: `El campo ${label} no debe superar ${maxLength} caracteres.` });
}

/** A required whole number of a payload (a JSON number, not a numeric string). */
export function requiredInt(label: string) {
  return z.int({ error: `El campo ${label} debe ser un número entero.` });
}
