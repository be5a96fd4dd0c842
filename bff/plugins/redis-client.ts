import { once } from 'node:events';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * The BFF's one Redis connection (`app.redis`, null without REDIS_URL), shared by the rate
 * limits, the captcha replay store and the shared store. It never makes a request wait on
 * Redis: no offline queue (a command while disconnected fails at once, and each user decides
 * what that means: memory counts, or a refused purchase), a short command timeout,
 * reconnection every second. Start-up waits for it briefly, so the first requests find it.
 */
function connectRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => 1_000,
  });
}

const STARTUP_WAIT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export const redisPlugin = fp(
  async (app) => {
    const { redisUrl } = app.config;
    if (!redisUrl) {
      app.decorate('redis', null);
      app.metrics.redisUp.set(-1);
      return;
    }
    const redis = connectRedis(redisUrl);
    let warnedAt = 0;
    redis.on('error', (error: Error) => {
      // One line a minute at most while Redis is away, not one a request.
      if (Date.now() - warnedAt > 60_000) app.log.warn({ err: error }, 'redis unavailable: rate limits count in memory, purchases wait for it');
      warnedAt = Date.now();
    });
    await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS).unref())]);
    app.lifecycle.addCheck('redis', async () => {
      const up = redis.status === 'ready' && (await redis.ping()) === 'PONG';
      app.metrics.redisUp.set(up ? 1 : 0);
      return up;
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    app.decorate('redis', redis);
  },
  { name: 'viziona-redis', dependencies: ['viziona-config', 'viziona-metrics', 'viziona-lifecycle'] },
);
