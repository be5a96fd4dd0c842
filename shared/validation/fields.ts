import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  PASSWORD_PATTERN,
  TEXT_MAX_LENGTH,
} from './messages.ts';
import { bogotaToday } from '../format/bogota-time.ts';
import { documentNumberProblem, normaliseDocumentNumber } from './document-number.ts';
import { DOC_TYPES, type DocType } from './options.ts';

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

/**
 * A birthday: a real calendar date (YYYY-MM-DD) before `today` (YYYY-MM-DD, Bogotá). Shared
 * by the registration and profile forms, the BFF and the sandbox standing in for the API.
 */
export function isValidBirthday(value: string, today: string): boolean {
  return isIsoCalendarDate(value) && value < today;
}

/**
 * A birthday field: empty gets `emptyMessage`; not a calendar date, or today or later in
 * Bogotá, gets 'La fecha no es válida'.
 */
export function birthdayDate(emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .trim()
    .superRefine((value, context) => {
      if (value === '') {
        context.addIssue({ code: 'custom', message: emptyMessage });
      } else if (!isValidBirthday(value, bogotaToday())) {
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

/**
 * A document number: required (`emptyMessage`), trimmed and in upper case. Its form by type
 * is checked by `refineDocumentNumber` on the whole form, which knows the type.
 */
export function documentNumberText(emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .superRefine((value, context) => {
      if (value.trim() === '') context.addIssue({ code: 'custom', message: emptyMessage });
    })
    .transform(normaliseDocumentNumber);
}

const isDocType = (value: unknown): value is DocType =>
  typeof value === 'string' && (DOC_TYPES as readonly string[]).includes(value);

/**
 * The type's rule for a form's document number (shared/validation/document-number.ts),
 * reported on `numberField`; nothing when the type or the number is missing (their own
 * messages say so).
 */
export function refineDocumentNumber(
  docType: unknown,
  number: unknown,
  numberField: string,
  context: z.RefinementCtx,
): void {
  if (!isDocType(docType) || typeof number !== 'string' || number.trim() === '') return;
  const problem = documentNumberProblem(docType, number);
  if (problem) context.addIssue({ code: 'custom', path: [numberField], message: problem });
}
