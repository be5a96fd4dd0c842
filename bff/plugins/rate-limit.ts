import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { BffError, ERROR_MESSAGES } from '../errors.ts';
import type { BffConfig } from './config.ts';

/**
 * Rate limits of the sensitive routes, counted per client address (see TRUST_PROXY).
 * Counts live in memory, or in Redis when REDIS_URL is set so that every replica shares
 * them: `rateLimitStore` is the single place that makes the choice.
 */

const minutes = (n: number): number => n * 60_000;

/** Attach with `config: { rateLimit: RATE_LIMITS.login }` on a route. */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: minutes(10) },
  register: { max: 10, timeWindow: minutes(60) },
  forgotPassword: { max: 5, timeWindow: minutes(15) },
  resetPassword: { max: 10, timeWindow: minutes(15) },
  verificationSend: { max: 5, timeWindow: minutes(15) },
  verificationValidate: { max: 10, timeWindow: minutes(15) },
} as const satisfies Record<string, RateLimitOptions>;

type StoreChoice = { redis?: Redis; nameSpace?: string };

/** In memory by default; a Redis connection when REDIS_URL is set. */
export function rateLimitStore(config: BffConfig): StoreChoice {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  return { redis, nameSpace: 'viziona-bff-rate-limit:' };
}

export const rateLimitPlugin = fp(
  async (app) => {
    const store = rateLimitStore(app.config);
    if (store.redis) {
      const redis = store.redis;
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    const factor = app.config.rateLimitFactor;
    if (factor > 1) {
      // Runs before the rate-limit plugin's own onRoute hook reads the route's limit.
      app.addHook('onRoute', (route) => {
        const limit = (route.config as { rateLimit?: RateLimitOptions } | undefined)?.rateLimit;
        if (limit && typeof limit.max === 'number') {
          route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * factor } };
        }
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      ...store,
      // A Redis outage must not lock everybody out of logging in.
      skipOnError: true,
      errorResponseBuilder: () => new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.rateLimited),
    });
  },
  { name: 'viziona-rate-limit', dependencies: ['viziona-config'] },
);
