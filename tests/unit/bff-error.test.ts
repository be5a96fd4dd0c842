import { describe, expect, it } from 'vitest';
import { bffFailureFrom, hasCode, type BffFailure } from '#site/lib/bff-error.ts';

const fallback: BffFailure = { code: 'UNKNOWN', message: 'No pudimos conectarnos.' };

describe('bffFailureFrom: the BFF error body as the browser reads it', () => {
  it('keeps a code the BFF answers, its message and its field messages', () => {
    const body = {
      error: { code: 'VALIDATION_FAILED', message: 'Revisa los datos.', fields: { email: 'Correo inválido', size: 3 } },
    };
    expect(bffFailureFrom(body, fallback)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos.',
      fields: { email: 'Correo inválido' },
    });
  });

  it('answers the fallback code for a code the BFF never sends, keeping the message', () => {
    expect(bffFailureFrom({ error: { code: 'SOMETHING_ELSE', message: 'Otro' } }, fallback)).toEqual({
      code: 'UNKNOWN',
      message: 'Otro',
    });
  });

  it.each([null, 'texto', { error: 'x' }, { error: { code: 7, message: '' } }])(
    'answers the fallback for an unreadable body (%j)',
    (body) => {
      expect(bffFailureFrom(body, fallback)).toMatchObject(fallback);
    },
  );
});

describe('hasCode', () => {
  it('matches a failure against a list of the BFF codes', () => {
    expect(hasCode({ code: 'HOLD_EXPIRED', message: '' }, ['HOLD_CHANGED', 'HOLD_EXPIRED'])).toBe(true);
    expect(hasCode({ code: 'NETWORK', message: '' }, ['HOLD_CHANGED', 'HOLD_EXPIRED'])).toBe(false);
  });
});
