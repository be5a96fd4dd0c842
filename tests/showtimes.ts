import type { BookingDataAnswer } from '#shared/cinema-api/booking.ts';
import type { Movie, Showtime } from '#shared/cinema-api/catalogue.ts';
import { showtimeStartMs } from '#shared/booking/showtime-clock.ts';
import { SANDBOX_HEADERS } from './sandbox-headers.ts';

/**
 * How a test chooses a showtime: by what it needs (a format, the zones its room sells, a start
 * far enough ahead, nobody's seats on it yet), never by its position in a list. Which
 * showtimes are upcoming, and in which rooms, depends on the hour the suite runs at: at 01:00
 * in Bogotá the first upcoming ones are the next day's, some of them in VIP rooms that have no
 * 'General' zone. Every level's helper (tests/bff/booking-helpers.ts, tests/e2e/showtimes.ts)
 * goes through this one module; it reads the sandbox directly with the dev secret headers.
 */

/** A showtime as a test needs it. */
export interface TestShowtime {
  id: number;
  room: number;
  roomName: string;
  /** '2D' or '3D'. */
  format: string;
  version: string;
  /** Bogotá calendar date, 'YYYY-MM-DD' (what the date pickers' `data-date` holds). */
  date: string;
  /** Bogotá wall-clock hour, 'HH:mm:ss'. */
  hour: string;
  /** Epoch milliseconds of the start. */
  startsAt: number;
  /** Zones with seats in its room ('General', 'Preferencial', 'VIP'). */
  zones: string[];
  /** Seats neither held nor sold. */
  freeSeats: number;
  movie: { slug: string; title: string };
}

export interface ShowtimeNeeds {
  format?: '2D' | '3D';
  /** Zones the room must sell, e.g. ['General', 'Preferencial']. */
  zones?: readonly string[];
  /** The room, by its name ('Sala 1', the chain's biggest). */
  roomName?: string;
  /** The showtime starts at least this long after now (sandbox clock and wall clock). Default 120. */
  minutesAhead?: number;
  /** No seat of it held or sold yet (default true), so a test never meets another's seats. */
  untouched?: boolean;
  /** Showtimes this test may not take (already used by another). */
  exclude?: Iterable<number>;
  /** Only showtimes whose id falls in this stripe (id mod `of` === `index`): parallel workers never share one. */
  stripe?: { index: number; of: number };
}

const DEFAULT_MINUTES_AHEAD = 120;

export class SandboxShowtimes {
  readonly #sandboxUrl: string;
  readonly #headers: Record<string, string>;
  readonly #wallClock: boolean;
  readonly #zonesByRoom = new Map<number, string[]>();
  readonly #claimed = new Set<number>();

  /**
   * `secrets`: the headers of a sandbox built with other secrets than the dev ones.
   * `wallClock`: also judge "started" and "ahead" by this machine's clock, as the BFF and the
   * browser do (default); false for a sandbox on an injected clock with no BFF in front.
   */
  constructor(
    sandboxUrl: string,
    options: { secrets?: { apiKey: string; actionKey: string }; wallClock?: boolean } = {},
  ) {
    const { secrets } = options;
    this.#sandboxUrl = sandboxUrl;
    this.#headers = secrets
      ? { ...SANDBOX_HEADERS, 'x-api-key': secrets.apiKey, 'x-custom-action': secrets.actionKey }
      : SANDBOX_HEADERS;
    this.#wallClock = options.wallClock ?? true;
  }

