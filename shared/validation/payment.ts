import { z } from 'zod';
import { EmailSchema, alwaysRun, documentNumberText, refineDocumentNumber, requiredText } from './fields.ts';
import { DOC_TYPES } from './options.ts';
import { DEFAULT_DUES, MAX_DUES, MIN_DUES } from '../booking/constants.ts';
import { bogotaDate } from '../format/bogota-time.ts';

/**
 * The card and PSE payment forms (document 2, section 5). The spec lists the fields and
 * limits but not the messages: the Spanish messages here are ours, written to say exactly
 * what to fix. The browser validates with these schemas and the BFF validates again.
 */
export const PAYMENT_MESSAGES = {
  cardNameRequired: 'Escribe el nombre del titular como aparece en la tarjeta',
  cardNameInvalid: 'El nombre del titular solo puede tener letras y espacios',
  cardNumberRequired: 'Escribe el número de la tarjeta',
  cardNumberInvalid: 'El número de la tarjeta no es válido',
  expMonthInvalid: 'Escribe el mes de vencimiento con 2 dígitos (01 a 12)',
  expYearInvalid: 'Escribe el año de vencimiento con 4 dígitos',
  cardExpired: 'La tarjeta está vencida',
  cvcInvalid: 'El código de seguridad (CVC) tiene 3 o 4 dígitos',
  duesInvalid: `Las cuotas deben ser un número entre ${MIN_DUES} y ${MAX_DUES}`,
  captchaRequired: 'Por favor, completa el captcha',

  typePersonRequired: 'Selecciona el tipo de persona',
  bankRequired: 'Selecciona tu banco',
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  documentTypeRequired: 'Selecciona un tipo de documento',
  documentNumberRequired: 'El número de documento es requerido',
  phoneRequired: 'El teléfono es requerido',
  phoneInvalid: 'El teléfono debe tener entre 7 y 10 dígitos',
} as const;

const CARD_NAME = /^[\p{L} '.-]+$/u;
const CAPTCHA_MAX_LENGTH = 4096;

/** Luhn checksum of a digits-only card number. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card number without the spaces and dashes people type. */
export const normaliseCardNumber = (value: string): string => value.replace(/[\s-]/g, '');

/** True when the card's month and year are before the current month in Bogotá. */
export function isCardExpired(expMonth: number, expYear: number, nowMs: number): boolean {
  const [currentYear = 0, currentMonth = 0] = bogotaDate(nowMs).split('-').map(Number);
  return expYear < currentYear || (expYear === currentYear && expMonth < currentMonth);
}

/** Instalments: empty means 1; otherwise a whole number from 1 to 36. */
const DuesSchema = z
  .union([z.string(), z.number()], { error: PAYMENT_MESSAGES.duesInvalid })
  .transform((value, context) => {
    const text = String(value).trim();
    if (text === '') return DEFAULT_DUES;
    const dues = Number(text);
    if (!/^\d{1,2}$/.test(text) || dues < MIN_DUES || dues > MAX_DUES) {
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.duesInvalid });
      return z.NEVER;
    }
    return dues;
  });

export const CardFormSchema = z
  .object({
    cardName: requiredText(PAYMENT_MESSAGES.cardNameRequired, 80).regex(CARD_NAME, {
      error: PAYMENT_MESSAGES.cardNameInvalid,
    }),
    cardNumber: z
      .string({ error: PAYMENT_MESSAGES.cardNumberRequired })
      .transform(normaliseCardNumber)
      .superRefine((value, context) => {
        if (value === '') context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.cardNumberRequired });
        else if (!/^\d{13,19}$/.test(value) || !passesLuhn(value)) {
          context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.cardNumberInvalid });
        }
      }),
    expMonth: z
      .string({ error: PAYMENT_MESSAGES.expMonthInvalid })
      .trim()
      .regex(/^(0[1-9]|1[0-2])$/, { error: PAYMENT_MESSAGES.expMonthInvalid }),
    expYear: z
      .string({ error: PAYMENT_MESSAGES.expYearInvalid })
      .trim()
      .regex(/^\d{4}$/, { error: PAYMENT_MESSAGES.expYearInvalid }),
    cvc: z
      .string({ error: PAYMENT_MESSAGES.cvcInvalid })
      .trim()
      .regex(/^\d{3,4}$/, { error: PAYMENT_MESSAGES.cvcInvalid }),
    dues: DuesSchema.default(DEFAULT_DUES),
    captcha: requiredText(PAYMENT_MESSAGES.captchaRequired, CAPTCHA_MAX_LENGTH),
  })
  .refine(
    (form) =>
      !/^(0[1-9]|1[0-2])$/.test(String(form.expMonth)) ||
      !/^\d{4}$/.test(String(form.expYear)) ||
      !isCardExpired(Number(form.expMonth), Number(form.expYear), Date.now()),
    { error: PAYMENT_MESSAGES.cardExpired, path: ['expYear'], when: alwaysRun },
  );

export type CardFormInput = z.input<typeof CardFormSchema>;
export type CardForm = z.output<typeof CardFormSchema>;

export const PERSON_TYPES = ['natural', 'juridica'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];
export const PERSON_TYPE_LABELS: Readonly<Record<PersonType, string>> = {
  natural: 'Persona natural',
  juridica: 'Persona jurídica',
};

/** PSE documents: CC, NIT, CE or PPN (the account forms' list, in the PSE order). */
export const PSE_DOC_TYPES = ['CC', 'NIT', 'CE', 'PPN'] as const satisfies ReadonlyArray<(typeof DOC_TYPES)[number]>;

export const PseFormSchema = z
  .object({
    typePerson: z.enum(PERSON_TYPES, { error: PAYMENT_MESSAGES.typePersonRequired }),
    bank: requiredText(PAYMENT_MESSAGES.bankRequired, 40),
    firstName: requiredText(PAYMENT_MESSAGES.firstNameRequired, 60),
    lastName: requiredText(PAYMENT_MESSAGES.lastNameRequired, 60),
    documentType: z.enum(PSE_DOC_TYPES, { error: PAYMENT_MESSAGES.documentTypeRequired }),
    documentNumber: documentNumberText(PAYMENT_MESSAGES.documentNumberRequired),
    email: EmailSchema,
    phoneNumber: z
      .string({ error: PAYMENT_MESSAGES.phoneRequired })
      .trim()
      .superRefine((value, context) => {
        if (value === '') context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.phoneRequired });
        else if (!/^\d{7,10}$/.test(value)) context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.phoneInvalid });
      }),
  })
  .superRefine((form, context) => refineDocumentNumber(form.documentType, form.documentNumber, 'documentNumber', context), {
    when: alwaysRun,
  });

export type PseFormInput = z.input<typeof PseFormSchema>;
export type PseForm = z.output<typeof PseFormSchema>;
