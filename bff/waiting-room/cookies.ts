import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The waiting room's cookies: the ticket (a place in the queue) and the pass (an admission).
 * Like the session cookie: HttpOnly, SameSite=Lax, the whole site, and over https the
 * `__Host-` prefix (Secure, no Domain), so another subdomain cannot plant one.
 */
const TICKET = 'viziona_fila';
const PASS = 'viziona_pase';

/** A ticket outlives any presale morning; the store forgets an event's places with the event. */
const TICKET_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface WaitingRoomCookies {
  ticket(request: FastifyRequest): string | undefined;
  pass(request: FastifyRequest): string | undefined;
  setTicket(reply: FastifyReply, token: string): void;
  setPass(reply: FastifyReply, token: string, expiresAt: number, now: number): void;
  clearPass(reply: FastifyReply): void;
}

export function waitingRoomCookies(secure: boolean): WaitingRoomCookies {
  const name = (base: string) => (secure ? `__Host-${base}` : base);
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    ticket: (request) => request.cookies[name(TICKET)],
    pass: (request) => request.cookies[name(PASS)],
    setTicket(reply, token) {
      reply.setCookie(name(TICKET), token, { ...options, maxAge: TICKET_MAX_AGE_SECONDS });
    },
    setPass(reply, token, expiresAt, now) {
      reply.setCookie(name(PASS), token, { ...options, maxAge: Math.max(1, Math.ceil((expiresAt - now) / 1000)) });
    },
    clearPass(reply) {
      reply.clearCookie(name(PASS), options);
    },
  };
}
