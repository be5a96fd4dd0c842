import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MembershipView } from '../../shared/views/session.ts';
import type { PriceAudience } from '../../shared/booking/prices.ts';
import { NON_MEMBER } from '../../shared/booking/prices.ts';
import { bogotaDateTimeToEpoch, fetchMembership } from '../accounts/session-user.ts';
import { updateSession } from '../plugins/session.ts';

/**
 * The membership that decides this person's prices. The session keeps a snapshot (taken at
 * log-in and refreshed after a membership purchase); when it is missing it is read from the
 * cinema API once and stored. A membership past its Vencimiento no longer counts.
 */
export async function membershipOf(app: FastifyInstance, request: FastifyRequest): Promise<MembershipView | null> {
  const snapshot = request.auth?.membership ?? null;
  if (snapshot) return snapshot;
  const membership = await fetchMembership(app, request);
  if (membership) updateSession(request, { membership });
  return membership;
}

export function audienceOf(membership: MembershipView | null, now: number = Date.now()): PriceAudience {
  if (!membership?.active) return NON_MEMBER;
  const ends = membership.expiresAt ? bogotaDateTimeToEpoch(membership.expiresAt) : Number.NaN;
  if (Number.isFinite(ends) && ends <= now) return NON_MEMBER;
  return { activeCard: true, cineFanVigente: membership.cineFan?.toLowerCase() === 'vigente' };
}

/** A short key of an audience, for caches of per-audience views. */
export const audienceKey = (audience: PriceAudience): string =>
  `${audience.activeCard ? 'm' : 'n'}${audience.cineFanVigente ? 'v' : ''}`;
