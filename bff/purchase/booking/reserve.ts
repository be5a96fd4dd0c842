import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BookingData, LayoutPosition, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import { SEAT_TYPE_DISABLED } from '#shared/cinema-api/seat-types.ts';
import { buildZoneOffers } from '#bff/purchase/common/zone-prices.ts';
import { LONELY_SEAT_MESSAGE, lonelySeatsRefused } from '#shared/booking/lonely-seats.ts';
import { buildSeatMap, seatId, withMySeats } from '#shared/booking/seat-map.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { DEVICE } from '#shared/validation/options.ts';
import { THEATER_ID } from '#shared/booking/constants.ts';
import type { ReserveBody } from '#shared/views/booking.ts';
import { BffError } from '#bff/errors.ts';
import type { Showtime } from '#shared/cinema-api/catalogue.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';
import { audienceOf } from '#bff/purchase/common/audience.ts';
import { maxSeatsOf, showtimeStarted } from '#bff/purchase/common/purchase-rules.ts';
import { forgetHold, isLive, readHold, saveHold, type HeldSeat, type HoldState } from '#bff/purchase/common/hold.ts';
import { withLock } from '#bff/plugins/shared-lock.ts';

const RESERVE_ERRORS = {
  unknownZone: 'La ubicación elegida no está disponible. Elige otra.',
  unknownSeat: 'Una de las sillas elegidas no existe en esta sala. Por favor, elige otro asiento',
  wrongZone: 'Las sillas deben ser de la ubicación elegida.',
  duplicateSeat: 'Elegiste la misma silla dos veces.',
  busy: 'Estamos reservando otras sillas tuyas en este momento. Intenta de nuevo en unos segundos.',
  showtimeBusy: 'Muchas personas están reservando en esta función. Intenta de nuevo en unos segundos.',
} as const;

/** What releasing a hold uses of the BFF: the holds' store, the cinema API, the room-status hub. */
export type ReleaseNeeds = Pick<FastifyInstance, 'sharedStore' | 'upstream' | 'booking'>;
/** What a reservation uses besides: the settings (seat limit), the membership (prices), the configuration. */
type ReserveNeeds = ReleaseNeeds & Pick<FastifyInstance, 'settings' | 'membership' | 'config'>;

const isSeat = (position: LayoutPosition): boolean =>
  position.TipoSilla.toLowerCase() !== 'pasillo' && position.ColumnaRelativa > 0;

/**
 * Reserves seats for the logged-in person: the BFF checks the showtime has not started, the
 * zone and its price for this person, each seat (exists, in the zone, not for disabled
 * persons, not twice) and the seat limit, takes a consecutive (or reuses the one of the
 * person's hold on this showtime), asks the cinema API to reserve, and keeps the hold in
 * the shared store. A hold on another showtime is released first: one hold per person.
 */
