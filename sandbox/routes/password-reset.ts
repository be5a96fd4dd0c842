import type { FastifyInstance } from 'fastify';
import { serve } from './serve.ts';
import { run } from '../db/database.ts';
import { FieldErrors, invalidField } from '../lib/api-error.ts';
import type { SandboxContext } from '../lib/context.ts';
import { hashPassword, randomToken } from '../lib/secrets.ts';
import { siteLink } from '../lib/urls.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN, PASSWORD_MESSAGE, PASSWORD_PATTERN } from '../lib/validation.ts';
import { revokeAllTokens } from '../services/account-rules.ts';
import { findOneTime, spendOneTime, storeOneTime } from '../services/one-time-tokens.ts';
import { sendMail } from '../services/outbox.ts';
import { findUserByEmail } from '../services/users.ts';

const RESET_CODE_MS = 60 * 60 * 1000;

/** forgot (reset link to the outbox) and update-password/{code}. */
export function registerPasswordResetRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  serve(api, ctx, 'POST /forgot', async ({ payload: read }) => {
    const payload = read();
    if (!EMAIL_PATTERN.test(payload.email)) throw invalidField('email', EMAIL_MESSAGE);
    const user = findUserByEmail(ctx.db, payload.email);
    if (user !== undefined) {
      const code = randomToken(24);
      storeOneTime(ctx.db, 'reset', code, ctx.clock.nowMs() + RESET_CODE_MS, { userId: user.id });
      const link = siteLink(ctx, `/forgot-password/${code}`);
      sendMail(
        ctx.db,
        {
          to: user.email,
          kind: 'password-reset',
          subject: 'Restablece tu contraseña de Viziona',
          body: `Hola ${user.name}, para restablecer tu contraseña abre este enlace (válido por 60 minutos): ${link}`,
          code,
          link,
        },
        ctx.clock.nowMs(),
      );
    }
    return { message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.' };
  });

  serve(api, ctx, 'POST /update-password/:code', async ({ params, payload: read }) => {
    const payload = read();
    const errors = new FieldErrors();
    if (!PASSWORD_PATTERN.test(payload.password)) errors.add('password', PASSWORD_MESSAGE);
    const reset = findOneTime(ctx.db, 'reset', params.code, ctx.clock.nowMs());
    if (reset === undefined || reset.user_id === null)
      errors.add('code', 'El enlace de recuperación no es válido o ha expirado.');
    errors.throwIfAny();
    if (reset === undefined || reset.user_id === null || !spendOneTime(ctx.db, reset.id, ctx.clock.nowMs())) {
      throw invalidField('code', 'El enlace de recuperación no es válido o ha expirado.');
    }
    run(ctx.db, 'UPDATE users SET password_hash = ? WHERE id = ?', await hashPassword(payload.password), reset.user_id);
    revokeAllTokens(ctx, reset.user_id);
    return { message: 'Contraseña actualizada correctamente.' };
  });
}
