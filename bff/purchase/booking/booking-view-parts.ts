import type { BookingData, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import type { PayBrand } from '#shared/cinema-api/payments.ts';
import type { Settings } from '#shared/cinema-api/settings.ts';
import { buildSeatMap, withMySeats } from '#shared/booking/seat-map.ts';
import { BookingViewSchema, type SeatMap } from '#shared/views/booking.ts';
import { audienceKey } from '#bff/purchase/common/audience.ts';
import type { SnackSources } from '#bff/purchase/common/booking-sources.ts';
import { toPaymentMethodView } from '#bff/payments/payment-checks.ts';
import { maxSeatsOf, snackOffersFor } from '#bff/purchase/common/purchase-rules.ts';
import { toBookingMovie, toShowtimeFacts } from '#bff/purchase/common/showtime-facts.ts';
import { buildZoneOffers, type PriceAudience } from '#bff/purchase/common/zone-prices.ts';
import { RecentMap } from './recent-map.ts';

/**
 * The parts of a showtime's booking view that are the same for everybody, each validated by
 * its piece of the route's response schema and serialised once per change of what it is made
 * of: the seat map once per room status (the hub hands out the same array while the status is
 * the same), the rest once per refresh of the booking data, settings, snacks and pay brands,
 * the prices and snacks once per kind of customer. A request adds what is its person's (the
 * membership, the hold and its seats, the waiting room's turn) around these texts
 * (`booking-view.ts`), so it neither merges nor validates nor serialises the room again.
 */
const view = BookingViewSchema.shape;

/** A showtime's seat map as everybody sees it (the person's own seats are taken, like anybody's). */
export interface SharedSeatMap {
  /** The map as the schema let it through. */
  map: SeatMap;
  /** JSON of each row of `map.rows`. */
  rowTexts: string[];
  /** JSON of `map`. */
  text: string;
  /** Which row of `map.rows` each seat ('F-7') is in. */
  rowOfSeat: Map<string, number>;
}

/** The prices and snacks one kind of customer (a member or not, CineFan or not) is offered. */
export interface AudienceOffers {
  /** No zone with a price: the showtime cannot be booked. */
  hasZones: boolean;
  zones: string;
  snacks: string;
}

/** What the view says of the showtime, the same for everybody, as JSON texts. */
export interface ShowtimeFrame {
  /** The showtime's facts before it starts, and once it has. */
  showtime: { upcoming: string; started: string };
  movie: string;
  maxSeats: string;
  lonelySeatRule: string;
  fees: string;
  payBrands: string;
  paymentMethod: string;
  offersFor(audience: PriceAudience): AudienceOffers;
}

interface FrameSources {
  data: BookingData;
  settings: Settings;
  snacks: SnackSources;
  payBrands: PayBrand[];
}

interface Kept {
  seatMap?: { data: BookingData; status: RoomStatusRow[]; part: SharedSeatMap };
  frame?: FrameSources & { part: ShowtimeFrame };
}

/** Showtimes whose parts a replica keeps: those people are buying now; a room of 1,040 seats is about 0.5 MB. */
const KEPT_SHOWTIMES = { maxEntries: 100, idleMs: 10 * 60_000 } as const;

export class BookingViewParts {
  readonly #kept = new RecentMap<number, Kept>(KEPT_SHOWTIMES);
  readonly #lonelySeatRule: boolean;

  constructor(options: { lonelySeatRule: boolean }) {
    this.#lonelySeatRule = options.lonelySeatRule;
  }

  seatMap(showtimeId: number, data: BookingData, status: RoomStatusRow[]): SharedSeatMap {
    const kept = this.#entry(showtimeId);
    if (kept.seatMap?.data === data && kept.seatMap.status === status) return kept.seatMap.part;
    const part = sharedSeatMap(buildSeatMap(data.layout, status));
    kept.seatMap = { data, status, part };
    return part;
  }

  frame(showtimeId: number, sources: FrameSources): ShowtimeFrame {
    const kept = this.#entry(showtimeId);
    const frame = kept.frame;
    if (
      frame?.data === sources.data &&
      frame.settings === sources.settings &&
      frame.snacks === sources.snacks &&
      frame.payBrands === sources.payBrands
    ) {
      return frame.part;
    }
    const part = showtimeFrame(sources, this.#lonelySeatRule);
    kept.frame = { ...sources, part };
    return part;
  }

  #entry(showtimeId: number): Kept {
    let kept = this.#kept.get(showtimeId);
    if (!kept) {
      kept = {};
      this.#kept.set(showtimeId, kept);
    }
    return kept;
  }
}

function sharedSeatMap(built: SeatMap): SharedSeatMap {
  const map = view.seatMap.parse(built);
  const rowTexts = map.rows.map((row) => JSON.stringify(row));
  const rowOfSeat = new Map<string, number>();
  map.rows.forEach((row, index) => {
    for (const cell of row.cells) if (cell.kind === 'seat') rowOfSeat.set(cell.id, index);
  });
  return { map, rowTexts, text: seatMapText(map.columns, rowTexts), rowOfSeat };
}

const seatMapText = (columns: number, rowTexts: ReadonlyArray<string>): string =>
  `{"columns":${columns},"rows":[${rowTexts.join(',')}]}`;

/** The seat map's JSON with `mine` (the person's held seats) shown as theirs: only their rows are written again. */
export function seatMapTextFor(shared: SharedSeatMap, mine: ReadonlyArray<string>): string {
  if (mine.length === 0) return shared.text;
  const rows = new Set<number>();
  for (const seat of mine) {
    const row = shared.rowOfSeat.get(seat);
    if (row !== undefined) rows.add(row);
  }
  if (rows.size === 0) return shared.text;
  const mineSet = new Set(mine);
  const rowTexts = [...shared.rowTexts];
  for (const index of rows) {
    const row = shared.map.rows[index]!;
    const marked = withMySeats({ columns: shared.map.columns, rows: [row] }, mineSet).rows[0]!;
    rowTexts[index] = JSON.stringify(marked);
  }
  return seatMapText(shared.map.columns, rowTexts);
}

function showtimeFrame(sources: FrameSources, lonelySeatRule: boolean): ShowtimeFrame {
  const { data, settings, snacks, payBrands } = sources;
  const facts = { ...toShowtimeFacts(data.showtime), roomId: data.showtime.room };
  const byAudience = new Map<string, AudienceOffers>();
  return {
    showtime: {
      upcoming: JSON.stringify(view.showtime.parse({ ...facts, started: false })),
      started: JSON.stringify(view.showtime.parse({ ...facts, started: true })),
    },
    movie: JSON.stringify(view.movie.parse(toBookingMovie(data.movie))),
    maxSeats: JSON.stringify(view.maxSeats.parse(maxSeatsOf(settings))),
    lonelySeatRule: JSON.stringify(lonelySeatRule),
    fees: JSON.stringify(view.fees.parse({ ticket: settings.ticket_servicio, snack: settings.confiteria_servicio })),
    payBrands: JSON.stringify(
      view.payBrands.parse(payBrands.map((brand) => ({ id: brand.id, name: brand.name, image: brand.image }))),
    ),
    paymentMethod: JSON.stringify(view.paymentMethod.parse(toPaymentMethodView(data.payment_method))),
    offersFor(audience) {
      const key = audienceKey(audience);
      let offers = byAudience.get(key);
      if (!offers) {
        const zones = view.zones.parse(buildZoneOffers(data.prices, audience));
        offers = {
          hasZones: zones.length > 0,
          zones: JSON.stringify(zones),
          snacks: JSON.stringify(view.snacks.parse(snackOffersFor(snacks, audience))),
        };
        byAudience.set(key, offers);
      }
      return offers;
    },
  };
}
