import type { FastifyInstance } from 'fastify';
import { serve } from './serve.ts';
import { run } from '../db/database.ts';
import { FieldErrors } from '../lib/api-error.ts';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { hashPassword } from '../lib/secrets.ts';
import { PASSWORD_MESSAGE, PASSWORD_PATTERN } from '../lib/validation.ts';
import { checkBirthday, reloadUser } from '../services/account-rules.ts';
import { membershipStatus, userView } from '../services/users.ts';

/** GET/PUT profile and the membership status. */
export function registerProfileRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  serve(api, ctx, 'GET /profile', async ({ user }) => ({ data: userView(user) }));

  serve(api, ctx, 'PUT /profile', async ({ user, payload: read }) => {
    const payload = read();
    const errors = new FieldErrors();
    const birthday = payload.birthday === undefined ? user.birthday : payload.birthday === '' ? null : payload.birthday;
    if (birthday !== null && payload.birthday !== undefined)
      checkBirthday(birthday, bogotaDate(ctx.clock.now()), errors);
    if (!/^\d{7,15}$/.test(payload.phone)) errors.add('phone', 'El teléfono no es válido.');
    const password = payload.password === undefined || payload.password === '' ? undefined : payload.password;
    if (password !== undefined) {
      if (!PASSWORD_PATTERN.test(password)) errors.add('password', PASSWORD_MESSAGE);
      if (payload.password_confirmation !== undefined && payload.password_confirmation !== password) {
        errors.add('password_confirmation', 'Las contraseñas deben coincidir');
      }
    }
    errors.throwIfAny();
    const passwordHash = password === undefined ? user.password_hash : await hashPassword(password);
    run(
      ctx.db,
      'UPDATE users SET name = ?, lastname = ?, phone = ?, birthday = ?, sex = ?, password_hash = ? WHERE id = ?',
      payload.name,
      payload.lastname,
      payload.phone,
      birthday,
      payload.sex ?? user.sex,
      passwordHash,
      user.id,
    );
    return { message: 'Perfil actualizado correctamente.', data: userView(reloadUser(ctx, user.id)) };
  });

  serve(api, ctx, 'GET /profile/membership-status', async ({ user }) => {
    return { data: [membershipStatus(user, ctx.clock.nowMs())] };
  });
}
