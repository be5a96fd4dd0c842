/**
 * A map of what was used lately: at most `maxEntries` (the least recently used leave first),
 * and an entry nobody used for `idleMs` is dropped at the next use of the map. For what a
 * replica keeps per showtime (room statuses, the booking view's shared parts): showtimes
 * come and go every day, so a plain map would only grow.
 */
interface RecentMapOptions {
  maxEntries: number;
  idleMs: number;
  now?: () => number;
}

interface Slot<V> {
  value: V;
  usedAt: number;
}

export class RecentMap<K, V> {
  readonly #slots = new Map<K, Slot<V>>();
  readonly #maxEntries: number;
  readonly #idleMs: number;
  readonly #now: () => number;

  constructor(options: RecentMapOptions) {
    this.#maxEntries = Math.max(1, options.maxEntries);
    this.#idleMs = options.idleMs;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#slots.size;
  }

  get(key: K): V | undefined {
    const now = this.#now();
    const slot = this.#slots.get(key);
    if (slot && now - slot.usedAt <= this.#idleMs) this.#use(key, slot, now);
    this.#sweep(now);
    return this.#slots.get(key)?.value;
  }

  set(key: K, value: V): void {
    const now = this.#now();
    this.#use(key, { value, usedAt: now }, now);
    this.#sweep(now);
  }

  delete(key: K): void {
    this.#slots.delete(key);
  }

  clear(): void {
    this.#slots.clear();
  }

  /** Moves the slot to the end: Map iteration order is insertion order, so the front is the least recent. */
  #use(key: K, slot: Slot<V>, now: number): void {
    slot.usedAt = now;
    this.#slots.delete(key);
    this.#slots.set(key, slot);
  }

  #sweep(now: number): void {
    for (const [key, slot] of this.#slots) {
      if (this.#slots.size <= this.#maxEntries && now - slot.usedAt <= this.#idleMs) return;
      this.#slots.delete(key);
    }
  }
}
