/**
 * Server-side reads of the personal pages. Each answers `unauthenticated` when the BFF says
 * the session is gone (it expired after the middleware looked), so the page can send the
 * person to log in.
 */
import type { ProfileView, PurchaseCardView } from '#shared/views/accounts.ts';
import type { MembershipView } from '#shared/views/session.ts';
import { callBff, type BffCaller } from '../../lib/bff-server.ts';
import { logServerError } from '../../lib/server-log.ts';

export type Loaded<T> = { kind: 'ok'; data: T } | { kind: 'unauthenticated' } | { kind: 'failed' };

export async function loadPurchases(caller: BffCaller): Promise<Loaded<PurchaseCardView[]>> {
  const result = await callBff(caller, 'GET /profile/purchases');
  if (result.ok) return { kind: 'ok', data: result.data.purchases };
  if (result.status === 401) return { kind: 'unauthenticated' };
  logServerError('purchases unavailable', { code: result.failure.code });
  return { kind: 'failed' };
}

export interface ProfilePageData {
  profile: ProfileView;
  membership: MembershipView | null;
  /** null when the purchases could not be read (the tab says so). */
  purchases: PurchaseCardView[] | null;
}

export async function loadProfilePage(
  caller: BffCaller,
  fallbackMembership: MembershipView | null,
): Promise<Loaded<ProfilePageData>> {
  // The profile first: the BFF refreshes the session cookie with it, and the next calls send that.
  const profile = await callBff(caller, 'GET /profile');
  if (!profile.ok) {
    if (profile.status === 401) return { kind: 'unauthenticated' };
    logServerError('profile unavailable', { code: profile.failure.code });
    return { kind: 'failed' };
  }
  const [membership, purchases] = await Promise.all([
    callBff(caller, 'GET /profile/membership'),
    loadPurchases(caller),
  ]);
  if (purchases.kind === 'unauthenticated') return purchases;
  return {
    kind: 'ok',
    data: {
      profile: profile.data,
      membership: membership.ok ? (membership.data.membership ?? fallbackMembership) : fallbackMembership,
      purchases: purchases.kind === 'ok' ? purchases.data : null,
    },
  };
}
