/**
 * How many live seat streams one person and one address may keep open at once. A stream
 * holds a socket and a watcher, so an unbounded number from one client is a cheap way to
 * exhaust the BFF; a person needs one per open seat map (a few tabs at most). Counted in this
 * process: a stream lives on the replica that serves it.
 */
interface StreamSlotLimits {
  perPerson: number;
  perAddress: number;
}

export const STREAM_SLOT_LIMITS: StreamSlotLimits = { perPerson: 4, perAddress: 16 };

export class StreamSlots {
  readonly #limits: StreamSlotLimits;
  readonly #byPerson = new Map<string, number>();
  readonly #byAddress = new Map<string, number>();

  constructor(limits: StreamSlotLimits = STREAM_SLOT_LIMITS) {
    this.#limits = limits;
  }

  /** Takes a slot; returns its release (idempotent), or null when either limit is reached. */
  take(person: string, address: string): (() => void) | null {
    const people = this.#byPerson.get(person) ?? 0;
    const addresses = this.#byAddress.get(address) ?? 0;
    if (people >= this.#limits.perPerson || addresses >= this.#limits.perAddress) return null;
    this.#byPerson.set(person, people + 1);
    this.#byAddress.set(address, addresses + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      decrement(this.#byPerson, person);
      decrement(this.#byAddress, address);
    };
  }

  /** Open streams in this process (the tests watch it return to zero). */
  get open(): number {
    let total = 0;
    for (const count of this.#byPerson.values()) total += count;
    return total;
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const next = (counts.get(key) ?? 0) - 1;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
