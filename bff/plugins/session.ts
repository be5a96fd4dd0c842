import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySecureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  MembershipViewSchema,
  SessionUserViewSchema,
  type MembershipView,
  type SessionUserView,
  type SessionView,
} from '#shared/views/session.ts';
import { OFFLINE_OWNER_COOKIE, SECURE_OFFLINE_OWNER_COOKIE } from '#shared/http/offline-owner.ts';
import { isPublicRead } from './cache-headers.ts';
import type { SessionMark } from './session-revocations.ts';

/**
 * The visitor's session lives only in the sealed cookie `viziona_session` (libsodium
 * secretbox through @fastify/secure-session: encrypted and authenticated, no server-side
 * store). It holds the upstream bearer token, its expiry and a snapshot of the user, so
 * `GET /bff/session` needs no upstream call. A tampered, unreadable or expired cookie is a
 * logged-out visitor.
 */

export const SESSION_COOKIE = 'viziona_session';
/**
 * The cookie's name where the site is served over https: the `__Host-` prefix makes browsers
 * refuse it unless it is Secure, for the whole host (Path=/) and without a Domain, so a
 * sibling subdomain or a plain-http page can never set or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/** Upper bound of a session's life even if the upstream grants longer (seconds). */
const MAX_SESSION_SECONDS = 30 * 24 * 60 * 60;
const MAX_SESSION_MS = MAX_SESSION_SECONDS * 1000;

const SessionStateSchema = z.object({
  token: z.string().min(1),
  /** Epoch milliseconds of the upstream `expires_at`. */
  expiresAt: z.number(),
  /** When this session was issued (epoch ms): a password change ends older ones. Absent in older cookies. */
  issuedAt: z.number().optional(),
  /** The session's id for offline copies (shared/http/offline-owner.ts). Absent in older cookies. */
  offlineOwner: z.string().optional(),
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
    /** The offline owner cookie this answer sets (a session started) or clears (one ended). */
    offlineOwnerChange: { set: string; expires: Date } | 'clear' | null;
  }
}

export const sessionPlugin = fp(
  async (app) => {
    const { config } = app;
    if (!app.hasPlugin('@fastify/cookie')) await app.register(fastifyCookie);
    await app.register(fastifySecureSession, {
      key: config.sessionKeys,
      cookieName: sessionCookieName(config.secureCookies),
      expiry: MAX_SESSION_SECONDS,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
      },
    });

    app.decorateRequest('auth', null);
    app.decorateRequest('offlineOwnerChange', null);

    const ownerCookie = config.secureCookies ? SECURE_OFFLINE_OWNER_COOKIE : OFFLINE_OWNER_COOKIE;
    const ownerCookieOptions = { path: '/', sameSite: 'lax', secure: config.secureCookies } as const;
    // Readable by the page and the service worker on purpose: an id, not a credential.
    app.addHook('onSend', (request, reply, payload, done) => {
      const change = request.offlineOwnerChange;
      if (change === 'clear') reply.clearCookie(ownerCookie, ownerCookieOptions);
      else if (change) reply.setCookie(ownerCookie, change.set, { ...ownerCookieOptions, expires: change.expires });
      done(null, payload);
    });

    // A callback hook that goes async only for a signed-in session: a visitor without one (the
    // presale crowd's every arrival) costs no promise here.
    app.addHook('onRequest', (request, _reply, done) => {
      if (isPublicRead(request)) {
        // A public read is the same for everybody and may be shared by caches: it never reads
        // the session, so it never re-seals (key rotation) or clears a cookie either.
        request.session.changed = false;
        return done();
      }
      const stored: unknown = request.session.get('auth');
      if (stored === undefined) return done();
      readSession(request, stored).then(() => done(), done);
    });

    async function readSession(request: FastifyRequest, stored: unknown): Promise<void> {
      const parsed = SessionStateSchema.safeParse(stored);
      if (
        !parsed.success ||
        parsed.data.expiresAt <= Date.now() ||
        (await app.sessionRevocations.isRevoked(markOf(parsed.data)))
      ) {
        // Expired, logged out, ended by a password change, or from an older format: forget it
        // and tell the browser to drop the cookie.
        request.session.delete();
        request.offlineOwnerChange = 'clear';
        return;
      }
      request.auth = parsed.data;
      // Re-sealed cookies (key rotation, updates) keep the upstream expiry.
      request.session.options({ expires: new Date(parsed.data.expiresAt) });
    }
  },
  { name: 'viziona-session', dependencies: ['viziona-config', 'viziona-session-revocations'] },
);

const markOf = (state: SessionState): SessionMark => ({
  token: state.token,
  email: state.user.email,
  issuedAt: state.issuedAt ?? 0,
  expiresAt: state.expiresAt,
});

/** Starts a session after login or registration. */
export function startSession(request: FastifyRequest, state: SessionState): void {
  const capped = Math.min(state.expiresAt, Date.now() + MAX_SESSION_SECONDS * 1000);
  const next = {
    ...state,
    expiresAt: capped,
    issuedAt: Date.now(),
    offlineOwner: randomBytes(16).toString('base64url'),
  };
  request.session.regenerate();
  // An expired cookie read earlier in this request marked the session deleted: revive it.
  request.session.deleted = false;
  request.session.set('auth', next);
  request.session.options({ expires: new Date(capped) });
  request.auth = next;
  request.offlineOwnerChange = { set: next.offlineOwner, expires: new Date(capped) };
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

/** Forgets the session on this answer (the cookie is cleared); see `revokeSession` for a log-out. */
export function endSession(request: FastifyRequest): void {
  request.session.delete();
  request.auth = null;
  request.offlineOwnerChange = 'clear';
}

/** What ending sessions uses of the BFF: the revocations every replica reads. */
type SessionNeeds = Pick<FastifyInstance, 'sessionRevocations'>;

/** Logs the visitor out for good: a copy of this cookie no longer opens the session anywhere. */
export async function revokeSession(app: SessionNeeds, request: FastifyRequest): Promise<void> {
  if (request.auth) await app.sessionRevocations.revoke(markOf(request.auth));
  endSession(request);
}

/**
 * After a password change: every other session of the account ends (on every replica), and
 * this one is issued again so it stays.
 */
export async function endOtherSessions(app: SessionNeeds, request: FastifyRequest): Promise<void> {
  const current = request.auth;
  if (!current) return;
  const generation = await app.sessionRevocations.endAccountSessions(current.user.email, MAX_SESSION_MS);
  const next: SessionState = { ...current, issuedAt: generation };
  request.session.set('auth', next);
  request.auth = next;
}

/** The session as the browser may see it: never the token. */
export function sessionView(state: SessionState | null): SessionView {
  if (!state) return { user: null };
  const user: SessionUserView = { ...state.user, membership: state.membership };
  return { user };
}
