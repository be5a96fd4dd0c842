import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '#bff/errors.ts';
import type { SessionState } from './session.ts';

/**
 * The session guard every feature leans on: the rule that a route needs a logged-in customer
 * (`requireCustomer`), their session (`customerOf`) and who they are (`ownerOf`, the key of
 * their hold, locks and cached reads). Their membership is the accounts' (`app.membership`).
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
