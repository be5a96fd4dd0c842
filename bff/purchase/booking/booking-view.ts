import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVATION_HOLD_SECONDS } from '#shared/booking/constants.ts';
import type { BookingView } from '#shared/views/booking.ts';
import { notFound } from '#bff/errors.ts';
import { audienceOf } from '#bff/purchase/common/audience.ts';
import { showtimeStarted } from '#bff/purchase/common/purchase-rules.ts';
import { readLiveHold, toHoldView } from '#bff/purchase/common/hold.ts';
import { seatMapTextFor } from './booking-view-parts.ts';

/** What the view reads of the BFF: the booking's sources, settings, pay brands, membership, holds. */
type BookingViewNeeds = Pick<FastifyInstance, 'booking' | 'settings' | 'payments' | 'membership' | 'sharedStore'>;

/**
 * Answers the booking view as the JSON text it is assembled as (no serialiser runs on it: its
 * parts went through the response schema's pieces when they were made).
 */
export async function sendBookingView(
  app: BookingViewNeeds,
  request: FastifyRequest,
  reply: FastifyReply,
  showtimeId: number,
): Promise<FastifyReply> {
  const text = await bookingViewJson(app, request, showtimeId);
  return reply.header('content-type', 'application/json; charset=utf-8').send(text);
}

/**
 * `GET /bff/booking/:showtimeId`: one merge of showtime, movie, layout, status, prices for
 * this person, snacks, settings, pay brands and the person's hold, answered as JSON text.
 * Upstream reads run in parallel and come from the shared caches, so a view costs no upstream
 * call when warm; what is the same for everybody comes already validated and serialised from
 * `app.booking.parts` (`booking-view-parts.ts`), and this adds the person's own: their
 * membership (and the prices and snacks it gives), their held seats, their hold and turn.
 */
async function bookingViewJson(app: BookingViewNeeds, request: FastifyRequest, showtimeId: number): Promise<string> {
  const { sources, statusHub, parts } = app.booking;
  const [data, status, settings, snacks, payBrands, membership, hold] = await Promise.all([
    sources.bookingData(request, showtimeId),
    statusHub.read(request, showtimeId),
    app.settings.read(request),
    sources.snacks(request),
    app.payments.sources.payBrands(request),
    app.membership.current(request),
    readLiveHold(app, request),
  ]);

  const now = Date.now();
  const frame = parts.frame(showtimeId, { data, settings, snacks, payBrands });
  const offers = frame.offersFor(audienceOf(membership, now));
  if (!offers.hasZones || data.layout.length === 0) throw notFound();

  const myHold = hold && hold.showtimeId === showtimeId ? hold : null;
  const turnUntil = myHold || !request.waitingRoomPass ? null : request.waitingRoomPass.deadline;
  const members: Record<keyof BookingView, string> = {
    showtime: showtimeStarted(data, now) ? frame.showtime.started : frame.showtime.upcoming,
    movie: frame.movie,
    membership: JSON.stringify(membership),
    zones: offers.zones,
    seatMap: seatMapTextFor(parts.seatMap(showtimeId, data, status), myHold?.labels ?? []),
    snacks: offers.snacks,
    maxSeats: frame.maxSeats,
    lonelySeatRule: frame.lonelySeatRule,
    fees: frame.fees,
    payBrands: frame.payBrands,
    paymentMethod: frame.paymentMethod,
    hold: JSON.stringify(myHold ? toHoldView(myHold, now) : null),
    holdSeconds: JSON.stringify(RESERVATION_HOLD_SECONDS),
    turnUntil: JSON.stringify(turnUntil),
  };
  return jsonObjectOf(members);
}

/** An object's JSON from its members' JSON texts, in their order. */
function jsonObjectOf(members: Record<string, string>): string {
  let text = '{';
  for (const [name, value] of Object.entries(members)) text += `${text.length > 1 ? ',' : ''}"${name}":${value}`;
  return `${text}}`;
}
