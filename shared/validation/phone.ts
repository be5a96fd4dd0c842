/**
 * A phone number as the forms send it: the national number in digits (the cinema API and the
 * payment provider take Colombian numbers without the country code). Plain functions without
 * zod, so the phone input can apply the rule while a person types, pastes or autofills.
 */

/** Colombia's country calling code, which a browser's autofill (`autocomplete="tel"`) may put first. */
export const COLOMBIA_CALLING_CODE = '57';

const INTERNATIONAL_COLOMBIAN = new RegExp(`^\\s*(\\+|00)\\s*${COLOMBIA_CALLING_CODE}(?=[\\s\\d()-])`);

/**
 * The digits of a phone number as a person meant it: `+57 300 123-4567` and `0057 3001234567`
 * become `3001234567`; separators are dropped; a leading zero stays. Anything that is not a
 * digit goes, as a number input dropped it.
 */
export function nationalPhoneDigits(value: string): string {
  return value.replace(INTERNATIONAL_COLOMBIAN, '').replace(/\D/g, '');
}
