import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentResultView } from '#shared/views/booking.ts';
import type { SharedStore } from '#bff/plugins/shared-store.ts';
import { meansOf, paymentSettles, type MeansDependencies } from './means.ts';
import type { PaidProduct, PayMeans, PaymentBody } from './paid-product.ts';
import { paymentBusy, requireKnownBrand, requireMethod } from './payment-checks.ts';
import { payOnce } from './payment-gate.ts';

/**
 * The one way a product is sold: the product opens the sale (what the person saw), then, one
 * payment per scope at a time on every replica, the card's captcha is spent, the product
 * prices its order, the brand and the means are checked, the means charge it with the
 * product's pay type, and the product takes the outcome; a second request of the scope gets
 * the same outcome. An accepted or pending payment is announced once, as "sale settled", to
 * whoever listens (the waiting room ends the buyer's pass), before the answer leaves.
 */

/** A sale that went through: accepted, or pending with the provider. */
export interface SaleSettled {
  request: FastifyRequest;
  reply: FastifyReply;
  means: PayMeans;
  result: PaymentResultView;
}

export interface SaleDependencies extends MeansDependencies {
  store: SharedStore;
  settled(event: SaleSettled): Promise<void>;
}

export function createSeller(deps: SaleDependencies) {
  return async function sell<B extends PaymentBody, A>(
    product: PaidProduct<B, A>,
    request: FastifyRequest,
    reply: FastifyReply,
    body: B,
  ): Promise<A> {
    const means = meansOf(deps, request, body);
    const sale = await product.open(request, body);
    const result = await payOnce(
      deps.store,
      { scope: sale.scope, fingerprint: means.fingerprint, settles: paymentSettles, busy: paymentBusy },
      async () => {
        await means.verify();
        const order = await sale.price();
        requireKnownBrand(order.brands, body.brandId);
        requireMethod(order.paymentMethod, means.method);
        sale.agree?.(order);
        let charged: PaymentResultView;
        try {
          const consecutive = await order.consecutive();
          charged = await means.charge({ ...order, consecutive, payType: product.payType, brandId: body.brandId });
        } catch (error) {
          throw sale.refused ? await sale.refused(error) : error;
        }
        await sale.charged?.(charged);
        return charged;
      },
    );
    request.paymentResult = result;
    if (paymentSettles(result)) await deps.settled({ request, reply, means: means.method, result });
    return sale.answer(result);
  };
}

export type Sell = ReturnType<typeof createSeller>;
