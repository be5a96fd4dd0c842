import fastifyRateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientNetwork } from './client-network.ts';
import { BffError, ERROR_MESSAGES } from '../errors.ts';
import { redisWithMemoryFallback } from './rate-limit-store.ts';

/**
 * Rate limits of the sensitive routes, counted per client address (see TRUST_PROXY).
 * Counts live in memory, or in Redis when REDIS_URL is set so that every replica shares
 * them (falling back to memory while Redis does not answer: bff/plugins/rate-limit-store.ts).
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

/**
 * Who a personal route's limit counts: the logged-in person (their e-mail), so that people
 * behind one address (an office, a mobile carrier) do not share a budget; a request without a
 * session counts by address (those routes then answer 401 anyway).
 */
export const personKey = (request: FastifyRequest): string =>
  request.auth ? `person:${request.auth.user.email}` : `ip:${clientNetwork(request.ip)}`;

/**
 * A person's changes to their own account outside a purchase, each route counted on its own:
 * the profile (`PUT /profile`) and "Avísame" (asking, cancelling). An honest person makes a few;
 * a script asking and cancelling without end (each ask reads the cinema API) stops here.
 */
export const PERSONAL_CHANGE_LIMIT = {
  max: 30,
  timeWindow: minutes(10),
  keyGenerator: personKey,
} as const satisfies RateLimitOptions;

export const rateLimitPlugin = fp(
  async (app) => {
    const store: FastifyRateLimitStoreCtor | undefined = app.redis
      ? redisWithMemoryFallback(app.redis, 'viziona-bff-rate-limit:', () => {})
      : undefined;
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
      ...(store ? { store } : {}),
      // The store itself falls back to memory; any other failure must not lock people out.
      skipOnError: true,
      errorResponseBuilder: () => new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.rateLimited),
    });
  },
  { name: 'viziona-rate-limit', dependencies: ['viziona-config', 'viziona-redis'] },
);