  async #get<T>(path: string): Promise<T> {
    const response = await fetch(`${this.#sandboxUrl}${path}`, { headers: this.#headers });
    if (!response.ok) throw new Error(`sandbox GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** The sandbox's clock (tests may move it) in epoch milliseconds. */
  async sandboxNow(): Promise<number> {
    return Date.parse((await this.#get<{ now: string }>('/sandbox/clock')).now);
  }

  /** The earliest and the latest "now" of the clocks that judge a showtime. */
  async #nows(): Promise<{ earliest: number; latest: number }> {
    const sandbox = await this.sandboxNow();
    if (!this.#wallClock) return { earliest: sandbox, latest: sandbox };
    const wall = Date.now();
    return { earliest: Math.min(wall, sandbox), latest: Math.max(wall, sandbox) };
  }

  async #zonesOf(showtime: Showtime): Promise<string[]> {
    const known = this.#zonesByRoom.get(showtime.room);
    if (known) return known;
    const booking = await this.#get<BookingDataAnswer>(`/api/v1/room/${showtime.id}`);
    const zones = [...new Set(booking.data.layout.map((cell) => cell.TipoZona).filter((zone) => zone !== ''))].sort();
    this.#zonesByRoom.set(showtime.room, zones);
    return zones;
  }

  /** Every showtime the sandbox lists (today and the week ahead), in start order. */
  async all(): Promise<TestShowtime[]> {
    const movies = (await this.#get<{ data: Movie[] }>('/api/v1/movies/theater/viziona')).data;
    const listed = movies.flatMap((movie) => movie.showtimes.map((showtime) => ({ showtime, movie })));
    const result: TestShowtime[] = [];
    for (const { showtime, movie } of listed) {
      result.push({
        id: showtime.id,
        room: showtime.room,
        roomName: showtime.room_name,
        format: showtime.movie_format,
        version: showtime.movie_version,
        date: showtime.function_date,
        hour: showtime.function_hour,
        startsAt: showtimeStartMs(showtime.function_date, showtime.function_hour) ?? Number.NaN,
        zones: await this.#zonesOf(showtime),
        freeSeats: showtime.seats,
        movie: { slug: movie.slug, title: movie.title },
      });
    }
    return result.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  }

  /** Every showtime meeting the needs, earliest first. */
  async find(needs: ShowtimeNeeds = {}): Promise<TestShowtime[]> {
    const [all, nows] = await Promise.all([this.all(), this.#nows()]);
    const earliest = nows.latest + (needs.minutesAhead ?? DEFAULT_MINUTES_AHEAD) * 60_000;
    const excluded = new Set([...this.#claimed, ...(needs.exclude ?? [])]);
    // A room's untouched showtimes are the ones with the most free seats.
    const capacity = new Map<number, number>();
    for (const showtime of all)
      capacity.set(showtime.room, Math.max(capacity.get(showtime.room) ?? 0, showtime.freeSeats));
    return all.filter(
      (showtime) =>
        showtime.startsAt >= earliest &&
        (needs.format === undefined || showtime.format === needs.format) &&
        (needs.zones ?? []).every((zone) => showtime.zones.includes(zone)) &&
        (needs.roomName === undefined || showtime.roomName === needs.roomName) &&
        (needs.untouched === false || showtime.freeSeats === capacity.get(showtime.room)) &&
        (needs.stripe === undefined || showtime.id % needs.stripe.of === needs.stripe.index) &&
        !excluded.has(showtime.id),
    );
  }

  /** The earliest showtime meeting the needs; this instance never hands it out again. */
  async pick(needs: ShowtimeNeeds = {}): Promise<TestShowtime> {
    return (await this.pickMany(1, needs))[0]!;
  }

  /** The `count` earliest showtimes meeting the needs, all different; never handed out again. */
  async pickMany(count: number, needs: ShowtimeNeeds = {}): Promise<TestShowtime[]> {
    const found = await this.find(needs);
    if (found.length < count) {
      const clock = new Date(await this.sandboxNow()).toISOString();
      throw new Error(
        `${found.length} showtimes meet ${JSON.stringify(needs)}, ${count} wanted (sandbox clock ${clock})`,
      );
    }
    const picked = found.slice(0, count);
    for (const showtime of picked) this.#claimed.add(showtime.id);
    return picked;
  }

  /**
   * A showtime that has already started, by the sandbox's clock and the wall clock alike. The
   * sandbox keeps one on every day, whatever the hour (sandbox/db/programme.ts).
   */
  async started(): Promise<TestShowtime> {
    const [all, nows] = await Promise.all([this.all(), this.#nows()]);
    const started = all.filter((showtime) => showtime.startsAt <= nows.earliest).at(-1);
    if (started === undefined)
      throw new Error(`the sandbox lists no started showtime (now ${new Date(nows.earliest).toISOString()})`);
    return started;
  }
}
