import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MESSAGES } from '#shared/validation/document-number.ts';
import { call, registrationForm, solveCaptcha, startStack, type Stack } from './harness.ts';

// The document number's rule by type (shared/validation/document-number.ts), as the BFF
// applies it before calling the API and as the sandbox applies it again. Its own stack:
// these registrations would otherwise eat the registration rate limit of accounts.test.ts.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_FACTOR: '10' } });
});
afterAll(async () => {
  await stack.close();
});

describe('registration document numbers', () => {
  it('takes a passport with letters (sent in upper case) and a NIT with its check digit', async () => {
    const passport = `ab${String(Date.now()).slice(-6)}`;
    for (const [docType, typed, sent] of [
      ['PPN', passport, passport.toUpperCase()],
      ['NIT', '800197268-4', '800197268-4'],
    ] as const) {
      const form = registrationForm(await solveCaptcha(stack.app), {
        doc_type: docType,
        doc_number: typed,
        confirmDocNumber: typed,
      });
      const answer = await call(stack.app, 'POST', '/bff/auth/register', { body: form });
      expect(answer.status, `${docType} ${typed}`).toBe(201);
      const profile = await call(stack.app, 'GET', '/bff/profile', { cookie: answer.cookie });
      expect(profile.body).toMatchObject({ doc_type: docType, doc_number: sent });
    }
  });

  it('refuses document numbers that break their type with a clear message, never a 500', async () => {
    const cases: Array<[string, string, string]> = [
      ['CC', 'AB123456', DOCUMENT_NUMBER_MESSAGES.CC],
      ['CC', '1020 3040', DOCUMENT_NUMBER_MESSAGES.CC],
      ['CC', '١٠٢٠٣٠٤٠', DOCUMENT_NUMBER_MESSAGES.CC],
      ['CC', '１０２０３０４０', DOCUMENT_NUMBER_MESSAGES.CC],
      ['CC', '1'.repeat(5000), DOCUMENT_NUMBER_MESSAGES.CC],
      ['PPN', 'AB-123456', DOCUMENT_NUMBER_MESSAGES.PPN],
      ['CE', '<script>', DOCUMENT_NUMBER_MESSAGES.CE],
      ['NIT', '900.123.456-8', DOCUMENT_NUMBER_MESSAGES.NIT],
      ['NIT', '800197268-5', DOCUMENT_NUMBER_MESSAGES.nitCheckDigit],
    ];
    for (const [docType, docNumber, message] of cases) {
      const form = registrationForm('token', { doc_type: docType, doc_number: docNumber, confirmDocNumber: docNumber });
      const answer = await call(stack.app, 'POST', '/bff/auth/register', { body: form });
      expect(answer.status, `${docType} ${docNumber.slice(0, 20)}`).toBe(422);
      expect(answer.body).toEqual({
        error: { code: 'VALIDATION_FAILED', message: 'Revisa los datos ingresados.', fields: { doc_number: message } },
      });
    }
  });
});
