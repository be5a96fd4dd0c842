import { describe, expect, it } from 'vitest';
import { nationalPhoneDigits } from '#shared/validation/phone.ts';

describe('the phone number a form sends (shared/validation/phone.ts)', () => {
  it.each([
    ['3001234567', '3001234567'],
    ['300 123 4567', '3001234567'],
    ['(601) 555-1234', '6015551234'],
    ['+57 300 123-4567', '3001234567'],
    ['+573001234567', '3001234567'],
    ['0057 300 1234567', '3001234567'],
    [' +57 (601) 555 1234', '6015551234'],
    // A leading zero is part of the number, never dropped as a number input would.
    ['0312345', '0312345'],
    // Another country's code is kept: the number is not Colombian, so nothing is guessed.
    ['+1 855 555 6502', '18555556502'],
    // 57 without + or 00 is a number that begins with 57, not a country code.
    ['5712345', '5712345'],
    ['1e2.3-4+5E', '12345'],
    ['', ''],
    ['abc', ''],
    ['٣٠٠١٢٣', ''],
  ])('%j becomes %j', (typed, sent) => {
    expect(nationalPhoneDigits(typed)).toBe(sent);
  });
});
