import type { FastifyBaseLogger } from 'fastify';
import type { WaitingRoomEvent } from '#shared/waiting-room/event.ts';
import type { WaitingRoomStore } from './store/store.ts';

/**
 * The events every replica keeps in memory, read again from the store every `refreshMs`, so a
 * purchase asks the store nothing when no event runs. While the store does not answer, the
 * last list read stands; a replica that has never read it does not know whether an event runs
 * (`known` false), and then treats every purchase as held and closed rather than let a flood
 * through (with REDIS_URL set, a purchase cannot take a hold without Redis anyway).
 */
export class EventRegistry {
  readonly #store: WaitingRoomStore;
  readonly #log: FastifyBaseLogger;
  #events: WaitingRoomEvent[] = [];
  #known = false;
  #reachable = true;
  #warnedAt = 0;

  constructor(store: WaitingRoomStore, log: FastifyBaseLogger) {
    this.#store = store;
    this.#log = log;
  }

  get events(): readonly WaitingRoomEvent[] {
    return this.#events;
  }

  /** Whether the list was read at least once. */
  get known(): boolean {
    return this.#known;
  }

  /** Whether the last read reached the store. */
  get reachable(): boolean {
    return this.#reachable;
  }

  async refresh(): Promise<void> {
    try {
      this.#events = await this.#store.listEvents();
      this.#known = true;
      this.#reachable = true;
    } catch (error) {
      this.#reachable = false;
      if (Date.now() - this.#warnedAt > 60_000) {
        this.#warnedAt = Date.now();
        this.#log.warn({ err: error }, 'waiting room: events unreadable, covered purchases are closed');
      }
    }
  }

  /** An operator changed an event on this replica: the others read it at their next refresh. */
  remember(event: WaitingRoomEvent): void {
    this.#events = [...this.#events.filter((known) => known.id !== event.id), event];
  }
}
