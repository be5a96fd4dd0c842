import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESERVATION_HOLD_SECONDS } from '#shared/booking/constants.ts';
import { buildZoneOffers } from '#bff/purchase/common/zone-prices.ts';
import { buildSeatMap, withMySeats } from '#shared/booking/seat-map.ts';
import type { BookingView } from '#shared/views/booking.ts';
import { notFound } from '#bff/errors.ts';
import { audienceOf } from '#bff/purchase/common/audience.ts';
import { maxSeatsOf, showtimeStarted, snackOffersFor } from '#bff/purchase/common/purchase-rules.ts';
import { toPaymentMethodView } from '#bff/payments/payment-checks.ts';
import { readLiveHold, toHoldView } from '#bff/purchase/common/hold.ts';
import { toBookingMovie, toShowtimeFacts } from '#bff/purchase/common/showtime-facts.ts';

/**
 * `GET /bff/booking/:showtimeId`: one merge of showtime, movie, layout, status, prices for
 * this person, snacks, settings, pay brands and the person's hold. Upstream reads run in
 * parallel and come from the shared caches, so a view costs no upstream call when warm.
 */
export async function buildBookingView(
  app: FastifyInstance,
  request: FastifyRequest,
  showtimeId: number,
): Promise<BookingView> {
  const { sources, statusHub } = app.booking;
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
  const audience = audienceOf(membership, now);
  const zones = buildZoneOffers(data.prices, audience);
  if (zones.length === 0 || data.layout.length === 0) throw notFound();

  const myHold = hold && hold.showtimeId === showtimeId ? hold : null;
  const seatMap = withMySeats(buildSeatMap(data.layout, status), new Set(myHold?.labels ?? []));
  const { showtime, movie } = data;

  return {
    showtime: { ...toShowtimeFacts(showtime), roomId: showtime.room, started: showtimeStarted(data, now) },
    movie: toBookingMovie(movie),
    membership,
    zones,
    seatMap,
    snacks: snackOffersFor(snacks, audience),
    maxSeats: maxSeatsOf(settings),
    lonelySeatRule: app.config.lonelySeatRule,
    fees: { ticket: settings.ticket_servicio, snack: settings.confiteria_servicio },
    payBrands: payBrands.map((brand) => ({ id: brand.id, name: brand.name, image: brand.image })),
    paymentMethod: toPaymentMethodView(data.payment_method),
    hold: myHold ? toHoldView(myHold, now) : null,
    holdSeconds: RESERVATION_HOLD_SECONDS,
    turnUntil: myHold || !request.waitingRoomPass ? null : request.waitingRoomPass.deadline,
  };
}
