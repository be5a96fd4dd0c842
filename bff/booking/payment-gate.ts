/**
 * One payment at a time per hold, and a double click charges once: while a payment of a
 * hold (user + consecutive) is running, a second request for it waits for the same outcome
 * instead of paying again; an outcome is remembered for a while under the attempt's
 * fingerprint (the captcha proof of a card payment), so a repeated request answers it again.
 * Across replicas the cinema API itself refuses a second payment of a spent consecutive,
 * and a spent captcha is refused by the shared captcha store.
 */
export interface PaymentGateOptions {
  rememberMs?: number;
  maxRemembered?: number;
  now?: () => number;
}

export class PaymentGate<T> {
  readonly #inflight = new Map<string, Promise<T>>();
  readonly #recent = new Map<string, { value: T; at: number }>();
  readonly #rememberMs: number;
  readonly #maxRemembered: number;
  readonly #now: () => number;

  constructor(options: PaymentGateOptions = {}) {
    this.#rememberMs = options.rememberMs ?? 10 * 60_000;
    this.#maxRemembered = options.maxRemembered ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  run(holdKey: string, fingerprint: string, task: () => Promise<T>): Promise<T> {
    const running = this.#inflight.get(holdKey);
    if (running) return running;
    const rememberedKey = `${holdKey}|${fingerprint}`;
    const remembered = this.#recent.get(rememberedKey);
    if (remembered && this.#now() - remembered.at < this.#rememberMs) return Promise.resolve(remembered.value);

    const attempt = (async () => {
      try {
        const value = await task();
        this.#remember(rememberedKey, value);
        return value;
      } finally {
        this.#inflight.delete(holdKey);
      }
    })();
    this.#inflight.set(holdKey, attempt);
    return attempt;
  }

  #remember(key: string, value: T): void {
    this.#recent.delete(key);
    this.#recent.set(key, { value, at: this.#now() });
    while (this.#recent.size > this.#maxRemembered) {
      const oldest = this.#recent.keys().next();
      if (oldest.done) break;
      this.#recent.delete(oldest.value);
    }
  }
}
