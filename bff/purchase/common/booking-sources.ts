import type { BookingData, PaymentMethod, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import type { CatalogueEntry, SnackProduct } from '#shared/cinema-api/catalogue.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import { BffError, ERROR_MESSAGES } from '#bff/errors.ts';
import { ReadCache } from '#bff/plugins/read-cache.ts';
import type { UpstreamCaller, UpstreamClient } from '#bff/plugins/upstream.ts';

/**
 * The upstream reads of the purchase flow. What is the same for everybody and changes
 * rarely (booking data with layout and prices, snacks) is kept
 * briefly and shared; concurrent misses share one call. A payment reads them `fresh`, so
 * it is priced from what the cinema API says now.
 */
export interface SnackSources {
  products: SnackProduct[];
  catalogue: CatalogueEntry[];
}

export interface BookingSources {
  bookingData(caller: UpstreamCaller, showtimeId: number, options?: { fresh?: boolean }): Promise<BookingData>;
  snacks(caller: UpstreamCaller, options?: { fresh?: boolean }): Promise<SnackSources>;
  /**
   * The chain's payment method when there is no showtime (the membership purchase): the
   * cinema API only hands it out with a showtime's booking data, so the next showtime's is used.
   */
  salesPaymentMethod(caller: UpstreamCaller): Promise<PaymentMethod>;
  /** One status read of a room, without a bearer (the same answer for everybody). */
  roomStatus(caller: UpstreamCaller, showtimeId: number): Promise<RoomStatusRow[]>;
}

const BOOKING_CACHE = {
  /** Booking data and snacks: shared for 30 s, served stale on an outage for 5 min. */
  freshMs: 30_000,
  keepMs: 5 * 60_000,
  maxEntries: 2_000,
} as const;

export function createBookingSources(upstream: UpstreamClient): BookingSources {
  const cache = new ReadCache(BOOKING_CACHE);

  async function read<T>(key: string, fresh: boolean | undefined, load: () => Promise<T>): Promise<T> {
    if (fresh) cache.delete(key);
    return (await cache.read(key, load)).value;
  }

  /** The one cache of a showtime's room (layout, prices, payment method): the purchase and the waiting room read it. */
  function bookingData(caller: UpstreamCaller, showtimeId: number, options?: { fresh?: boolean }) {
    return read(`booking-data:${showtimeId}`, options?.fresh, async () => {
      const answer = await upstream.call(caller, 'GET /room/:showtimeId', { params: { showtimeId } });
      return answer.data;
    });
  }

  return {
    bookingData,
    snacks(request, options) {
      return read('booking-snacks', options?.fresh, async () => {
        const [products, catalogue] = await Promise.all([
          upstream.call(request, 'GET /confectioneries/score/:theater', { params: { theater: HOME_THEATER } }),
          upstream.call(request, 'GET /confectioneries'),
        ]);
        return { products: products.data.data, catalogue: catalogue.data.data };
      });
    },
    salesPaymentMethod(request) {
      return read('booking-sales-payment-method', false, async () => {
        const movies = await upstream.call(request, 'GET /movies/theater/:theater', {
          params: { theater: HOME_THEATER },
        });
        const showtime = movies.data.flatMap((movie) => movie.showtimes)[0];
        if (!showtime) throw new BffError(502, 'UPSTREAM_UNAVAILABLE', ERROR_MESSAGES.upstreamUnavailable);
        return (await bookingData(request, showtime.id)).payment_method;
      });
    },
    async roomStatus(request, showtimeId) {
      const answer = await upstream.call(request, 'GET /room/:showtimeId/status', { params: { showtimeId } });
      return answer.data;
    },
  };
}
