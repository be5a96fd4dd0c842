import type { z } from 'zod';

/** The first message zod reports for each field, the way a form shows them. */
export function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in messages)) messages[key] = issue.message;
  }
  return messages;
}

/** A complete, valid registration form (the browser's values before validation). */
export const VALID_REGISTRATION = {
  name: 'Ana',
  lastname: 'Gómez',
  email: 'Ana.Gomez@Example.com',
  confirmEmail: 'Ana.Gomez@Example.com',
  password: 'Clave1234',
  confirmPassword: 'Clave1234',
  doc_type: 'CC',
  doc_number: '1020304050',
  confirmDocNumber: '1020304050',
  phone: '3001234567',
  birthday: '1990-05-17',
  sex: 'F',
  accept_terms: true,
  accept_privacy: true,
  captcha: 'captcha-proof',
};
