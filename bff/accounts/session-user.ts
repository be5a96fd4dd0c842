import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionAnswer, User } from '#shared/cinema-api/accounts.ts';
import { BffError, ERROR_MESSAGES } from '../errors.ts';
import { parseBogotaTimestamp } from '#shared/format/bogota-time.ts';
import { startSession, updateSession, type SessionUser } from '../plugins/session.ts';

/**
 * What the account routes share: turning the upstream user into the session snapshot, and
 * starting a session from a login or registration answer.
 */

export function toSessionUser(user: User): SessionUser {
  return {
    username: user.username,
    name: user.name,
    fullname: user.fullname,
    email: user.email,
    verified: user.email_verified_at !== null,
  };
}

/** Seals the upstream token into the cookie and loads the membership. */
export async function openSession(
  app: Pick<FastifyInstance, 'membership'>,
  request: FastifyRequest,
  answer: SessionAnswer,
): Promise<void> {
  const expiresAt = parseBogotaTimestamp(answer.expires_at);
  if (!Number.isFinite(expiresAt) || expiresAt <= Date.now()) {
    request.log.error('upstream session answer has an unusable expires_at');
    throw new BffError(502, 'UPSTREAM_UNAVAILABLE', ERROR_MESSAGES.upstreamUnavailable);
  }
  startSession(request, {
    token: answer.token,
    expiresAt,
    user: toSessionUser(answer.user),
    membership: null,
  });
  const membership = await app.membership.fetch(request).catch(() => null);
  if (membership) updateSession(request, { membership });
}
