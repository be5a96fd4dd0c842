import { z } from 'zod';
import { CAPTCHA_MAX_LENGTH } from '../validation/service-forms.ts';
import { WaitingRoomRefusalSchema, WaitingRoomStatusViewSchema } from '../views/waiting-room.ts';
import { endpoints } from './endpoint.ts';
import { ShowtimeParamsSchema } from './params.ts';

/**
 * The presale waiting room as the browser and the edge see it (bff/decisions/waiting-room.md).
 * Personal answers: a person's place lives in their cookies and the shared store.
 */
export const waitingRoomEndpoints = endpoints({
  'GET /waiting-room/showtimes/:showtimeId/admission': {
    description:
      "Whether this person may open the showtime's purchase now: 204 when no waiting room holds it, it lets everybody through, or their pass is alive; otherwise they join the queue (a ticket cookie) and the answer is 403 with their place (429 RATE_LIMITED with `Retry-After` when their address took its new places of the minute). The site's middleware asks it before rendering the purchase page.",
    params: ShowtimeParamsSchema,
    status: 204,
    answer: z.null().describe('Go ahead to the purchase.'),
    errors: [404, 429, 502],
    errorBodies: {
      403: WaitingRoomRefusalSchema.describe(
        'Wait: WAITING_ROOM with the place (null right after joining, or while the captcha is asked), or WAITING_ROOM_CLOSED while the waiting room cannot be read.',
      ),
    },
  },
  'GET /waiting-room/showtimes/:showtimeId/status': {
    description:
      "This person's standing for a showtime: their place, the estimate, the free seats, the next showtimes when it sold out; `admitted` hands out the pass cookie.",
    params: ShowtimeParamsSchema,
    answer: WaitingRoomStatusViewSchema,
    errors: [404, 502],
  },
  'POST /waiting-room/showtimes/:showtimeId/join': {
    description:
      "Joins the queue of the event that holds this showtime (the proof of work in `captcha` when the event asks for it; 422 CAPTCHA_* otherwise). A browser or account with a live place keeps it; an address past its new places of the minute gets 429 RATE_LIMITED. Answers the person's status.",
    params: ShowtimeParamsSchema,
    body: z.object({ captcha: z.string().max(CAPTCHA_MAX_LENGTH).optional() }).default({}),
    answer: WaitingRoomStatusViewSchema,
    errors: [404, 429, 502],
  },
});
