import type { BffFailure } from '../../lib/bff-error.ts';

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
