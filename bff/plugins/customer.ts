import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEMBERSHIP_ACTIVE, MembershipStatusAnswerSchema, type MembershipStatus } from '../../shared/cinema-api/accounts.ts';
import { MembershipViewSchema, type MembershipView } from '../../shared/views/session.ts';
import { BffError, unauthenticated } from '../errors.ts';
import { updateSession, type SessionState } from './session.ts';

/**
 * The logged-in customer as every feature sees them: the rule that a route needs one
 * (`requireCustomer`), who they are (`ownerOf`, the key of their hold, locks and cached
 * reads) and their membership as the cinema API says it. Accounts and purchase both lean on
 * this module, so neither reaches into the other.
 */

/**
 * "A customer must be logged in": the onRequest hook of every route plugin whose routes are
 * personal (`app.addHook('onRequest', requireCustomer)`); a logged-out visitor gets 401.
 */
export async function requireCustomer(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
}

/** The session of a route behind `requireCustomer`. */
export function customerOf(request: FastifyRequest): SessionState {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The session's e-mail, lowercased; null for a logged-out visitor. */
export const ownerOf = (request: FastifyRequest): string | null => request.auth?.user.email.toLowerCase() ?? null;

function toMembershipView(status: MembershipStatus | undefined): MembershipView | null {
  if (!status) return null;
  return {
    active: status.Estado === MEMBERSHIP_ACTIVE,
    status: status.Estado,
    cineFan: status.CineFan === '' ? null : status.CineFan,
    expiresAt: status.Vencimiento,
  };
}

/** The membership of the logged-in user; 401 propagates, any other failure is "unknown" (null). */
export async function fetchMembership(app: FastifyInstance, request: FastifyRequest): Promise<MembershipView | null> {
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

/** How long one membership read serves this person's booking views, reservations and payments. */
const MEMBERSHIP_FRESH_MS = 30_000;

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
