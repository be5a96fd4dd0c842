import { run } from '../db/database.ts';
import type { FieldErrors } from '../lib/api-error.ts';
import { isValidBirthday } from '#shared/validation/fields.ts';
import type { SandboxContext } from '../lib/context.ts';
import { findUserById, type UserRow } from './users.ts';

/** A birthday must be a real calendar day before today. */
export function checkBirthday(value: string, today: string, errors: FieldErrors): void {
  if (!isValidBirthday(value, today)) errors.add('birthday', 'La fecha no es válida.');
}

export function revokeAllTokens(ctx: SandboxContext, userId: number): void {
  run(ctx.db, 'UPDATE auth_tokens SET revoked = 1 WHERE user_id = ?', userId);
}

export function reloadUser(ctx: SandboxContext, id: number): UserRow {
  const user = findUserById(ctx.db, id);
  if (user === undefined) throw new Error('user vanished');
  return user;
}
