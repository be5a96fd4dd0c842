import type { DocType } from './options.ts';

/**
 * The document-number rule of every form that asks for one (registration and its
 * confirmation, the PSE payer), checked again by the BFF and by the sandbox. Plain functions
 * without zod: the registration island reads `documentNumberInput` on every render.
 *
 * - CC (cédula de ciudadanía): digits only, 3 to 10 (old cédulas are short, new ones 10).
 * - CE (cédula de extranjería): letters and digits, 3 to 15.
 * - PPN (pasaporte): letters and digits, 3 to 20 (e.g. `AB123456`).
 * - NIT: as Colombians write it, 5 to 10 digits, optionally a dash and the check digit
 *   (`900123456-7`); a check digit given must be the one the DIAN's modulo-11 gives.
 * Only ASCII letters and digits count (`١٢٣` or a full-width `１` are refused); spaces, dots
 * and other separators are refused with a message saying so, never silently removed, so
 * the number the person confirms is the number sent. Letters are sent in upper case.
 */

export const DOCUMENT_NUMBER_MESSAGES = {
  CC: 'La cédula de ciudadanía solo lleva números (de 3 a 10), sin puntos ni espacios',
  CE: 'La cédula de extranjería solo lleva letras y números (de 3 a 15), sin espacios ni guiones',
  PPN: 'El pasaporte solo lleva letras y números (de 3 a 20), sin espacios ni guiones',
  NIT: 'Escribe el NIT con números y, si quieres, un guion y el dígito de verificación: 900123456-7',
  nitCheckDigit: 'El dígito de verificación del NIT no corresponde al número',
} as const;

const PATTERNS: Readonly<Record<DocType, RegExp>> = {
  CC: /^[0-9]{3,10}$/,
  CE: /^[A-Z0-9]{3,15}$/,
  PPN: /^[A-Z0-9]{3,20}$/,
  NIT: /^([0-9]{5,10})(?:-([0-9]))?$/,
};

/** The number as it is compared and sent: trimmed, letters in upper case. */
export function normaliseDocumentNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** The DIAN's check digit of a NIT's digits (modulo 11 with its prime weights). */
export function nitCheckDigit(digits: string): number {
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[digits.length - 1 - index]) * (weights[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder > 1 ? 11 - remainder : remainder;
}

/**
 * What is wrong with a (non-empty) document number of the given type, or null when it is
 * fine. The value is normalised first (see `normaliseDocumentNumber`).
 */
export function documentNumberProblem(docType: DocType, value: string): string | null {
  const normalised = normaliseDocumentNumber(value);
  const match = PATTERNS[docType].exec(normalised);
  if (!match) return DOCUMENT_NUMBER_MESSAGES[docType];
  if (docType === 'NIT' && match[2] !== undefined && Number(match[2]) !== nitCheckDigit(match[1] ?? '')) {
    return DOCUMENT_NUMBER_MESSAGES.nitCheckDigit;
  }
  return null;
}

/** How the input asks for the number: a numeric keyboard for the cédula, text otherwise. */
export interface DocumentNumberInput {
  inputMode: 'numeric' | 'text';
  autoCapitalize: 'off' | 'characters';
  /** An example of the type's number. */
  placeholder: string;
}

const INPUTS: Readonly<Record<DocType, DocumentNumberInput>> = {
  CC: { inputMode: 'numeric', autoCapitalize: 'off', placeholder: '1020304050' },
  CE: { inputMode: 'text', autoCapitalize: 'characters', placeholder: 'E123456' },
  PPN: { inputMode: 'text', autoCapitalize: 'characters', placeholder: 'AB123456' },
  // Not every phone's number keypad has a dash: the full keyboard for the NIT.
  NIT: { inputMode: 'text', autoCapitalize: 'off', placeholder: '900123456-7' },
};

/** The input's attributes for a type; before a type is chosen, the widest. */
export function documentNumberInput(docType: DocType | '' | undefined): DocumentNumberInput {
  return docType ? INPUTS[docType] : { ...INPUTS.PPN, placeholder: '' };
}
