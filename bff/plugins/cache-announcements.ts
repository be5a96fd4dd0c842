import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * How replicas tell each other that a catalogue entry changed (read-cache.ts: `refresh`,
 * `expire`): a message on one Redis pub/sub channel naming the key. Each replica drops its own
 * copy of that key and takes the shared copy on its next read. A replica that was cut off from
 * Redis may have missed messages: when its subscription comes back it drops every copy it
 * holds (the shared ones are still there), so nobody keeps an old entry for its whole 5 minutes.
 */
export interface ChangeAnnouncements {
  announce(key: string): Promise<void>;
  /** `dropped(key)` for another replica's change; `missedSome()` after the subscription came back. */
  onChange(dropped: (key: string) => void, missedSome: () => void): void;
}

const CHANNEL = 'viziona:catalogue:changed';
/** How long start-up waits for the subscription, as for the main connection. */
const STARTUP_WAIT_MS = 2_000;

export async function announceChanges(app: FastifyInstance, redis: Redis): Promise<ChangeAnnouncements> {
  // This replica's own messages come back to it too: they carry its id and are skipped.
  const replica = randomUUID();
  // A subscribed connection can do nothing else, so it is a connection of its own.
  const subscriber = redis.duplicate();
  // The main connection logs Redis being away; this one stays quiet.
  subscriber.on('error', () => {});
  let handlers: { dropped: (key: string) => void; missedSome: () => void } | null = null;
  let subscribedBefore = false;

  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    const separator = message.indexOf('\n');
    if (separator < 0 || message.slice(0, separator) === replica) return;
    handlers?.dropped(message.slice(separator + 1));
  });
  // Every (re)connection subscribes again; after the first, messages may have been missed.
  subscriber.on('ready', () => {
    subscriber
      .subscribe(CHANNEL)
      .then(() => {
        if (subscribedBefore) handlers?.missedSome();
        subscribedBefore = true;
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'catalogue change announcements: no subscription'));
  });
  await new Promise<void>((resolve) => {
    subscriber.once('ready', () => resolve());
    setTimeout(resolve, STARTUP_WAIT_MS).unref();
  });
  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });

  return {
    async announce(key) {
      await redis.publish(CHANNEL, `${replica}\n${key}`);
    },
    onChange(dropped, missedSome) {
      handlers = { dropped, missedSome };
    },
  };
}
