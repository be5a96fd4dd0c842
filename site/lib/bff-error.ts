/**
 * The BFF's error body `{ error: { code, message, fields? } }`, read defensively. Checked by
 * hand rather than with the zod schema so the header island does not ship zod on every page.
 */
import type { ErrorView } from '../../shared/views/errors.ts';

export type BffFailure = ErrorView['error'];

/** What a page says when the BFF gives no answer (restarting, unreachable or timed out). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'El servicio no está disponible en este momento. Por favor, inténtalo más tarde.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function bffFailureFrom(body: unknown, fallback: BffFailure): BffFailure {
  if (!isRecord(body) || !isRecord(body.error)) return fallback;
  const { code, message, fields } = body.error;
  const failure: BffFailure = {
    code: typeof code === 'string' ? code : fallback.code,
    message: typeof message === 'string' && message ? message : fallback.message,
  };
  if (isRecord(fields)) {
    failure.fields = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return failure;
}
