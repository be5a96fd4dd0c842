import { expect, it } from 'vitest';
import { redisClient, startRedisServer } from './redis-server.ts';

/**
 * A test's own Redis connection across a restart the test makes: ioredis reports each refused
 * reconnection as an `error` event, which without a listener reaches the console and fails the
 * test (tests/bff/waiting-room-store.test.ts failed so once in a clean run).
 */
it('keeps a test client quiet while its Redis is away, and working once it is back', async () => {
  const server = await startRedisServer();
  const client = redisClient(server.url, { retryStrategy: () => 50 });
  try {
    expect(await client.ping()).toBe('PONG');
    await server.halt();
    await expect.poll(() => client.connectionErrors.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await server.resume();
    expect(await client.ping()).toBe('PONG');
  } finally {
    client.disconnect();
    await server.stop();
  }
}, 30_000);
