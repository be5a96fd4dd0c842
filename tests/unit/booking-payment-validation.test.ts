import { describe, expect, it } from 'vitest';
import {
  CardFormSchema,
  PAYMENT_MESSAGES,
  PseFormSchema,
  isCardExpired,
  passesLuhn,
} from '#shared/validation/payment.ts';
import { DOCUMENT_NUMBER_MESSAGES } from '#shared/validation/document-number.ts';
import { fieldMessages } from './validation-helpers.ts';

const nextYear = String(new Date().getUTCFullYear() + 1);
const validCard = {
  cardName: 'Ana María Pérez',
  cardNumber: '4575 6231 8229 0326',
  expMonth: '12',
  expYear: nextYear,
  cvc: '123',
  dues: '',
  captcha: 'payload',
};

describe('card form', () => {
  it('accepts a valid card, strips spaces and makes empty dues 1', () => {
    const result = CardFormSchema.parse(validCard);
    expect(result.cardNumber).toBe('4575623182290326');
    expect(result.dues).toBe(1);
  });
  it('checks the number with Luhn', () => {
    expect(passesLuhn('4575623182290326')).toBe(true);
    expect(passesLuhn('4575623182290327')).toBe(false);
    expect(fieldMessages(CardFormSchema, { ...validCard, cardNumber: '4575623182290327' })).toEqual({
      cardNumber: PAYMENT_MESSAGES.cardNumberInvalid,
    });
    expect(fieldMessages(CardFormSchema, { ...validCard, cardNumber: '' })).toEqual({
      cardNumber: PAYMENT_MESSAGES.cardNumberRequired,
    });
  });
  it('wants a 2-digit month, a 4-digit year, a 3 or 4 digit CVC and dues from 1 to 36', () => {
    expect(
      fieldMessages(CardFormSchema, { ...validCard, expMonth: '1', expYear: '27', cvc: '12345', dues: '37' }),
    ).toEqual({
      expMonth: PAYMENT_MESSAGES.expMonthInvalid,
      expYear: PAYMENT_MESSAGES.expYearInvalid,
      cvc: PAYMENT_MESSAGES.cvcInvalid,
      dues: PAYMENT_MESSAGES.duesInvalid,
    });
    expect(CardFormSchema.parse({ ...validCard, dues: '36', cvc: '1234' }).dues).toBe(36);
    expect(fieldMessages(CardFormSchema, { ...validCard, dues: '0' })).toEqual({ dues: PAYMENT_MESSAGES.duesInvalid });
  });
  it('refuses an expired card and a missing captcha', () => {
    expect(fieldMessages(CardFormSchema, { ...validCard, expYear: '2001', captcha: '' })).toEqual({
      expYear: PAYMENT_MESSAGES.cardExpired,
      captcha: PAYMENT_MESSAGES.captchaRequired,
    });
    // November 2026 in Bogota: a card ending 11/2026 still works, 10/2026 does not.
    const now = Date.UTC(2026, 10, 15);
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
  });
});

const validPse = {
  typePerson: 'natural',
  bank: '1022',
  firstName: 'Ana',
  lastName: 'Pérez',
  documentType: 'CC',
  documentNumber: '1020304050',
  email: 'ana@example.com',
  phoneNumber: '3001234567',
};

describe('PSE form', () => {
  it('takes a NIT with its check digit (the shared document-number rule)', () => {
    expect(
      PseFormSchema.parse({ ...validPse, documentType: 'NIT', documentNumber: '900123456-8' }).documentNumber,
    ).toBe('900123456-8');
    expect(fieldMessages(PseFormSchema, { ...validPse, documentType: 'NIT', documentNumber: '900.123.456' })).toEqual({
      documentNumber: DOCUMENT_NUMBER_MESSAGES.NIT,
    });
  });
  it('accepts a complete form', () => {
    expect(PseFormSchema.safeParse(validPse).success).toBe(true);
    expect(PseFormSchema.safeParse({ ...validPse, documentType: 'PPN', documentNumber: 'AB12345' }).success).toBe(true);
  });
  it('names every missing field in Spanish', () => {
    expect(fieldMessages(PseFormSchema, {})).toEqual({
      typePerson: PAYMENT_MESSAGES.typePersonRequired,
      bank: PAYMENT_MESSAGES.bankRequired,
      firstName: PAYMENT_MESSAGES.firstNameRequired,
      lastName: PAYMENT_MESSAGES.lastNameRequired,
      documentType: PAYMENT_MESSAGES.documentTypeRequired,
      documentNumber: PAYMENT_MESSAGES.documentNumberRequired,
      email: 'El correo electrónico es requerido',
      phoneNumber: PAYMENT_MESSAGES.phoneRequired,
    });
  });
  it('checks document number and phone formats', () => {
    expect(fieldMessages(PseFormSchema, { ...validPse, documentNumber: '12A45', phoneNumber: '12' })).toEqual({
      documentNumber: DOCUMENT_NUMBER_MESSAGES.CC,
      phoneNumber: PAYMENT_MESSAGES.phoneInvalid,
    });
    expect(fieldMessages(PseFormSchema, { ...validPse, documentType: 'XX', typePerson: 'otra' })).toEqual({
      documentType: PAYMENT_MESSAGES.documentTypeRequired,
      typePerson: PAYMENT_MESSAGES.typePersonRequired,
    });
  });
});
