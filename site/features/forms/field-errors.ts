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

const FILE_KEY = /^attachments\.(\d+)$/;

/**
 * The files the BFF refused, by the position it names (`fields['attachments.N']`, the N-th
 * file of the list that was sent), with its message.
 */
export function refusedFilesOf(failure: BffFailure, sent: readonly File[]): ReadonlyMap<File, string> {
  const refused = new Map<File, string>();
  for (const [field, message] of Object.entries(failure.fields ?? {})) {
    const index = FILE_KEY.exec(field)?.[1];
    const file = index === undefined ? undefined : sent[Number(index)];
    if (file) refused.set(file, message);
  }
  return refused;
}
