import { describe, expect, it } from 'vitest';
import { isValidPassword } from '#shared/validation/fields.ts';
import {
  PASSWORD_CONDITIONS,
  PASSWORD_GENERATOR_RULES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#shared/validation/password-rule.ts';
import { PASSWORD_PATTERN as SANDBOX_PASSWORD_PATTERN } from '#sandbox/lib/validation.ts';

/**
 * The conditions ticked under the registration's password field are the rule the schemas
 * apply, and the rule said to password generators makes passwords the cinema API (the
 * sandbox, standing in for it) accepts.
 */

const allMet = (value: string): boolean => PASSWORD_CONDITIONS.every((condition) => condition.state(value) === 'met');

const SAMPLES = [
  '',
  'a',
  'Abcdefg1',
  'Abcdefghij12',
  'Abcdefghij123',
  'abcdefg1',
  'ABCDEFG1',
  'Abcdefgh',
  'Abcdef1!',
  'Abcd ef12',
  'Abcdeñ12',
  'Ábcdefg1',
  'Abc1',
  '12345678',
  'aB3aB3aB3',
  'Abcdefg١',
  'Abcdefg1\n',
];

describe('the password conditions', () => {
  it.each(SAMPLES)('are all met exactly when the rule accepts %j', (value) => {
    expect(allMet(value)).toBe(isValidPassword(value));
  });

  it('all wait for something to be typed, none is broken before', () => {
    expect(PASSWORD_CONDITIONS.map((condition) => condition.state(''))).toEqual([
      'unmet',
      'unmet',
      'unmet',
      'unmet',
      'unmet',
    ]);
  });

  it('call a symbol, an accent or a thirteenth character broken, not just pending', () => {
    const stateOf = (id: string, value: string) =>
      PASSWORD_CONDITIONS.find((condition) => condition.id === id)?.state(value);
    expect(stateOf('plain', 'abc!')).toBe('broken');
    expect(stateOf('plain', 'abcñ')).toBe('broken');
    expect(stateOf('length', 'Abcdefghij123')).toBe('broken');
    expect(stateOf('length', 'Abc')).toBe('unmet');
  });
});

describe('the rule said to password generators', () => {
  it('is the passwordrules syntax of the same lengths and classes', () => {
    expect(PASSWORD_GENERATOR_RULES).toBe(
      'minlength: 8; maxlength: 12; required: lower; required: upper; required: digit; allowed: lower, upper, digit;',
    );
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 12]);
  });

  it('makes passwords the API accepts: any length allowed, each required class, nothing else', () => {
    const lower = 'abcdefghijklmnopqrstuvwxyz';
    const upper = lower.toUpperCase();
    const digits = '0123456789';
    for (let length = PASSWORD_MIN_LENGTH; length <= PASSWORD_MAX_LENGTH; length += 1) {
      for (const [first, second, third] of [
        [lower, upper, digits],
        [digits, lower, upper],
        [upper, digits, lower],
      ] as const) {
        const password =
          `${first.charAt(length % first.length)}${second.charAt(length % second.length)}${third.charAt(length % third.length)}`.padEnd(
            length,
            first,
          );
        expect(password).toHaveLength(length);
        expect(SANDBOX_PASSWORD_PATTERN.test(password), password).toBe(true);
        expect(isValidPassword(password), password).toBe(true);
      }
    }
  });
});
