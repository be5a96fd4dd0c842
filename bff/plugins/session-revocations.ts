import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { SharedStore } from './shared-store.ts';

/**
 * What ends sealed-cookie sessions before their expiry (ASVS 7.4.x), kept in
 * `app.sharedStore` (Redis when REDIS_URL is set, so every replica sees it):
 *
 * - a log-out revokes that one session (its id: a hash of its upstream token) until it would
 *   have expired, so a copy of the old cookie no longer shows anybody;
 * - a password change raises the account's generation: every session of the account issued
 *   before it ends (the one that made the change is issued again).
 *
 * The cinema API revokes the token on log-out and every token on a password reset, but not
 * on a password change from the profile, and it cannot make a cookie forget the identity it
 * shows without an upstream call; this is that missing half. If the store fails, a session
 * counts as not revoked (and the failure is logged) rather than logging everybody out.
 */

export interface SessionMark {
  /** The upstream token, only hashed here. */
  token: string;
  email: string;
  /** When the session was issued (epoch ms; 0 for cookies from before generations). */
  issuedAt: number;
  expiresAt: number;
}

interface SessionRevocations {
  isRevoked(session: SessionMark): Promise<boolean>;
  revoke(session: SessionMark): Promise<void>;
  /** Ends every session of the account issued before now; answers the new generation (epoch ms). */
  endAccountSessions(email: string, maxSessionMs: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionRevocations: SessionRevocations;
  }
}

const sessionId = (token: string): string => createHash('sha256').update(token).digest('base64url').slice(0, 32);
const revokedKey = (token: string): string => `session-revoked:${sessionId(token)}`;
const generationKey = (email: string): string => `session-generation:${email.trim().toLowerCase()}`;

function createSessionRevocations(store: SharedStore, onError: (error: unknown) => void): SessionRevocations {
  return {
    async isRevoked(session) {
      try {
        const [revoked, generation] = await Promise.all([store.get(revokedKey(session.token)), store.get(generationKey(session.email))]);
        return revoked !== null || (generation !== null && session.issuedAt < Number(generation));
      } catch (error) {
        onError(error);
        return false;
      }
    },
    async revoke(session) {
      await store.set(revokedKey(session.token), '1', Math.max(1, Math.ceil(session.expiresAt - Date.now())));
    },
    async endAccountSessions(email, maxSessionMs) {
      const at = Date.now();
      await store.set(generationKey(email), String(at), maxSessionMs);
      return at;
    },
  };
}

export const sessionRevocationsPlugin = fp(
  async (app) => {
    app.decorate(
      'sessionRevocations',
      createSessionRevocations(app.sharedStore, (error) => app.log.warn({ err: error }, 'session revocations unavailable')),
    );
  },
  { name: 'viziona-session-revocations', dependencies: ['viziona-shared-store'] },
);
