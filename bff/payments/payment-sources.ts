import type { Bank, PayBrand } from '#shared/cinema-api/payments.ts';
import { ReadCache } from '#bff/plugins/read-cache.ts';
import type { UpstreamCaller, UpstreamClient } from '#bff/plugins/upstream.ts';

/**
 * The cinema API's lists every payment offers, the same for everybody and rarely changed: the
 * payment brands (`keyPay`) and the PSE banks. Shared for 30 s, served stale for 5 minutes while
 * the API fails; concurrent misses share one call.
 */
export interface PaymentSources {
  payBrands(caller: UpstreamCaller): Promise<PayBrand[]>;
  banks(caller: UpstreamCaller): Promise<Bank[]>;
}

const PAYMENT_LISTS_CACHE = { freshMs: 30_000, keepMs: 5 * 60_000, maxEntries: 2 } as const;

export function createPaymentSources(upstream: UpstreamClient): PaymentSources {
  const cache = new ReadCache(PAYMENT_LISTS_CACHE);
  return {
    async payBrands(caller) {
      const read = await cache.read(
        'pay-brands',
        async () => (await upstream.call(caller, 'GET /pay-brands')).data.data,
      );
      return read.value;
    },
    async banks(caller) {
      const read = await cache.read('banks', async () => (await upstream.call(caller, 'GET /epayco/banks')).data);
      return read.value;
    },
  };
}
