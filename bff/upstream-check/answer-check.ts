import type { z } from 'zod';
import { cinemaApi, type CinemaAnswer, type CinemaName } from '#shared/cinema-api/api.ts';

/**
 * Holds one raw answer of a cinema API against its declaration (shared/cinema-api/): the
 * status it declares, then its answer schema. A difference is told as the JSON path of the
 * field, what the declaration expects and the value that came, never the value of a field
 * that may carry a secret (tokens, passwords, card data).
 */

export type Verdict<N extends CinemaName> =
  { ok: true; status: number; answer: CinemaAnswer<N> } | { ok: false; status: number; difference: string };

/** Fields whose values are never printed, whatever answer they come in. */
const SECRET_FIELD = /token|password|secret|card_number|cvc|authorization|api_?key/i;
const MAX_VALUE_LENGTH = 60;

/** `data[0].showtimes[2].movie_format`, as a person reads a JSON path. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function valueAt(json: unknown, path: ReadonlyArray<PropertyKey>): { found: boolean; value: unknown } {
  let current: unknown = json;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !(key in current)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

/** A value as one short line: its JSON, cut, or `[hidden]` where its field may be a secret. */
export function describeValue(path: ReadonlyArray<PropertyKey>, json: unknown): string {
  const { found, value } = valueAt(json, path);
  if (!found) return 'nothing (the field is missing)';
  if (path.some((key) => typeof key === 'string' && SECRET_FIELD.test(key))) return '[hidden]';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function expectation(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_format') return `expected the ${issue.format} format`;
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return `expected ${issue.message.replace(/^Too \w+: /, '')}`;
  return issue.message;
}

function parseJson(text: string): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: text === '' ? null : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function checkAnswer<N extends CinemaName>(name: N, status: number, text: string): Verdict<N> {
  const call = cinemaApi[name];
  const expected: number = 'status' in call ? call.status : 200;
  const alsoOn: readonly number[] = 'answerAlsoOn' in call ? call.answerAlsoOn : [];
  if (status !== expected && !alsoOn.includes(status)) {
    const parsed = parseJson(text);
    const message =
      parsed.ok && parsed.json !== null && typeof parsed.json === 'object' && 'message' in parsed.json
        ? `, message ${describeValue(['message'], parsed.json)}`
        : '';
    return { ok: false, status, difference: `status: expected ${expected}, got ${status}${message}` };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, status, difference: 'the answer is not JSON' };
  const result = call.answer.safeParse(parsed.json);
  if (result.success) return { ok: true, status, answer: result.data as CinemaAnswer<N> };
  const [first, ...more] = result.error.issues;
  if (!first) return { ok: false, status, difference: 'the answer does not match its declaration' };
  const where = first.path.length === 0 ? '(the answer)' : jsonPath(first.path);
  const others = more.length > 0 ? ` (and ${more.length} more)` : '';
  return {
    ok: false,
    status,
    difference: `${where}: ${expectation(first)}, got ${describeValue(first.path, parsed.json)}${others}`,
  };
}
