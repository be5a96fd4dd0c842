import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * What ends sealed-cookie sessions before their expiry (ASVS 7.4.x), shared by every replica
 * through Redis when REDIS_URL is set, in this process's memory otherwise:
 *
 * - a log-out revokes that one session (its id: a hash of its upstream token) until it would
 *   have expired, so a copy of the old cookie no longer shows anybody;
 * - a password change raises the account's generation: every session of the account issued
 *   before it ends (the one that made the change is issued again).
 *
 * The cinema API revokes the token on log-out and every token on a password reset, but not
 * on a password change from the profile, and it cannot make a cookie forget the identity it
 * shows without an upstream call; this is that missing half. A Redis failure falls back to
 * memory (revocations then hold in this replica only) instead of logging everybody out.
 */

export interface SessionMark {
  /** The upstream token, only hashed here. */
  token: string;
  email: string;
  /** When the session was issued (epoch ms; 0 for cookies from before generations). */
  issuedAt: number;
  expiresAt: number;
}

export interface SessionRevocations {
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

export const sessionId = (token: string): string => createHash('sha256').update(token).digest('base64url').slice(0, 32);
const accountKey = (email: string): string => email.trim().toLowerCase();

const MAX_MEMORY_ENTRIES = 200_000;

export function createMemorySessionRevocations(now: () => number = Date.now): SessionRevocations {
  const revoked = new Map<string, number>();
  const generations = new Map<string, { at: number; expiresAt: number }>();
  const trim = <V>(map: Map<string, V>, expiry: (value: V) => number) => {
    if (map.size < MAX_MEMORY_ENTRIES) return;
    const at = now();
    for (const [key, value] of map) if (expiry(value) <= at) map.delete(key);
    for (const key of map.keys()) {
      if (map.size < MAX_MEMORY_ENTRIES) break;
      map.delete(key);
    }
  };
  return {
    async isRevoked(session) {
      const until = revoked.get(sessionId(session.token));
      if (until !== undefined && until > now()) return true;
      const generation = generations.get(accountKey(session.email));
      return generation !== undefined && generation.expiresAt > now() && session.issuedAt < generation.at;
    },
    async revoke(session) {
      trim(revoked, (until) => until);
      revoked.set(sessionId(session.token), session.expiresAt);
    },
    async endAccountSessions(email, maxSessionMs) {
      trim(generations, (value) => value.expiresAt);
      const at = now();
      generations.set(accountKey(email), { at, expiresAt: at + maxSessionMs });
      return at;
    },
  };
}

const REVOKED = 'viziona-session-revoked:';
const GENERATION = 'viziona-session-generation:';

export function createRedisSessionRevocations(
  redis: Redis,
  onError: (error: unknown) => void,
  fallback: SessionRevocations = createMemorySessionRevocations(),
): SessionRevocations {
  return {
    async isRevoked(session) {
      try {
        const [revoked, generation] = await redis.mget(REVOKED + sessionId(session.token), GENERATION + accountKey(session.email));
        return revoked !== null || (generation !== null && session.issuedAt < Number(generation));
      } catch (error) {
        onError(error);
        return fallback.isRevoked(session);
      }
    },
    async revoke(session) {
      await fallback.revoke(session);
      const ttl = Math.max(1, Math.ceil(session.expiresAt - Date.now()));
      try {
        await redis.set(REVOKED + sessionId(session.token), '1', 'PX', ttl);
      } catch (error) {
        onError(error);
      }
    },
    async endAccountSessions(email, maxSessionMs) {
      const at = await fallback.endAccountSessions(email, maxSessionMs);
      try {
        await redis.set(GENERATION + accountKey(email), String(at), 'PX', maxSessionMs);
      } catch (error) {
        onError(error);
      }
      return at;
    },
  };
}

export const sessionRevocationsPlugin = fp(
  async (app) => {
    const { redisUrl } = app.config;
    if (!redisUrl) {
      app.decorate('sessionRevocations', createMemorySessionRevocations());
      return;
    }
    const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'session revocations redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    app.decorate(
      'sessionRevocations',
      createRedisSessionRevocations(redis, (error) => app.log.warn({ err: error }, 'session revocations unavailable, using this replica')),
    );
  },
  { name: 'viziona-session-revocations', dependencies: ['viziona-config'] },
);
