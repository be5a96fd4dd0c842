import { expect } from 'vitest';
import type { BffApp } from '#bff/app.ts';
import { call } from './harness.ts';
import type { SmtpRelay } from './smtp-relay.ts';

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
