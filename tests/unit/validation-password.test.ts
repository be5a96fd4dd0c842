import { describe, expect, it } from 'vitest';
import { PasswordSchema } from '#shared/validation/fields.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import { fieldMessages } from './validation-helpers.ts';

const LONG =
  'La contraseña debe tener de 8 a 12 caracteres, incluir al menos una letra mayúscula, una minúscula, un número y no contener caracteres especiales';

describe('password rule', () => {
  it.each(['Abcdefg1', 'Abcdefghij12', 'aB3aB3aB3'])('accepts %s', (password) => {
    expect(PasswordSchema.safeParse(password).success).toBe(true);
  });

  it('gives the long message for an empty or missing password', () => {
    expect(fieldMessages(PasswordSchema, '')).toEqual({ '': LONG });
    expect(fieldMessages(PasswordSchema, undefined)).toEqual({ '': LONG });
    expect(MESSAGES.passwordRequired).toBe(LONG);
  });

  it.each([
    ['too short', 'Abcde12'],
    ['too long', 'Abcdefghij123'],
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['a special character', 'Abcdef1!'],
    ['a space', 'Abcd ef12'],
    ['a non-ASCII letter', 'Abcdeñ12'],
  ])('gives the short message for a password with %s', (_case, password) => {
    const messages = fieldMessages(PasswordSchema, password);
    expect(messages['']).toBe(MESSAGES.passwordRule);
    expect(messages['']?.startsWith('Debe tener de 8 a 12')).toBe(true);
  });
});
