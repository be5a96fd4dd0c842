import { expect } from 'vitest';
import type { BffApp } from '#bff/app.ts';
import { call, startReplicas, type Replicas } from './harness.ts';
import { startRedisServer } from './redis-server.ts';
import { startSmtpRelay, type SmtpRelay } from './smtp-relay.ts';

/** Releases the sandbox lists without showtimes (status 'estreno'). */
export const RELEASES = ['el-secreto-de-la-abuela', 'viaje-al-centro-del-mar', 'heroes-de-barrio'] as const;

/** Puts a movie's first showtime on sale (tomorrow, late), as the cinema does: its id, date and hour. */
export async function programme(
  sandboxUrl: string,
  movie: string,
): Promise<{ id: number; date: string; hour: string }> {
  const response = await fetch(`${sandboxUrl}/sandbox/movies/${movie}/showtimes`, { method: 'POST' });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { id: number; date: string; hour: string };
}

export async function ask(app: BffApp, cookie: string, movie: unknown) {
  return call(app, 'POST', '/bff/alerts', { cookie, body: { movie } });
}

export const mailsTo = (relay: SmtpRelay, email: string) =>
  relay.accepted.filter((mail) => mail.envelopeTo.includes(email));

/** Two replicas sharing a real Redis, with a real SMTP relay: "Avísame" as production runs it. */
export async function startMailingReplicas(): Promise<{
  relay: SmtpRelay;
  replicas: Replicas;
  close(): Promise<void>;
}> {
  const redis = await startRedisServer();
  const relay = await startSmtpRelay();
  const replicas = await startReplicas({ replicas: 2, env: { ...relay.env, REDIS_URL: redis.url } });
  return {
    relay,
    replicas,
    async close() {
      await replicas.close();
      await relay.close();
      await redis.stop();
    },
  };
}
