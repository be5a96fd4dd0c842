import { z } from 'zod';
import {
  EmailSchema,
  PasswordSchema,
  alwaysRun,
  documentNumberText,
  birthdayDate,
  refineDocumentNumber,
  requiredText,
} from './fields.ts';
import { MESSAGES, PHONE_MAX_LENGTH } from './messages.ts';
import { CAPTCHA_MAX_LENGTH } from './service-forms.ts';
import { normaliseDocumentNumber } from './document-number.ts';
import { DEVICE, DOC_TYPES, SEXES } from './options.ts';

/**
 * The registration form as the browser fills it and posts it to `POST /bff/auth/register`;
 * the BFF validates the same schema again, then sends `toRegistrationPayload(form)` upstream.
 */
export const RegistrationFormSchema = z
  .object({
    name: requiredText(MESSAGES.nameRequired),
    lastname: requiredText(MESSAGES.lastnameRequired),
    email: EmailSchema,
    confirmEmail: z.string({ error: MESSAGES.emailMismatch }).trim(),
    password: PasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordMismatch }),
    doc_type: z.enum(DOC_TYPES, { error: MESSAGES.docTypeRequired }),
    doc_number: documentNumberText(MESSAGES.docNumberRequired),
    confirmDocNumber: z.string({ error: MESSAGES.docNumberMismatch }).trim(),
    phone: requiredText(MESSAGES.phoneRequired, PHONE_MAX_LENGTH),
    birthday: birthdayDate(MESSAGES.birthdayRequired),
    sex: z.enum(SEXES, { error: MESSAGES.sexInvalid }),
    device: z.literal(DEVICE, { error: MESSAGES.deviceRequired }).default(DEVICE),
    accept_terms: z.literal(true, { error: MESSAGES.acceptTerms }),
    accept_privacy: z.literal(true, { error: MESSAGES.acceptPrivacy }),
    /** The robot check: the ALTCHA proof of work, verified by the BFF before it asks for a register token. */
    captcha: requiredText(MESSAGES.registerToken, CAPTCHA_MAX_LENGTH),
  })
  .refine((form) => sameText(form.confirmEmail, form.email), {
    error: MESSAGES.emailMismatch,
    path: ['confirmEmail'],
    when: alwaysRun,
  })
  .refine((form) => form.confirmPassword === form.password, {
    error: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
    when: alwaysRun,
  })
  .superRefine((form, context) => refineDocumentNumber(form.doc_type, form.doc_number, 'doc_number', context), {
    when: alwaysRun,
  })
  .refine((form) => sameDocumentNumber(form.confirmDocNumber, form.doc_number), {
    error: MESSAGES.docNumberMismatch,
    path: ['confirmDocNumber'],
    when: alwaysRun,
  });

/** What the form holds before validation (device may be left out). */
export type RegistrationFormInput = z.input<typeof RegistrationFormSchema>;
export type RegistrationForm = z.output<typeof RegistrationFormSchema>;

/** What the cinema API's `POST register` receives: no confirm fields, no accept flags, no captcha. */
export type RegistrationPayload = {
  name: string;
  lastname: string;
  email: string;
  password: string;
  doc_type: RegistrationForm['doc_type'];
  doc_number: string;
  phone: string;
  birthday: string;
  sex: RegistrationForm['sex'];
  device: typeof DEVICE;
  register_token: string;
};

/** `registerToken`: what the BFF got from `token/register` once the captcha was verified. */
export function toRegistrationPayload(form: RegistrationForm, registerToken: string): RegistrationPayload {
  return {
    name: form.name,
    lastname: form.lastname,
    email: form.email.toLowerCase(),
    password: form.password,
    doc_type: form.doc_type,
    doc_number: form.doc_number,
    phone: form.phone,
    birthday: form.birthday,
    sex: form.sex,
    device: DEVICE,
    register_token: registerToken,
  };
}

function sameText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim() === b.trim();
}

/** The document number and its confirmation compare as sent: trimmed, in upper case. */
function sameDocumentNumber(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && normaliseDocumentNumber(a) === normaliseDocumentNumber(b);
}
