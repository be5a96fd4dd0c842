import type { FastifyInstance } from 'fastify';
import { serve } from './serve.ts';
import { run } from '../db/database.ts';
import { invalidField } from '../lib/api-error.ts';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { reloadUser } from '../services/account-rules.ts';
import { findOneTime, spendOneTime } from '../services/one-time-tokens.ts';
import { userView } from '../services/users.ts';
import { sendVerificationCode } from '../services/verification.ts';

/** POST code (sends a code to the outbox) and POST code/validate. */
export function registerVerificationRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  serve(api, ctx, 'POST /code', async ({ user }) => {
    const expiresAt = sendVerificationCode(ctx, user);
    return { data: { sent: true, expires_at: bogotaTimestamp(expiresAt) } };
  });

  serve(api, ctx, 'POST /code/validate', async ({ user, payload: read }) => {
    const payload = read();
    const now = ctx.clock.nowMs();
    const found = findOneTime(ctx.db, 'verify', payload.code, now, { userId: user.id });
    if (found === undefined || !spendOneTime(ctx.db, found.id, now)) {
      throw invalidField('code', 'El código no es válido o ha expirado.');
    }
    run(ctx.db, 'UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?', now, user.id);
    return { data: { valid: true, user: userView(reloadUser(ctx, user.id)) } };
  });
}
