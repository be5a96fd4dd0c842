import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { BffFailure } from '../../lib/bff-error.ts';

/**
 * Puts the BFF's field messages (the same rules, checked again on the server) next to the
 * fields they concern. Fields the form does not have are ignored; the modal says the rest.
 */
export function showFieldErrors<T extends FieldValues>(
  failure: BffFailure,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<FieldPath<T>>,
): void {
  for (const [field, message] of Object.entries(failure.fields ?? {})) {
    const name = known.find((candidate) => candidate === field);
    // The captcha is reset after any failure; its message would only confuse.
    if (name && field !== 'captcha') setError(name, { type: 'server', message });
  }
}
