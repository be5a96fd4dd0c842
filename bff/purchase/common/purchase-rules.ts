import type { BookingData } from '#shared/cinema-api/booking.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import type { SnackOffer } from '#shared/views/booking.ts';
import type { Settings } from '#shared/cinema-api/settings.ts';
import { audienceKey } from './audience.ts';
import type { SnackSources } from './booking-sources.ts';
import { buildSnackOffers } from './snack-offers.ts';
import type { PriceAudience } from './zone-prices.ts';

/**
 * The purchase's rules that the booking view, the reservation, the ticket payment and the
 * membership purchase all apply: how many seats and combos a purchase may have, when a
 * showtime has started, the snacks and the payment method a person is offered.
 */

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
export function showtimeStarted(data: BookingData, now: number = Date.now()): boolean {
  return hasShowtimeStarted(data.showtime.function_date, data.showtime.function_hour, now);
}