export async function reserveSeats(
  app: ReserveNeeds,
  request: FastifyRequest,
  showtimeId: number,
  body: ReserveBody,
): Promise<HoldState> {
  const { sources, statusHub } = app.booking;
  const [data, settings, membership] = await Promise.all([
    sources.bookingData(request, showtimeId),
    app.settings.read(request),
    app.membership.current(request),
  ]);

  if (showtimeStarted(data)) throw new BffError(422, 'SHOWTIME_STARTED', BOOKING_TEXTS.started);

  const offer = buildZoneOffers(data.prices, audienceOf(membership)).find((zone) => zone.zone === body.zone);
  if (!offer) throw new BffError(422, 'UNKNOWN_ZONE', RESERVE_ERRORS.unknownZone, { zone: RESERVE_ERRORS.unknownZone });
  const chosen = offer;

  const maxSeats = maxSeatsOf(settings);
  if (body.seats.length > maxSeats) {
    const message = BOOKING_TEXTS.seatLimit(maxSeats);
    throw new BffError(422, 'SEAT_LIMIT', message, { seats: message });
  }

  const layoutById = new Map<string, LayoutPosition>();
  for (const position of data.layout)
    if (isSeat(position)) layoutById.set(seatId(position.FilaRelativa, position.ColumnaRelativa), position);

  const seats: HeldSeat[] = [];
  const seen = new Set<string>();
  for (const id of body.seats) {
    const position = layoutById.get(id);
    if (!position || position.TipoSilla === SEAT_TYPE_DISABLED) {
      throw new BffError(422, 'UNKNOWN_SEAT', RESERVE_ERRORS.unknownSeat, { seats: RESERVE_ERRORS.unknownSeat });
    }
    if (position.TipoZona !== offer.zone)
      throw new BffError(422, 'WRONG_ZONE', RESERVE_ERRORS.wrongZone, { seats: RESERVE_ERRORS.wrongZone });
    if (seen.has(id))
      throw new BffError(422, 'DUPLICATE_SEAT', RESERVE_ERRORS.duplicateSeat, { seats: RESERVE_ERRORS.duplicateSeat });
    seen.add(id);
    seats.push({
      Fila: position.FilaTotal,
      Columna: position.ColumnaTotal,
      FilRelativa: position.FilaRelativa,
      ColRelativa: position.ColumnaRelativa,
      Tarifa: offer.code,
    });
  }

  const owner = ownerOf(request);
  if (!owner) throw new Error('reserveSeats needs a session');
  const showtimeText = describeShowtime(data.showtime);
  // One reservation of a person at a time, on every replica: each one releases the hold before
  // it, so however many arrive (a browser ignoring Set-Cookie, many tabs) one hold is left.
  return withLock(app.sharedStore, `reserve:${owner}`, RESERVE_LOCK, async () => {
    const previous = await readHold(app, request);
    if (!app.config.lonelySeatRule) return reserve(previous);
    // The single-seat rule decides on the whole room: two people taking seats 1 and 3 of a free
    // run at once would each see seat 2 with a free neighbour. So the rule is checked once a
    // showtime at a time on every replica (a lock in the shared store), on the status the
    // cinema API has at that instant, and the lock is held until the cinema API took the seats.
    return withLock(app.sharedStore, `reserve-showtime:${showtimeId}`, SHOWTIME_LOCK, async () => {
      const status = await statusHub.readFresh(request, showtimeId);
      refuseLonelySeats(data, status, offer.zone, body.seats, previous?.showtimeId === showtimeId ? previous : null);
      return reserve(previous);
    });
  });

  async function reserve(previous: HoldState | null): Promise<HoldState> {
    let consecutive: number;
    if (previous && !previous.settled && previous.showtimeId === showtimeId) {
      consecutive = previous.consecutive;
    } else {
      if (previous && isLive(previous)) await releaseHold(app, request, previous);
      const answer = await app.upstream.call(request, 'GET /score/consecutive/:theaterId', {
        params: { theaterId: THEATER_ID },
      });
      consecutive = answer.data.Secuencia;
    }

    try {
      const answer = await app.upstream.call(request, 'POST /reserve/:showtimeId', {
        params: { showtimeId },
        body: { score_consecutive: consecutive, seats, device: DEVICE },
      });
      return await saveHold(app, request, {
        showtimeId,
        showtimeText,
        consecutive,
        zone: chosen.zone,
        tarifa: chosen.code,
        seats,
        labels:
          answer.data.seats.length === seats.length
            ? answer.data.seats
            : seats.map((seat) => seatId(seat.FilRelativa, seat.ColRelativa)),
        // The cinema API's clock may differ from ours: the hold lasts hold_seconds from now.
        expiresAt: Date.now() + answer.data.hold_seconds * 1000,
      });
    } catch (error) {
      // Reserving again on the same showtime replaced the old seats, or failed: either way the
      // old record no longer describes what the cinema holds.
      if (previous && previous.showtimeId === showtimeId) await forgetHold(app, previous);
      throw error;
    } finally {
      statusHub.touch(showtimeId);
    }
  }
}

/**
 * The single-seat rule (shared/booking/lonely-seats.ts, `LONELY_SEAT_RULE`): the room as it is
 * now, with the seats the person holds on this showtime as theirs (the new hold replaces them).
 */
function refuseLonelySeats(
  data: BookingData,
  status: RoomStatusRow[],
  zone: string,
  seats: readonly string[],
  heldHere: HoldState | null,
): void {
  const mine = new Set(heldHere && isLive(heldHere) ? heldHere.labels : []);
  const map = withMySeats(buildSeatMap(data.layout, status), mine);
  if (lonelySeatsRefused(map, zone, seats).length > 0)
    throw new BffError(422, 'LONELY_SEAT', LONELY_SEAT_MESSAGE, { seats: LONELY_SEAT_MESSAGE });
}

const RESERVE_LOCK = {
  ttlMs: 30_000,
  waitMs: 20_000,
  busy: () => new BffError(409, 'RESERVE_BUSY', RESERVE_ERRORS.busy),
};

/**
 * One reservation of a showtime at a time while the single-seat rule is on: a status read and
 * a reserve call of the cinema API (tens of milliseconds; the waiting room bounds how many
 * buy one presale's showtimes at once). Waited for up to 15 s, under the person's own lock.
 */
const SHOWTIME_LOCK = {
  ttlMs: 25_000,
  waitMs: 15_000,
  busy: () => new BffError(409, 'RESERVE_BUSY', RESERVE_ERRORS.showtimeBusy),
};

/** '7:20 p. m. del sábado, 21 de noviembre, Sala 3': how messages name a showtime. */
function describeShowtime(showtime: Pick<Showtime, 'function_date' | 'function_hour' | 'room_name'>): string {
  return `${formatHour(showtime.function_hour)} del ${formatLongDate(showtime.function_date).toLowerCase()}, ${showtime.room_name}`;
}

/** Releases a hold at the cinema API (best effort) and forgets it. */
export async function releaseHold(app: ReleaseNeeds, request: FastifyRequest, hold: HoldState): Promise<boolean> {
  await forgetHold(app, hold);
  try {
    const answer = await app.upstream.call(request, 'POST /reserve/cancel/:showtimeId', {
      params: { showtimeId: hold.showtimeId },
      body: { score_consecutive: hold.consecutive, device: DEVICE },
    });
    return answer.data.released > 0;
  } catch (error) {
    request.log.warn({ err: error, showtimeId: hold.showtimeId }, 'releasing a hold failed; it expires by itself');
    return false;
  } finally {
    app.booking.statusHub.touch(hold.showtimeId);
  }
}
