import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { PAY_STATUS_PENDING } from '#shared/booking/constants.ts';
import type { PaymentResultView } from '#shared/views/booking.ts';
import { personKey } from '#bff/plugins/rate-limit.ts';
import { createPaymentSources, type PaymentSources } from './payment-sources.ts';
import { createSeller, type SaleSettled, type Sell } from './sale.ts';

/**
 * The payments floor as the paid products and their routes see it (`app.payments`): `sell`
 * (sale.ts), the payment brands and banks, the "sale settled" event and the payment metrics.
 * "Sale settled" comes from `sell` when a payment is accepted or pending, before the answer
 * leaves: the waiting room listens (it ends the buyer's pass and clears its cookie). Each
 * payment route counts its answer once sent (`routeOptions(kind)`), from the result `sell` recorded
 * on the request, refusals before the handler included: nobody reads a payment's URL or its
 * answer's JSON again.
 */

interface Payments {
  sell: Sell;
  sources: PaymentSources;
  onSaleSettled(listener: (event: SaleSettled) => Promise<void> | void): void;
  /**
   * The route options every payment route of `kind` (`card`, `membership_pse`...) takes: its
   * rate limit per person, and its answer counted once sent.
   */
  routeOptions(kind: string): {
    config: { rateLimit: typeof PAYMENT_RATE_LIMIT };
    onResponse: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
  interface FastifyRequest {
    /** The payment `sell` made for this request, if it got that far. */
    paymentResult: PaymentResultView | null;
  }
}

/** Payments a person may send in 10 minutes, on each payment route (a double click counts twice). */
const PAYMENT_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000, keyGenerator: personKey };

function outcomeOf(statusCode: number, result: PaymentResultView | null): string {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return `refused_${statusCode}`;
  if (!result) return 'unknown';
  if (result.accepted) return 'accepted';
  return result.status.id === PAY_STATUS_PENDING ? 'pending' : 'rejected';
}

export const paymentsPlugin = fp(
  async (app) => {
    const settledListeners: Array<(event: SaleSettled) => Promise<void> | void> = [];
    const counter = new Counter({
      name: 'viziona_bff_payments_total',
      help: 'Payment requests answered, by kind (card, pse, membership_card, membership_pse) and outcome (accepted, pending, rejected, refused_4xx, error)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [app.metrics.registry],
    });

    app.decorateRequest('paymentResult', null);
    app.decorate('payments', {
      sell: createSeller({
        store: app.sharedStore,
        upstream: app.upstream,
        verifyCaptcha: (payload) => app.verifyCaptcha(payload),
        async settled(event) {
          for (const listener of settledListeners) await listener(event);
        },
      }),
      sources: createPaymentSources(app.upstream),
      onSaleSettled: (listener) => {
        settledListeners.push(listener);
      },
      routeOptions: (kind) => ({
        config: { rateLimit: PAYMENT_RATE_LIMIT },
        async onResponse(request, reply) {
          counter.inc({ kind, outcome: outcomeOf(reply.statusCode, request.paymentResult) });
        },
      }),
    } satisfies Payments);
  },
  {
    name: 'viziona-payments',
    dependencies: [
      'viziona-metrics',
      'viziona-shared-store',
      'viziona-upstream',
      'viziona-captcha',
      'viziona-rate-limit',
    ],
  },
);
