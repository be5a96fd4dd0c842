import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  PASSWORD_PATTERN,
  TEXT_MAX_LENGTH,
} from './messages.ts';

/** A trimmed text that must not be empty; a missing or non-text value gets the same message. */
export function requiredText(message: string, maxLength: number = TEXT_MAX_LENGTH) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(maxLength, { error: MESSAGES.textTooLong });
}

/** Required, valid e-mail: 'El correo electrónico es requerido' / 'Correo electrónico inválido'. */
export const EmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid, abort: true })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

/** The password rule shared by registration, login, reset and profile; never trimmed. */
export const PasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .regex(PASSWORD_PATTERN, { error: MESSAGES.passwordRule });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (what `<input type="date">` gives). */
export function isIsoCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A date YYYY-MM-DD; empty gets `emptyMessage`, anything else invalid 'La fecha no es válida'. */
export function isoDate(emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage, abort: true })
    .refine(isIsoCalendarDate, { error: MESSAGES.dateInvalid });
}
