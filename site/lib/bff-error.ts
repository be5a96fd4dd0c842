/**
 * The BFF's error body `{ error: { code, message, fields? } }`, read defensively. Checked by
 * hand rather than with the zod schema so the header island does not ship zod on every page.
 */
import { BFF_ERROR_CODES, type BffErrorCode } from '#shared/views/error-codes.ts';
import type { ErrorView } from '#shared/views/errors.ts';

/** What the browser itself concludes when the BFF gives no answer it can read. */
export type ClientFailureCode = 'NETWORK' | 'UNKNOWN' | 'NO_USER' | 'BFF_UNAVAILABLE';

export type BffFailure = Omit<ErrorView['error'], 'code'> & { code: BffErrorCode | ClientFailureCode };

const knownCodes: ReadonlySet<string> = new Set(BFF_ERROR_CODES);
const isBffErrorCode = (code: unknown): code is BffErrorCode => typeof code === 'string' && knownCodes.has(code);

/** What a page says when the BFF gives no answer (restarting, unreachable or timed out). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Por favor, inténtalo más tarde.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function bffFailureFrom(body: unknown, fallback: BffFailure): BffFailure {
  if (!isRecord(body) || !isRecord(body.error)) return fallback;
  const { code, message, fields } = body.error;
  const failure: BffFailure = {
    code: isBffErrorCode(code) ? code : fallback.code,
    message: typeof message === 'string' && message ? message : fallback.message,
  };
  if (isRecord(fields)) {
    failure.fields = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return failure;
}

/** Whether the failure carries one of `codes` (a list the compiler checks against the BFF's codes). */
export const hasCode = (failure: BffFailure, codes: readonly BffErrorCode[]): boolean =>
  codes.some((code) => code === failure.code);
