import { inspect } from 'node:util';

const HIDDEN = '[REDACTED]';

/**
 * A secret kept in the configuration as text (a PEM private key, its passphrase) that never
 * prints: JSON (what pino writes), `util.inspect` (console, errors) and template strings all
 * see `[REDACTED]`. Only `reveal()` gives the text, at the one place that signs with it.
 */
export class SecretText {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toJSON(): string {
    return HIDDEN;
  }

  toString(): string {
    return HIDDEN;
  }

  [inspect.custom](): string {
    return HIDDEN;
  }
}
