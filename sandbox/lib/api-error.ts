import type { ValidationErrorAnswer } from '#shared/cinema-api/common.ts';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from '#shared/cinema-api/headers.ts';

/** An answer the API gives on purpose (4xx); the error handler sends it as is. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;

  constructor(statusCode: number, body: { message: string } & Record<string, unknown>) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
  }
}

export function unauthenticated(): ApiError {
  return new ApiError(401, { message: UNAUTHENTICATED_MESSAGE });
}

export function forbidden(): ApiError {
  return new ApiError(403, { message: FORBIDDEN_MESSAGE });
}

export function notFound(message: string): ApiError {
  return new ApiError(404, { message });
}

function laravelMessage(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'Los datos enviados no son válidos.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (y ${more} ${more === 1 ? 'error más' : 'errores más'})`;
}

export function unprocessable(errors: Record<string, string[]>): ApiError {
  const body: ValidationErrorAnswer = { message: laravelMessage(errors), errors };
  return new ApiError(422, body);
}

/** A single-field 422. */
export function invalidField(field: string, message: string): ApiError {
  return unprocessable({ [field]: [message] });
}

/** Collects field errors and throws one 422 with all of them. */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    const list = this.errors[field] ?? [];
    list.push(message);
    this.errors[field] = list;
  }

  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.errors).length > 0 : field in this.errors;
  }

  throwIfAny(): void {
    if (this.has()) throw unprocessable(this.errors);
  }
}
