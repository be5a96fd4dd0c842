import type { ErrorView } from '#shared/views/errors.ts';
import { BffError } from '#bff/errors.ts';
import { withLock } from '#bff/plugins/shared-lock.ts';
import type { SharedStore } from '#bff/plugins/shared-store.ts';

/**
 * One payment per scope (a person's hold, or a person's membership) at a time, on every
 * replica (`payOnce`, over the shared store's lock, plugins/shared-lock.ts). The outcome is
 * stored: a settled one (accepted or pending) answers every later request of the scope with
 * the same bill; any other (declined, refused) answers requests with the same fingerprint (the
 * same form sent twice), while a new attempt (a new captcha) runs again. A double click that
 * lands on another replica waits for the lock, then reads the outcome: same bill, no second
 * charge, no "captcha already used".
 */

type Stored<T> =
  | { kind: 'value'; value: T; settled: boolean; fingerprint: string }
  | { kind: 'error'; status: number; body: ErrorView; fingerprint: string };

const PAYMENT_LOCK_MS = 90_000;
/**
 * How long a second request for the same payment waits for the first one's outcome before it
 * hears "being processed": under the load balancer's 30 s read timeout, so the person gets our
 * message, not a gateway error, even when the replica paying died holding the lock.
 */
const PAYMENT_WAIT_MS = 25_000;
/** How long outcomes are kept: a late double click still gets its bill. */
const OUTCOME_KEEP_MS = 15 * 60_000;

interface PayOnceOptions<T> {
  scope: string;
  fingerprint: string;
  /** Accepted or pending: the scope is spent, whatever the fingerprint of a later request. */
  settles: (value: T) => boolean;
  busy: () => BffError;
}

const outcomeKey = (scope: string): string => `pay-outcome:${scope}`;

async function readOutcome<T>(store: SharedStore, scope: string, fingerprint: string): Promise<Stored<T> | null> {
  const raw = await store.get(outcomeKey(scope));
  if (raw === null) return null;
  const stored = JSON.parse(raw) as Stored<T>;
  if (stored.kind === 'value' && stored.settled) return stored;
  return stored.fingerprint === fingerprint ? stored : null;
}

function replay<T>(stored: Stored<T>): T {
  if (stored.kind === 'value') return stored.value;
  throw new BffError(stored.status, stored.body.error.code, stored.body.error.message, stored.body.error.fields);
}

export async function payOnce<T>(store: SharedStore, options: PayOnceOptions<T>, task: () => Promise<T>): Promise<T> {
  const { scope, fingerprint } = options;
  const known = await readOutcome<T>(store, scope, fingerprint);
  if (known) return replay(known);
  return withLock(
    store,
    `pay:${scope}`,
    { ttlMs: PAYMENT_LOCK_MS, waitMs: PAYMENT_WAIT_MS, busy: options.busy },
    async () => {
      const decided = await readOutcome<T>(store, scope, fingerprint);
      if (decided) return replay(decided);
      let stored: Stored<T>;
      try {
        const value = await task();
        stored = { kind: 'value', value, settled: options.settles(value), fingerprint };
      } catch (error) {
        // A refusal the person can act on is answered again to the same form; anything else
        // (an outage, a bug) is not remembered, so the next try runs anew.
        if (!(error instanceof BffError) || error.statusCode >= 500) throw error;
        stored = { kind: 'error', status: error.statusCode, body: error.toBody(), fingerprint };
      }
      await store.set(outcomeKey(scope), JSON.stringify(stored), OUTCOME_KEEP_MS);
      return replay(stored);
    },
  );
}
