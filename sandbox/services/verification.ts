import { run } from '../db/database.ts';
import type { SandboxContext } from '../lib/context.ts';
import { randomDigits } from '../lib/secrets.ts';
import { storeOneTime } from './one-time-tokens.ts';
import { sendMail } from './outbox.ts';
import type { UserRow } from './users.ts';

const CODE_MS = 15 * 60 * 1000;

/** Sends a new 6-digit code (earlier ones stop working); returns its expiry (epoch ms). */
export function sendVerificationCode(ctx: SandboxContext, user: UserRow): number {
  const now = ctx.clock.nowMs();
  run(
    ctx.db,
    "UPDATE one_time_tokens SET used_at = ? WHERE kind = 'verify' AND user_id = ? AND used_at IS NULL",
    now,
    user.id,
  );
  const code = randomDigits(6);
  const expiresAt = now + CODE_MS;
  storeOneTime(ctx.db, 'verify', code, expiresAt, { userId: user.id });
  sendMail(
    ctx.db,
    {
      to: user.email,
      kind: 'verification-code',
      subject: 'Tu código de verificación de Viziona',
      body: `Hola ${user.name}, tu código de verificación es ${code}. Vence en 15 minutos.`,
      code,
      link: null,
    },
    now,
  );
  return expiresAt;
}
