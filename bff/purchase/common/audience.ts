import { parseBogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { MembershipView } from '#shared/views/session.ts';
import { NON_MEMBER, type PriceAudience } from './zone-prices.ts';

/** The prices a membership gives: none once it has expired, whatever its status says. */
export function audienceOf(membership: MembershipView | null, now: number = Date.now()): PriceAudience {
  if (!membership?.active) return NON_MEMBER;
  const ends = membership.expiresAt ? parseBogotaTimestamp(membership.expiresAt) : Number.NaN;
  if (Number.isFinite(ends) && ends <= now) return NON_MEMBER;
  return { activeCard: true, cineFanVigente: membership.cineFan?.toLowerCase() === 'vigente' };
}

/** A short key of an audience, for caches of per-audience views. */
export const audienceKey = (audience: PriceAudience): string =>
  `${audience.activeCard ? 'm' : 'n'}${audience.cineFanVigente ? 'v' : ''}`;
