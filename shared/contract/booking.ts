import { z } from 'zod';
import {
  BookingViewSchema,
  CancelBodySchema,
  CancelViewSchema,
  ReserveBodySchema,
  ReserveViewSchema,
} from '../views/booking.ts';
import { HELD_BY_WAITING_ROOM } from '../views/waiting-room.ts';
import { endpoints } from './endpoint.ts';
import { ShowtimeParamsSchema } from './params.ts';

/**
 * The purchase screen's data, its live seats and the person's seat hold. Every endpoint needs
 * a session (prices depend on the membership, the hold is the person's); those of one showtime
 * go through its waiting room when a presale holds it (429 with the person's place).
 */
export const bookingEndpoints = endpoints({
  'GET /booking/:showtimeId': {
    description:
      "The purchase screen of a showtime: its movie, price zones for this person, seat map, snacks, fees, pay brands and the person's hold.",
    params: ShowtimeParamsSchema,
    answer: BookingViewSchema,
    errors: [401, 404, 502],
    errorBodies: HELD_BY_WAITING_ROOM,
  },
  'GET /booking/:showtimeId/events': {
    description: "The showtime's seats and the person's hold, live.",
    params: ShowtimeParamsSchema,
    answer: {
      mediaType: 'text/event-stream',
      description:
        "Server-sent events: `seats` (a SeatStatesEvent: the room as it is now) and `hold` (a HoldEvent: the person's hold as this page sees it), every time they change.",
    },
    errors: [401, 404, 429, 502],
  },
  'POST /booking/:showtimeId/reserve': {
    description:
      "Holds the chosen seats of one price zone for the person (ten minutes), in place of the person's hold.",
    params: ShowtimeParamsSchema,
    body: ReserveBodySchema,
    answer: ReserveViewSchema,
    errors: [401, 409, 502],
    errorBodies: HELD_BY_WAITING_ROOM,
  },
  'POST /booking/cancel': {
    description:
      "Releases the person's hold (only one on `showtimeId` when given); `leaving` releases it after a grace unless another page of the hold claims it.",
    body: CancelBodySchema.default({ leaving: false }),
    answer: CancelViewSchema,
    errors: [401],
  },
  'POST /booking/hold/keep': {
    description: 'A page still showing the hold claims it after another page of it left.',
    body: z.object({ showtimeId: z.int().positive() }),
    answer: z.object({ kept: z.boolean() }),
    errors: [401],
  },
});
