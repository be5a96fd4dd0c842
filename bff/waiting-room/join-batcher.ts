import {
  NO_ADDRESS_LIMIT,
  type AddressLimit,
  type AddressLimited,
  type Arrival,
  type Joined,
  type WaitingRoomStore,
} from './store/store.ts';

/**
 * Arrivals are written to the store in small batches, one script a batch (a group commit): an
 * arrival's answer waits for the write of its batch, so nobody holds a ticket the store does
 * not have, and a rush costs the store one command per batch instead of one per person. A
 * batch leaves when it is full or `waitMs` after its first arrival.
 */
export class JoinBatcher {
  readonly #store: WaitingRoomStore;
  readonly #now: () => number;
  readonly #maxSize: number;
  readonly #waitMs: number;
  readonly #addressLimit: AddressLimit;
  readonly #pending = new Map<
    string,
    {
      arrivals: Arrival[];
      waiters: Array<{ resolve: (joined: Joined | AddressLimited) => void; reject: (error: unknown) => void }>;
      timer: ReturnType<typeof setTimeout>;
    }
  >();
  /** Batches written, for the figures. */
  batches = 0;

  constructor(
    store: WaitingRoomStore,
    options: { now: () => number; maxSize?: number; waitMs?: number; addressLimit?: AddressLimit },
  ) {
    this.#store = store;
    this.#now = options.now;
    this.#maxSize = options.maxSize ?? 128;
    this.#waitMs = options.waitMs ?? 1;
    this.#addressLimit = options.addressLimit ?? NO_ADDRESS_LIMIT;
  }

  add(eventId: string, arrival: Arrival): Promise<Joined | AddressLimited> {
    return new Promise((resolve, reject) => {
      let batch = this.#pending.get(eventId);
      if (!batch) {
        batch = { arrivals: [], waiters: [], timer: setTimeout(() => this.#flush(eventId), this.#waitMs) };
        this.#pending.set(eventId, batch);
      }
      batch.arrivals.push(arrival);
      batch.waiters.push({ resolve, reject });
      if (batch.arrivals.length >= this.#maxSize) this.#flush(eventId);
    });
  }

  #flush(eventId: string): void {
    const batch = this.#pending.get(eventId);
    if (!batch) return;
    this.#pending.delete(eventId);
    clearTimeout(batch.timer);
    this.batches += 1;
    this.#store.join(eventId, batch.arrivals, this.#now(), this.#addressLimit).then(
      (joined) => batch.waiters.forEach((waiter, index) => waiter.resolve(joined[index]!)),
      (error: unknown) => batch.waiters.forEach((waiter) => waiter.reject(error)),
    );
  }
}
