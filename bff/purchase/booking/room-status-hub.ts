import type { FastifyRequest } from 'fastify';
import type { RoomStatusRow } from '#shared/cinema-api/booking.ts';
import { RecentMap } from './recent-map.ts';

/**
 * The room status of each showtime, shared by everybody who looks at it.
 *
 * - `read` answers from a status at most `freshMs` old (or, while the next one is read, one
 *   at most twice that old); concurrent reads share one upstream call. The booking view and
 *   the live poll share the kept statuses.
 * - `watch` registers a live watcher (an open server-sent-events stream). The first watcher
 *   of a showtime starts ONE poll loop (every `pollMs`), the last one leaving stops it; each
 *   poll turns the status into an event text once and sends it to every watcher when it
 *   changed. So however many people watch a showtime, the upstream is asked for its status
 *   at most once per interval.
 * - `touch` forgets a showtime's status after a reservation, cancellation or payment, and
 *   polls it right away when somebody watches, so the change reaches every open map fast.
 * - A status read again and found the same keeps the array read before: the same array is the
 *   same status, so what is built from it (the booking view's seat map) is built once per change.
 *   Statuses nobody asked for in a minute are dropped (showtimes come and go every day).
 *
 * A poll needs a request for the upstream client (logging, request id): it borrows one of
 * the watchers' open requests; the call itself carries no bearer.
 */
interface Watcher {
  request: FastifyRequest;
  send(event: string): void;
  /** Ends the watcher's stream (the server is shutting down). */
  end(): void;
}

interface RoomStatusHubOptions {
  fetch(request: FastifyRequest, showtimeId: number): Promise<RoomStatusRow[]>;
  /** Turns a status into the event text watchers receive (null: nothing to send). */
  toEvent(request: FastifyRequest, showtimeId: number, rows: RoomStatusRow[]): Promise<string | null>;
  freshMs: number;
  pollMs: number;
  now?: () => number;
}

interface StatusEntry {
  rows: RoomStatusRow[];
  at: number;
}

/** How many showtimes' statuses a replica keeps, and for how long unasked. */
const KEPT_STATUSES = { maxEntries: 2_000, idleMs: 60_000 } as const;

/** True when two status answers say the same of every seat. */
function sameRoomStatus(a: ReadonlyArray<RoomStatusRow>, b: ReadonlyArray<RoomStatusRow>): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    const rowA = a[index]!;
    const rowB = b[index]!;
    if (rowA.filTot !== rowB.filTot || rowA.filRel !== rowB.filRel) return false;
    const seatsA = rowA.DescripcionSilla;
    const seatsB = rowB.DescripcionSilla;
    if (seatsA.length !== seatsB.length) return false;
    for (let seat = 0; seat < seatsA.length; seat += 1) {
      const seatA = seatsA[seat]!;
      const seatB = seatsB[seat]!;
      if (
        seatA.Columna !== seatB.Columna ||
        seatA.EstadoSilla !== seatB.EstadoSilla ||
        seatA.TipoSilla !== seatB.TipoSilla
      )
        return false;
    }
  }
  return true;
}

interface Watched {
  watchers: Set<Watcher>;
  timer: ReturnType<typeof setTimeout> | null;
  polling: boolean;
  /** Touched while a poll ran: poll again as soon as it ends. */
  repoll: boolean;
  lastEvent: string | null;
}

export class RoomStatusHub {
  readonly #options: RoomStatusHubOptions;
  readonly #now: () => number;
  readonly #entries: RecentMap<number, StatusEntry>;
  readonly #loading = new Map<number, Promise<RoomStatusRow[]>>();
  readonly #watched = new Map<number, Watched>();
  /** Upstream status calls made, for the tests and the benchmark. */
  upstreamCalls = 0;

  constructor(options: RoomStatusHubOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#entries = new RecentMap({ ...KEPT_STATUSES, now: this.#now });
  }

  /**
   * The status for a booking view: the kept one while fresh; once older, the next status is
   * read and, while it comes, the kept one is answered if it is less than `freshMs` past fresh,
   * so the people looking at a busy showtime do not all wait for the round trip every interval.
   * After `touch` (a change made here) the next read waits for the new status.
   */
  read(request: FastifyRequest, showtimeId: number): Promise<RoomStatusRow[]> {
    const entry = this.#entries.get(showtimeId);
    const age = entry ? this.#now() - entry.at : Number.POSITIVE_INFINITY;
    if (entry && age < this.#options.freshMs) return Promise.resolve(entry.rows);
    const loading = this.#load(request, showtimeId);
    if (entry && age < 2 * this.#options.freshMs) {
      // Its failure is logged by nobody here: the next read asks again and answers it.
      loading.catch(() => {});
      return Promise.resolve(entry.rows);
    }
    return loading;
  }

  /** The status once a read in flight (or a new one) has it; concurrent callers share one call. */
  #load(request: FastifyRequest, showtimeId: number): Promise<RoomStatusRow[]> {
    const pending = this.#loading.get(showtimeId);
    if (pending) return pending;
    const isCurrent = (): boolean => this.#loading.get(showtimeId) === loading;
    const run = async (): Promise<RoomStatusRow[]> => {
      try {
        this.upstreamCalls += 1;
        const rows = await this.#options.fetch(request, showtimeId);
        // A read that began before `touch` may predate the change: it is answered, not kept.
        return isCurrent() ? this.#store(showtimeId, rows) : rows;
      } finally {
        if (isCurrent()) this.#loading.delete(showtimeId);
      }
    };
    const loading = run();
    this.#loading.set(showtimeId, loading);
    return loading;
  }

