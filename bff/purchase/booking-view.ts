import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BookingData, PaymentMethod } from '../../shared/cinema-api/booking.ts';
import { RESERVATION_HOLD_SECONDS } from '../../shared/booking/constants.ts';
import { buildZoneOffers, type PriceAudience } from './zone-prices.ts';
import { buildSeatMap, withMySeats } from '../../shared/booking/seat-map.ts';
import { hasShowtimeStarted } from '../../shared/booking/showtime-clock.ts';
import { buildSnackOffers } from './snack-offers.ts';
import type { BookingView, PaymentMethodView, SnackOffer } from '../../shared/views/booking.ts';
import { notFound } from '../errors.ts';
import type { Settings } from '#shared/cinema-api/settings.ts';
import { audienceKey, audienceOf } from './audience.ts';
import type { SnackSources } from './booking-sources.ts';
import { readLiveHold, toHoldView } from './hold.ts';
import { toBookingMovie, toShowtimeFacts } from './showtime-facts.ts';

/** When the maximo_entradas setting is missing or 0: ours, a sensible cap (the sandbox uses 10). */
const FALLBACK_MAX_SEATS = 10;

export const maxSeatsOf = (settings: Settings): number =>
  settings.maximo_entradas > 0 ? settings.maximo_entradas : FALLBACK_MAX_SEATS;

// Snack offers depend only on the snack sources and the audience: built once per pair.
const snackOfferCache = new WeakMap<SnackSources, Map<string, SnackOffer[]>>();

export function snackOffersFor(sources: SnackSources, audience: PriceAudience): SnackOffer[] {
  let byAudience = snackOfferCache.get(sources);
  if (!byAudience) {
    byAudience = new Map();
    snackOfferCache.set(sources, byAudience);
  }
  const key = audienceKey(audience);
  let offers = byAudience.get(key);
  if (!offers) {
    offers = buildSnackOffers(sources.products, sources.catalogue, audience);
    byAudience.set(key, offers);
  }
  return offers;
}

/** The chain's payment method as the purchase page and the payments read it. */
export const toPaymentMethodView = (method: PaymentMethod): PaymentMethodView => ({
  id: method.score_payment_method,
  card: method.pay_with_card,
  pse: method.pay_with_pse,
});

export function showtimeStarted(data: BookingData, now: number = Date.now()): boolean {
  return hasShowtimeStarted(data.showtime.function_date, data.showtime.function_hour, now);
}

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
    sources.payBrands(request),
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
