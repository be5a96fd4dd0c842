import fastifyCookie from '@fastify/cookie';
import fastifySecureSession from '@fastify/secure-session';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  MembershipViewSchema,
  SessionUserViewSchema,
  type MembershipView,
  type SessionUserView,
  type SessionView,
} from '../../shared/views/session.ts';

/**
 * The visitor's session lives only in the sealed cookie `viziona_session` (libsodium
 * secretbox through @fastify/secure-session: encrypted and authenticated, no server-side
 * store). It holds the upstream bearer token, its expiry and a snapshot of the user, so
 * `GET /bff/session` needs no upstream call. A tampered, unreadable or expired cookie is a
 * logged-out visitor.
 */

export const SESSION_COOKIE = 'viziona_session';
/** Upper bound of a session's life even if the upstream grants longer (seconds). */
const MAX_SESSION_SECONDS = 30 * 24 * 60 * 60;

const SessionStateSchema = z.object({
  token: z.string().min(1),
  /** Epoch milliseconds of the upstream `expires_at`. */
  expiresAt: z.number(),
  user: SessionUserViewSchema.omit({ membership: true }),
  membership: MembershipViewSchema.nullable(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;
export type SessionUser = SessionState['user'];

declare module '@fastify/secure-session' {
  interface SessionData {
    auth: SessionState;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The valid session of this request, or null for a logged-out visitor. */
    auth: SessionState | null;
  }
}

export const sessionPlugin = fp(
  async (app) => {
    const { config } = app;
    if (!app.hasPlugin('@fastify/cookie')) await app.register(fastifyCookie);
    await app.register(fastifySecureSession, {
      key: config.sessionKeys,
      cookieName: SESSION_COOKIE,
      expiry: MAX_SESSION_SECONDS,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
      },
    });

    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      const stored = request.session.get('auth');
      if (stored === undefined) return;
      const parsed = SessionStateSchema.safeParse(stored);
      if (!parsed.success || parsed.data.expiresAt <= Date.now()) {
        // Expired or from an older format: forget it and tell the browser to drop the cookie.
        request.session.delete();
        return;
      }
      request.auth = parsed.data;
      // Re-sealed cookies (key rotation, updates) keep the upstream expiry.
      request.session.options({ expires: new Date(parsed.data.expiresAt) });
    });
  },
  { name: 'viziona-session', dependencies: ['viziona-config'] },
);

/** Starts a session after login or registration. */
export function startSession(request: FastifyRequest, state: SessionState): void {
  const capped = Math.min(state.expiresAt, Date.now() + MAX_SESSION_SECONDS * 1000);
  const next = { ...state, expiresAt: capped };
  request.session.regenerate();
  // An expired cookie read earlier in this request marked the session deleted: revive it.
  request.session.deleted = false;
  request.session.set('auth', next);
  request.session.options({ expires: new Date(capped) });
  request.auth = next;
}

/** Refreshes the user snapshot and/or the membership after they changed upstream. */
export function updateSession(
  request: FastifyRequest,
  patch: { user?: SessionUser; membership?: MembershipView | null },
): void {
  const current = request.auth;
  if (!current) return;
  const next: SessionState = {
    ...current,
    ...(patch.user ? { user: patch.user } : {}),
    ...(patch.membership !== undefined ? { membership: patch.membership } : {}),
  };
  request.session.set('auth', next);
  request.auth = next;
}

/** Logs the visitor out: the cookie is cleared on this answer. */
export function endSession(request: FastifyRequest): void {
  request.session.delete();
  request.auth = null;
}

/** The session as the browser may see it: never the token. */
export function sessionView(state: SessionState | null): SessionView {
  if (!state) return { user: null };
  const user: SessionUserView = { ...state.user, membership: state.membership };
  return { user };
}
