import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MembershipViewSchema, type MembershipView } from '../../shared/views/session.ts';
import { NON_MEMBER, type PriceAudience } from './zone-prices.ts';
import { fetchMembership } from '../accounts/session-user.ts';
import { parseBogotaTimestamp } from '../../shared/format/bogota-time.ts';
import { updateSession } from '../plugins/session.ts';
import { ownerOf } from './hold.ts';

/** How long one membership read serves this person's booking views, reservations and payments. */
export const MEMBERSHIP_FRESH_MS = 30_000;

const membershipKey = (owner: string): string => `membership:${owner}`;

/**
 * The membership that decides this person's prices, as the cinema API says it is now: read
 * at most every 30 s per person (shared by the replicas) and dropped the moment this BFF
 * sells a membership, so one bought on another device gives member prices at the next booking
 * view and payment. The session's snapshot (what the header shows) follows it.
 */
export async function membershipOf(app: FastifyInstance, request: FastifyRequest): Promise<MembershipView | null> {
  const owner = ownerOf(request);
  if (!owner) return null;
  const cached = await app.sharedStore.get(membershipKey(owner));
  if (cached !== null) {
    const parsed = MembershipViewSchema.nullable().safeParse(JSON.parse(cached));
    if (parsed.success) return parsed.data;
  }
  const membership = await fetchMembership(app, request);
  await app.sharedStore.set(membershipKey(owner), JSON.stringify(membership), MEMBERSHIP_FRESH_MS);
  if (JSON.stringify(membership) !== JSON.stringify(request.auth?.membership ?? null)) updateSession(request, { membership });
  return membership;
}

/** After a membership purchase: the next read asks the cinema API. */
export async function forgetMembership(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const owner = ownerOf(request);
  if (owner) await app.sharedStore.delete(membershipKey(owner));
}

export function audienceOf(membership: MembershipView | null, now: number = Date.now()): PriceAudience {
  if (!membership?.active) return NON_MEMBER;
  const ends = membership.expiresAt ? parseBogotaTimestamp(membership.expiresAt) : Number.NaN;
  if (Number.isFinite(ends) && ends <= now) return NON_MEMBER;
  return { activeCard: true, cineFanVigente: membership.cineFan?.toLowerCase() === 'vigente' };
}

/** A short key of an audience, for caches of per-audience views. */
export const audienceKey = (audience: PriceAudience): string =>
  `${audience.activeCard ? 'm' : 'n'}${audience.cineFanVigente ? 'v' : ''}`;
