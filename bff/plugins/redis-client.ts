import { Redis } from 'ioredis';

/**
 * A Redis connection that never makes a request wait on it: no offline queue (a command
 * while disconnected fails at once, and the caller falls back to this process's memory), a
 * short command timeout, reconnection every second. Every Redis user of the BFF connects here.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => 1_000,
  });
}
