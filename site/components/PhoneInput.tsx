import type { ChangeEvent, InputHTMLAttributes, KeyboardEvent, Ref } from 'react';
import { nationalPhoneDigits } from '#shared/validation/phone.ts';
import { inputClasses } from './Field.tsx';
import { BLOCKED_NUMBER_KEYS } from './NumberInput.tsx';

export interface PhoneInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A phone number: `type="tel"` with the digit keypad, so a leading zero stays, no spinner
 * arrows grow and the browser may autofill it (`autocomplete="tel"`: the HTML standard allows
 * the `tel-national` token on text inputs only, and none on a number input). It still takes
 * digits only, as the number input it replaces did: the keys e, E, ., -, + are refused, and
 * what a paste or the autofill brings keeps the national number's digits
 * (shared/validation/phone.ts: `+57 300 123-4567` becomes `3001234567`).
 */
export function PhoneInput({ onKeyDown, onChange, className = '', autoComplete = 'tel', ...rest }: PhoneInputProps) {
  const keepDigits = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const digits = nationalPhoneDigits(input.value);
    if (digits !== input.value) {
      const caret = Math.min(
        digits.length,
        nationalPhoneDigits(input.value.slice(0, input.selectionStart ?? Infinity)).length,
      );
      input.value = digits;
      input.setSelectionRange(caret, caret);
    }
    onChange?.(event);
  };
  return (
    <input
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onChange={keepDigits}
      className={`${inputClasses} ${className}`}
      {...rest}
    />
  );
}
