import type { FastifyInstance } from 'fastify';
import { isOrdinaryPrice } from '#shared/cinema-api/booking.ts';
import { ReadCache } from '../plugins/read-cache.ts';
import type { UpstreamCaller } from '../plugins/upstream.ts';

/**
 * A showtime's "price from": the least a visitor pays for one ticket (the cheapest ordinary
 * zone price, no membership, plus the ticket service fee), what a search engine shows as the
 * showtime's offer (site/decisions/structured-data.md). The cinema API prices each showtime in
 * its booking data (`room/{showtimeId}`); one read per showtime on sale, a few at a time, kept
 * for minutes: ticket prices change seldom, and a search engine's copy of a page is older still.
 */

export interface ShowtimePrice {
  showtimeId: number;
  /** COP, service fee included. */
  price: number;
}

const PRICE_CACHE = { freshMs: 10 * 60_000, keepMs: 60 * 60_000, maxEntries: 5_000 } as const;
/** Reads of one movie page's showtimes in flight at once. */
const READS_IN_FLIGHT = 6;

/** What the prices are read with: the cinema API and its settings (the service fee). */
type PriceSources = Pick<FastifyInstance, 'upstream' | 'settings'>;

const caches = new WeakMap<PriceSources, ReadCache>();
function cacheOf(app: PriceSources): ReadCache {
  let cache = caches.get(app);
  if (cache === undefined) {
    cache = new ReadCache(PRICE_CACHE);
    caches.set(app, cache);
  }
  return cache;
}

/** The cheapest ordinary ticket of one showtime (COP, before the fee), or null when none is on sale. */
async function lowestTicketPrice(app: PriceSources, request: UpstreamCaller, showtimeId: number) {
  const read = await cacheOf(app).read(`price-from:${showtimeId}`, async () => {
    const answer = await app.upstream.call(request, 'GET /room/:showtimeId', { params: { showtimeId } });
    const ordinary = answer.data.prices.filter(isOrdinaryPrice).map((entry) => entry.valor);
    return ordinary.length === 0 ? null : Math.min(...ordinary);
  });
  return read.value;
}

/**
 * The prices from of `showtimeIds`. A price the cinema API does not give (a failed read, a
 * showtime without an ordinary price) is left out, never guessed: the page still renders, and
 * its showtime is offered without a price.
 */
export async function readShowtimePrices(
  app: PriceSources,
  request: UpstreamCaller,
  showtimeIds: ReadonlyArray<number>,
): Promise<ShowtimePrice[]> {
  if (showtimeIds.length === 0) return [];
  let fee: number;
  try {
    fee = (await app.settings.read(request)).ticket_servicio;
  } catch (error) {
    request.log.warn({ err: error }, 'ticket prices left out: the settings are unavailable');
    return [];
  }
  const prices: ShowtimePrice[] = [];
  const queue = [...showtimeIds];
  const worker = async (): Promise<void> => {
    for (let showtimeId = queue.shift(); showtimeId !== undefined; showtimeId = queue.shift()) {
      try {
        const lowest = await lowestTicketPrice(app, request, showtimeId);
        if (lowest !== null) prices.push({ showtimeId, price: lowest + fee });
      } catch (error) {
        request.log.warn({ err: error, showtimeId }, 'ticket price left out: its booking data is unavailable');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, showtimeIds.length) }, worker));
  return prices.sort((a, b) => a.showtimeId - b.showtimeId);
}
