import type { z } from 'zod';
import { FieldErrors } from './api-error.ts';

/** Parses a payload with a shared schema; zod issues become Laravel-style field errors. */
export function parsePayload<T extends z.ZodType>(schema: T, body: unknown, errors = new FieldErrors()): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
      if (!errors.has(field)) errors.add(field, issue.message);
    }
  }
  errors.throwIfAny();
  if (!result.success) throw new Error('unreachable');
  return result.data;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,12}$/;
export const PASSWORD_MESSAGE =
  'La contraseña debe tener de 8 a 12 caracteres, incluir al menos una letra mayúscula, una minúscula, un número y no contener caracteres especiales';
export const EMAIL_MESSAGE = 'El correo electrónico no es válido.';
