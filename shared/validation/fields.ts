import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  PASSWORD_PATTERN,
  TEXT_MAX_LENGTH,
} from './messages.ts';

// Field rules report at most one message each (the one a form shows). They never use
// zod's `abort`, because an explicitly aborted field also skips the cross-field checks
// (confirmations) of the whole form, and a form must show every problem at once.

/** A trimmed text that must not be empty; a missing or non-text value gets the same message. */
export function requiredText(message: string, maxLength: number = TEXT_MAX_LENGTH) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(maxLength, { error: MESSAGES.textTooLong });
}

/** Required, valid e-mail: 'El correo electrónico es requerido' / 'Correo electrónico inválido'. */
export const EmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .superRefine((value, context) => {
    if (value === '') {
      context.addIssue({ code: 'custom', message: MESSAGES.emailRequired });
    } else if (value.length > EMAIL_MAX_LENGTH || !z.regexes.email.test(value)) {
      context.addIssue({ code: 'custom', message: MESSAGES.emailInvalid });
    }
  });

/** True when the password follows the rule: 8 to 12 letters and digits, upper, lower, digit. */
export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

/** The password rule shared by registration, login, reset and profile; never trimmed. */
export const PasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .superRefine((value, context) => {
    if (value === '') {
      context.addIssue({ code: 'custom', message: MESSAGES.passwordRequired });
    } else if (!isValidPassword(value)) {
      context.addIssue({ code: 'custom', message: MESSAGES.passwordRule });
    }
  });

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
    .superRefine((value, context) => {
      if (value === '') {
        context.addIssue({ code: 'custom', message: emptyMessage });
      } else if (!isIsoCalendarDate(value)) {
        context.addIssue({ code: 'custom', message: MESSAGES.dateInvalid });
      }
    });
}

/**
 * For cross-field checks (confirmations): run them even when another field already failed,
 * so a form shows every problem at once. The check then sees unvalidated values: guard types.
 * Never on something that is not an object at all (a `null`, an array or a string body sent
 * by a program): that is already refused, and the check would read fields of nothing.
 */
export const alwaysRun = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);