  /**
   * The status as the cinema API has it now, never a kept copy (a decision that must see the
   * holds of the last instant: the single-seat rule, under its per-showtime lock). Kept for
   * the readers after it.
   */
  async readFresh(request: FastifyRequest, showtimeId: number): Promise<RoomStatusRow[]> {
    this.upstreamCalls += 1;
    return this.#store(showtimeId, await this.#options.fetch(request, showtimeId));
  }

  /** Keeps a status read now; the same status as the one kept keeps its array. */
  #store(showtimeId: number, rows: RoomStatusRow[]): RoomStatusRow[] {
    const kept = this.#entries.get(showtimeId)?.rows;
    const current = kept && sameRoomStatus(kept, rows) ? kept : rows;
    this.#entries.set(showtimeId, { rows: current, at: this.#now() });
    return current;
  }

  watch(showtimeId: number, watcher: Watcher): () => void {
    let watched = this.#watched.get(showtimeId);
    if (!watched) {
      watched = { watchers: new Set(), timer: null, polling: false, repoll: false, lastEvent: null };
      this.#watched.set(showtimeId, watched);
    }
    watched.watchers.add(watcher);
    if (watched.lastEvent !== null) watcher.send(watched.lastEvent);
    if (!watched.polling && watched.timer === null) void this.#poll(showtimeId);

    return () => {
      const current = this.#watched.get(showtimeId);
      if (!current) return;
      current.watchers.delete(watcher);
      if (current.watchers.size === 0) {
        if (current.timer) clearTimeout(current.timer);
        this.#watched.delete(showtimeId);
      }
    };
  }

  /** Number of showtimes with a running poll loop. */
  get watchedShowtimes(): number {
    return this.#watched.size;
  }

  /** Live seat streams open on this process, all showtimes together. */
  get openStreams(): number {
    let count = 0;
    for (const watched of this.#watched.values()) count += watched.watchers.size;
    return count;
  }

  watcherCount(showtimeId: number): number {
    return this.#watched.get(showtimeId)?.watchers.size ?? 0;
  }

  touch(showtimeId: number): void {
    this.#entries.delete(showtimeId);
    this.#loading.delete(showtimeId);
    const watched = this.#watched.get(showtimeId);
    if (!watched) return;
    if (watched.polling) {
      watched.repoll = true;
      return;
    }
    if (watched.timer) clearTimeout(watched.timer);
    watched.timer = null;
    void this.#poll(showtimeId);
  }

  close(): void {
    const all = [...this.#watched.values()];
    this.#watched.clear();
    for (const watched of all) {
      if (watched.timer) clearTimeout(watched.timer);
      for (const watcher of watched.watchers) watcher.end();
    }
  }

  async #poll(showtimeId: number): Promise<void> {
    const watched = this.#watched.get(showtimeId);
    if (!watched) return;
    const borrowed = watched.watchers.values().next();
    if (borrowed.done) return;
    const request = borrowed.value.request;
    watched.polling = true;
    watched.repoll = false;
    watched.timer = null;
    try {
      // The poll waits for the status it asked for: a kept one would reach the watchers an interval late.
      const entry = this.#entries.get(showtimeId);
      const rows =
        entry && this.#now() - entry.at < this.#options.freshMs ? entry.rows : await this.#load(request, showtimeId);
      const event = await this.#options.toEvent(request, showtimeId, rows);
      if (event !== null && event !== watched.lastEvent && this.#watched.get(showtimeId) === watched) {
        watched.lastEvent = event;
        for (const watcher of watched.watchers) watcher.send(event);
      }
    } catch (error) {
      request.log.warn({ err: error, showtimeId }, 'room status poll failed');
    } finally {
      watched.polling = false;
      if (this.#watched.get(showtimeId) === watched && watched.watchers.size > 0) {
        watched.timer = setTimeout(() => void this.#poll(showtimeId), watched.repoll ? 0 : this.#options.pollMs);
        watched.timer.unref?.();
      }
    }
  }
}
