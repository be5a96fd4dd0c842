import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MEMBERSHIP_ACTIVE,
  MembershipStatusAnswerSchema,
  type MembershipStatus,
  type SessionAnswer,
  type User,
} from '../../shared/cinema-api/accounts.ts';
import { parseBogotaTimestamp } from '../../shared/format/bogota-time.ts';
import type { MembershipView } from '../../shared/views/session.ts';
import { BffError, ERROR_MESSAGES } from '../errors.ts';
import { startSession, updateSession, type SessionUser } from '../plugins/session.ts';

/**
 * What the account routes share: turning the upstream user and membership into the
 * session snapshot, and starting a session from a login or registration answer.
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

export function toMembershipView(status: MembershipStatus | undefined): MembershipView | null {
  if (!status) return null;
  return {
    active: status.Estado === MEMBERSHIP_ACTIVE,
    status: status.Estado,
    cineFan: status.CineFan === '' ? null : status.CineFan,
    expiresAt: status.Vencimiento,
  };
}

/** The membership of the logged-in user; 401 propagates, any other failure is "unknown" (null). */
export async function fetchMembership(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<MembershipView | null> {
  try {
    const answer = await app.upstream.call(request, {
      method: 'GET',
      path: 'profile/membership-status',
      schema: MembershipStatusAnswerSchema,
      auth: true,
    });
    return toMembershipView(answer.data[0]);
  } catch (error) {
    if (error instanceof BffError && error.statusCode === 401) throw error;
    request.log.warn({ err: error }, 'membership status unavailable');
    return null;
  }
}

/** Seals the upstream token into the cookie and loads the membership. */
export async function openSession(
  app: FastifyInstance,
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
  const membership = await fetchMembership(app, request).catch(() => null);
  if (membership) updateSession(request, { membership });
}
