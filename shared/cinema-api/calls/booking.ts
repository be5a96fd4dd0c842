import { z } from 'zod';
import { THEATER_ID } from '../../booking/constants.ts';
import {
  BookingDataAnswerSchema,
  CancelReserveAnswerSchema,
  CancelReservePayloadSchema,
  ConsecutiveAnswerSchema,
  ReserveAnswerSchema,
  ReservePayloadSchema,
  RoomStatusAnswerSchema,
} from '../booking.ts';
import { cinemaCalls } from '../call.ts';

const showtime = z.object({ showtimeId: z.int().positive() });

/** The booking of document 2: a purchase's consecutive, the room, its seats and their hold. */
export const bookingCalls = cinemaCalls({
  'GET /score/consecutive/:theaterId': {
    description: 'A new purchase consecutive owned by the caller.',
    auth: 'bearer',
    params: z.object({ theaterId: z.literal(THEATER_ID) }),
    answer: ConsecutiveAnswerSchema,
    errors: [401, 404],
  },
  'GET /room/:showtimeId': {
    description: "A showtime's booking data: showtime, movie, room, price zones, layout, payment method.",
    auth: 'optional-bearer',
    params: showtime,
    answer: BookingDataAnswerSchema,
    errors: [404],
  },
  'GET /room/:showtimeId/status': {
    description: "Every seat's state; with a bearer (and a consecutive) the caller's own holds are `R`.",
    auth: 'optional-bearer',
    params: showtime,
    query: z.object({ score_consecutive: z.int().positive().optional() }),
    answer: RoomStatusAnswerSchema,
    errors: [404],
  },
  'POST /reserve/:showtimeId': {
    description: "Holds seats for 600 s under the caller's consecutive (replacing its earlier hold).",
    auth: 'bearer',
    params: showtime,
    body: ReservePayloadSchema,
    answer: ReserveAnswerSchema,
    errors: [401, 404, 422],
  },
  'POST /reserve/cancel/:showtimeId': {
    description: "Releases the caller's hold of a consecutive (200 also when nothing was held).",
    auth: 'bearer',
    params: showtime,
    body: CancelReservePayloadSchema,
    answer: CancelReserveAnswerSchema,
    errors: [401, 404, 422],
  },
});
