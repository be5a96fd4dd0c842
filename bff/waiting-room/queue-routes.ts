import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WaitingRoomRefusalSchema, WaitingRoomStatusViewSchema } from '../../shared/views/waiting-room.ts';
import { WAITING_ROOM_TEXTS } from '../../shared/waiting-room/texts.ts';
import { CAPTCHA_MAX_LENGTH } from '../../shared/validation/service-forms.ts';
import { errorAnswers } from '../errors.ts';
import { captchaRefusal } from '../plugins/captcha.ts';
import { refusalBody } from '../plugins/waiting-room/refusal.ts';
import { buildStatusView } from './status-view.ts';

const ShowtimeParamsSchema = z.object({ showtimeId: z.coerce.number().int().positive().max(2_147_483_647) });

const minutes = (n: number): number => n * 60_000;

/**
 * The presale waiting room as the browser and the edge see it (decisions:
 * bff/decisions/waiting-room.md). Personal answers (`private, no-store`): a person's place
 * lives in their cookies and the shared store, never in a cached page.
 */
const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.waitingRoom;

  app.get(
    '/waiting-room/showtimes/:showtimeId/admission',
    {
      schema: {
        description:
          "Whether this person may open the showtime's purchase now: 204 when no waiting room holds it, it lets everybody through, or their pass is alive; otherwise they join the queue (a ticket cookie) and the answer is 403 with their place (429 RATE_LIMITED with `Retry-After` when their address took its new places of the minute). The site's middleware asks it before rendering the purchase page.",
        params: ShowtimeParamsSchema,
        response: {
          204: z.null().describe('Go ahead to the purchase.'),
          403: WaitingRoomRefusalSchema.describe(
            'Wait: WAITING_ROOM with the place (null right after joining, or while the captcha is asked), or WAITING_ROOM_CLOSED while the waiting room cannot be read.',
          ),
          ...errorAnswers(404, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const standing = await service.standing(request, reply, request.params.showtimeId, { arrive: true });
      if (standing.kind === 'go') return reply.code(204).send(null);
      reply.header('retry-after', standing.kind === 'closed' ? '60' : '5');
      // Answered, not thrown: the crowd's every arrival ends here, and an error's stack and
      // Fastify's error path cost more than the answer itself.
      if (standing.kind === 'closed')
        return reply.code(403).send(refusalBody('WAITING_ROOM_CLOSED', WAITING_ROOM_TEXTS.closed, null));
      const place = standing.kind === 'waiting' ? standing.place : null;
      return reply.code(403).send(refusalBody('WAITING_ROOM', WAITING_ROOM_TEXTS.mustWait, place));
    },
  );

  app.get(
    '/waiting-room/showtimes/:showtimeId/status',
    {
      schema: {
        description:
          "This person's standing for a showtime: their place, the estimate, the free seats, the next showtimes when it sold out; `admitted` hands out the pass cookie.",
        params: ShowtimeParamsSchema,
        response: { 200: WaitingRoomStatusViewSchema, ...errorAnswers(404, 502) },
      },
    },
    async (request, reply) => {
      const { showtimeId } = request.params;
      const standing = await service.standing(request, reply, showtimeId, { arrive: false });
      return buildStatusView(app, request, showtimeId, standing, service.now());
    },
  );

  app.post(
    '/waiting-room/showtimes/:showtimeId/join',
    {
      config: { rateLimit: { max: 60, timeWindow: minutes(1) } },
      schema: {
        description:
          "Joins the queue of the event that holds this showtime (the proof of work in `captcha` when the event asks for it; 422 CAPTCHA_* otherwise). A browser or account with a live place keeps it; an address past its new places of the minute gets 429 RATE_LIMITED. Answers the person's status.",
        params: ShowtimeParamsSchema,
        body: z.object({ captcha: z.string().max(CAPTCHA_MAX_LENGTH).optional() }).default({}),
        response: { 200: WaitingRoomStatusViewSchema, ...errorAnswers(404, 429, 502) },
      },
    },
    async (request, reply) => {
      const { showtimeId } = request.params;
      let standing = await service.standing(request, reply, showtimeId, { arrive: true });
      if (standing.kind === 'not-joined' && standing.captchaRequired) {
        const verdict = await app.verifyCaptcha(request.body.captcha);
        if (!verdict.ok) throw captchaRefusal(verdict);
        standing = await service.standing(request, reply, showtimeId, { arrive: true, captchaPassed: true });
      }
      return buildStatusView(app, request, showtimeId, standing, service.now());
    },
  );
};

export default queueRoutes;
