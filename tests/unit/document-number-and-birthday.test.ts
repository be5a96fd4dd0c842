import { describe, expect, it } from 'vitest';
import { bogotaToday } from '#shared/format/bogota-time.ts';
import {
  DOCUMENT_NUMBER_MESSAGES,
  documentNumberInput,
  documentNumberProblem,
  nitCheckDigit,
} from '#shared/validation/document-number.ts';
import { isValidBirthday } from '#shared/validation/fields.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import { ProfileFormSchema } from '#shared/validation/profile.ts';
import { RegistrationFormSchema, toRegistrationPayload } from '#shared/validation/registration.ts';
import { VALID_REGISTRATION as registration, fieldMessages } from './validation-helpers.ts';

describe('document number by type', () => {
  it.each([
    ['CC', '1020304050'],
    ['CC', '123'],
    ['CE', 'E123456'],
    ['CE', '987654'],
    ['PPN', 'AB123456'],
    ['PPN', 'ab123456'],
    ['NIT', '900123456'],
    ['NIT', '900123456-8'],
    ['NIT', '800197268-4'],
    ['NIT', '1020304050'],
  ] as const)('accepts %s %s', (docType, value) => {
    expect(documentNumberProblem(docType, value)).toBeNull();
  });

  it.each([
    ['CC', 'AB123456', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '10.203.040', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '1020 3040', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '12', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '12345678901', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '١٢٣٤٥٦', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '１２３４５６', DOCUMENT_NUMBER_MESSAGES.CC],
    ['CC', '9'.repeat(100_000), DOCUMENT_NUMBER_MESSAGES.CC],
    ['CE', 'E-123456', DOCUMENT_NUMBER_MESSAGES.CE],
    ['CE', 'Ñ123456', DOCUMENT_NUMBER_MESSAGES.CE],
    ['PPN', 'AB 123456', DOCUMENT_NUMBER_MESSAGES.PPN],
    ['PPN', '<script>alert(1)</script>', DOCUMENT_NUMBER_MESSAGES.PPN],
    ['PPN', 'A'.repeat(21), DOCUMENT_NUMBER_MESSAGES.PPN],
    ['NIT', '900.123.456-8', DOCUMENT_NUMBER_MESSAGES.NIT],
    ['NIT', '900123456-', DOCUMENT_NUMBER_MESSAGES.NIT],
    ['NIT', '900123456-78', DOCUMENT_NUMBER_MESSAGES.NIT],
    ['NIT', 'NIT900123456', DOCUMENT_NUMBER_MESSAGES.NIT],
    ['NIT', '900123456-7', DOCUMENT_NUMBER_MESSAGES.nitCheckDigit],
  ] as const)('refuses %s %s with its message', (docType, value, message) => {
    expect(documentNumberProblem(docType, value)).toBe(message);
  });

  it("computes the DIAN's check digit (known NITs)", () => {
    expect(nitCheckDigit('800197268')).toBe(4);
    expect(nitCheckDigit('890903938')).toBe(8);
    expect(nitCheckDigit('860034313')).toBe(7);
  });

  it('asks for the numeric keyboard only for the cédula de ciudadanía', () => {
    expect(documentNumberInput('CC').inputMode).toBe('numeric');
    for (const docType of ['CE', 'PPN', 'NIT'] as const) expect(documentNumberInput(docType).inputMode).toBe('text');
    expect(documentNumberInput('').inputMode).toBe('text');
  });
});

describe('registration document number', () => {
  it('keeps the letters of a passport and sends them in upper case', () => {
    const form = RegistrationFormSchema.parse({
      ...registration,
      doc_type: 'PPN',
      doc_number: ' ab123456 ',
      confirmDocNumber: 'AB123456',
    });
    expect(toRegistrationPayload(form, 'register-token').doc_number).toBe('AB123456');
  });

  it('keeps the dash and check digit of a NIT', () => {
    const form = RegistrationFormSchema.parse({
      ...registration,
      doc_type: 'NIT',
      doc_number: '900123456-8',
      confirmDocNumber: '900123456-8',
    });
    expect(toRegistrationPayload(form, 'register-token').doc_number).toBe('900123456-8');
  });

  it('flags a number that breaks its type, and the confirmation when it differs', () => {
    expect(
      fieldMessages(RegistrationFormSchema, { ...registration, doc_number: 'AB123456', confirmDocNumber: 'AB123456' }),
    ).toEqual({
      doc_number: DOCUMENT_NUMBER_MESSAGES.CC,
    });
    expect(
      fieldMessages(RegistrationFormSchema, {
        ...registration,
        doc_type: 'PPN',
        doc_number: 'AB123456',
        confirmDocNumber: '123456',
      }),
    ).toEqual({
      confirmDocNumber: MESSAGES.docNumberMismatch,
    });
  });

  it('shows the number rule together with the other fields’ problems', () => {
    expect(
      fieldMessages(RegistrationFormSchema, {
        ...registration,
        name: '',
        doc_number: '1.020',
        confirmDocNumber: '1.020',
      }),
    ).toEqual({
      name: MESSAGES.nameRequired,
      doc_number: DOCUMENT_NUMBER_MESSAGES.CC,
    });
  });
});

describe('birthday (registration, profile, BFF and sandbox)', () => {
  const today = bogotaToday();
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it('is a real calendar day before today in Bogotá', () => {
    expect(isValidBirthday(yesterday, today)).toBe(true);
    expect(isValidBirthday(today, today)).toBe(false);
    expect(isValidBirthday(tomorrow, today)).toBe(false);
    expect(isValidBirthday('2999-01-01', today)).toBe(false);
  });

  it.each([
    ['registration', RegistrationFormSchema, registration],
    [
      'profile',
      ProfileFormSchema,
      { name: 'Ana', lastname: 'Gómez', phone: '3001234567', birthday: '1990-05-17', sex: 'F' },
    ],
  ] as const)('the %s form flags a future birthday with the spec message', (_name, schema, valid) => {
    expect(schema.safeParse({ ...valid, birthday: yesterday }).success).toBe(true);
    for (const birthday of [today, tomorrow, '2999-01-01']) {
      expect(fieldMessages(schema, { ...valid, birthday })).toEqual({ birthday: MESSAGES.dateInvalid });
    }
  });
});
