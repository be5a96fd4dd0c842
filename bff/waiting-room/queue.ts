import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WaitingRoomRefusal, WaitingRoomStatusView } from '#shared/views/waiting-room.ts';
import { WAITING_ROOM_TEXTS } from '#shared/waiting-room/texts.ts';
import { captchaRefusal } from '#bff/plugins/captcha.ts';
import { refusalBody } from './refusal.ts';
import { buildStatusView, type StatusSources } from './status-view.ts';

/**
 * A person at the door of a showtime's purchase: may they go in (the admission the site's
 * middleware asks for), where do they stand (the waiting page's reads), and joining the queue.
 * Each call may set the person's ticket or pass cookie on the reply.
 */

/** What the door uses of the BFF: the waiting room, the captcha, and what a status view reads. */
type QueueNeeds = Pick<FastifyInstance, 'waitingRoom' | 'verifyCaptcha'> & StatusSources;

/** Go ahead, or wait: the refusal's body and when to ask again. */
export type Admission = { go: true } | { go: false; retryAfterSeconds: number; refusal: WaitingRoomRefusal };

export async function admissionOf(
  app: QueueNeeds,
  request: FastifyRequest,
  reply: FastifyReply,
  showtimeId: number,
): Promise<Admission> {
  const standing = await app.waitingRoom.service.standing(request, reply, showtimeId, { arrive: true });
  if (standing.kind === 'go') return { go: true };
  if (standing.kind === 'closed')
    return {
      go: false,
      retryAfterSeconds: 60,
      refusal: refusalBody('WAITING_ROOM_CLOSED', WAITING_ROOM_TEXTS.closed, null),
    };
  const place = standing.kind === 'waiting' ? standing.place : null;
  return { go: false, retryAfterSeconds: 5, refusal: refusalBody('WAITING_ROOM', WAITING_ROOM_TEXTS.mustWait, place) };
}

export async function statusOf(
  app: QueueNeeds,
  request: FastifyRequest,
  reply: FastifyReply,
  showtimeId: number,
): Promise<WaitingRoomStatusView> {
  const { service } = app.waitingRoom;
  const standing = await service.standing(request, reply, showtimeId, { arrive: false });
  return buildStatusView(app, request, showtimeId, standing, service.now());
}

/** Joins the queue: the captcha is spent only when the event asks for it and the person has no place yet. */
export async function joinQueue(
  app: QueueNeeds,
  request: FastifyRequest,
  reply: FastifyReply,
  showtimeId: number,
  captcha: string | undefined,
): Promise<WaitingRoomStatusView> {
  const { service } = app.waitingRoom;
  let standing = await service.standing(request, reply, showtimeId, { arrive: true });
  if (standing.kind === 'not-joined' && standing.captchaRequired) {
    const verdict = await app.verifyCaptcha(captcha);
    if (!verdict.ok) throw captchaRefusal(verdict);
    standing = await service.standing(request, reply, showtimeId, { arrive: true, captchaPassed: true });
  }
  return buildStatusView(app, request, showtimeId, standing, service.now());
}
