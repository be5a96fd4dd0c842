/**
 * How much costly work one client address may ask for, counted as nginx's `limit_req` counts
 * it with `burst` and `nodelay` (nginx.conf.template, the image path's resizer hop): `burst`
 * requests at once, then `perSecond` on average; past that the address is told when to come
 * back. Addresses not seen for a while are forgotten first when more than `maxAddresses` are
 * known, so a crowd of addresses cannot grow the table without end.
 */
export interface AddressLimitOptions {
  perSecond: number;
  burst: number;
  maxAddresses?: number;
}

export type AddressVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export function createAddressLimit({ perSecond, burst, maxAddresses = 10_000 }: AddressLimitOptions) {
  const buckets = new Map<string, Bucket>();
  return {
    /** Counts one request of `address` now, or says how many seconds until it may make one. */
    take(address: string, now = performance.now()): AddressVerdict {
      const known = buckets.get(address);
      const tokens = known ? Math.min(burst, known.tokens + ((now - known.at) / 1000) * perSecond) : burst;
      // Most recently seen last: the table forgets from the front.
      buckets.delete(address);
      if (tokens < 1) {
        buckets.set(address, { tokens, at: now });
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
      }
      buckets.set(address, { tokens: tokens - 1, at: now });
      for (const oldest of buckets.keys()) {
        if (buckets.size <= maxAddresses) break;
        buckets.delete(oldest);
      }
      return { allowed: true };
    },
  };
}

export type AddressLimit = ReturnType<typeof createAddressLimit>;
