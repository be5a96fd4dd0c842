import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MEMBERSHIP_ACTIVE, type MembershipStatus } from '#shared/cinema-api/accounts.ts';
import { MembershipViewSchema, type MembershipView } from '#shared/views/session.ts';
import { BffError } from '#bff/errors.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';
import { updateSession } from '#bff/plugins/session.ts';

/**
 * The logged-in customer's Club Vizionarios membership as the cinema API says it: this
 * folder owns it whole (the status read, the offer, its sale as a paid product). The accounts
 * (profile, log-in) and the purchase (member prices) reach it through the app
 * (`app.membership`), never by importing this folder.
 */

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
export async function fetchMembership(
  app: Pick<FastifyInstance, 'upstream'>,
  request: FastifyRequest,
): Promise<MembershipView | null> {
  try {
    const answer = await app.upstream.call(request, 'GET /profile/membership-status');
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

/** A shared read as stored (null: the cinema API said there is none). Made once: a zod schema costs to build. */
const SharedMembershipSchema = MembershipViewSchema.nullable();

/**
 * The membership that decides this person's prices, as the cinema API says it is now: read
 * at most every 30 s per person (shared by the replicas) and dropped the moment this BFF
 * sells a membership, so one bought on another device gives member prices at the next booking
 * view and payment. The session's snapshot (what the header shows) follows it.
 */
async function currentMembership(
  app: Pick<FastifyInstance, 'upstream' | 'sharedStore'>,
  request: FastifyRequest,
): Promise<MembershipView | null> {
  const owner = ownerOf(request);
  if (!owner) return null;
  const cached = await app.sharedStore.get(membershipKey(owner));
  if (cached !== null) {
    const parsed = SharedMembershipSchema.safeParse(JSON.parse(cached));
    if (parsed.success) return parsed.data;
  }
  const membership = await fetchMembership(app, request);
  await app.sharedStore.set(membershipKey(owner), JSON.stringify(membership), MEMBERSHIP_FRESH_MS);
  if (JSON.stringify(membership) !== JSON.stringify(request.auth?.membership ?? null))
    updateSession(request, { membership });
  return membership;
}

interface Membership {
  /** Asks the cinema API now (the profile's read; the session's snapshot after a log-in). */
  fetch(request: FastifyRequest): Promise<MembershipView | null>;
  /** The membership that prices this person's purchase: read at most every 30 s. */
  current(request: FastifyRequest): Promise<MembershipView | null>;
  /** After a membership purchase: the next `current` asks the cinema API. */
  forget(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    membership: Membership;
  }
}

export const membershipPlugin = fp(
  async (app) => {
    app.decorate('membership', {
      fetch: (request) => fetchMembership(app, request),
      current: (request) => currentMembership(app, request),
      async forget(request) {
        const owner = ownerOf(request);
        if (owner) await app.sharedStore.delete(membershipKey(owner));
      },
    } satisfies Membership);
  },
  { name: 'viziona-membership', dependencies: ['viziona-upstream', 'viziona-shared-store', 'viziona-session'] },
);
