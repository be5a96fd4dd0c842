import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConsecutiveAnswerSchema } from '../../shared/cinema-api/booking.ts';
import { PAY_TYPE_MEMBERSHIP } from '../../shared/cinema-api/payments.ts';
import { CardFormSchema, PseFormSchema } from '../../shared/validation/payment.ts';
import { MembershipOfferViewSchema, PaymentResultViewSchema, type PaymentResultView } from '../../shared/views/booking.ts';
import { MembershipViewSchema } from '../../shared/views/session.ts';
import { forgetMembership, membershipOf, ownerOf } from '../plugins/customer.ts';
import { CHECKOUT_ERRORS, paymentBusy } from './checkout.ts';
import { payByCard, payByPse, paymentSettles, verifyCardCaptcha, type PurchaseOrder } from './pay.ts';
import { payOnce } from './payment-gate.ts';
import { perPersonRateLimit } from './rate-limits.ts';
import { BffError, unauthenticated } from '../errors.ts';
import type { FastifyRequest } from 'fastify';

export const MembershipPurchaseBodySchema = z.object({ brandId: z.int().positive(), card: CardFormSchema });
export const MembershipPsePurchaseBodySchema = z.object({ brandId: z.int().positive(), pse: PseFormSchema });

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const MembershipPurchaseViewSchema = z.object({
  result: PaymentResultViewSchema,
  /** The membership after the purchase (active at once when accepted). */
  membership: MembershipViewSchema.nullable(),
});

/**
 * Club Vizionarios (pay type 3): what it costs and its card purchase. The amounts come from
 * the settings (membresia_valor + membresia_servicio), never from the browser. After an
 * accepted payment the membership is read again and sealed into the session, so member
 * prices show at once on the seat map and the snacks.
 */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthenticated();
  });

  app.get('/membership/offer', { schema: { response: { 200: MembershipOfferViewSchema } } }, async (request) => {
    const { sources } = app.booking;
    const [settings, payBrands, method, membership] = await Promise.all([
      app.settings.read(request),
      sources.payBrands(request),
      sources.salesPaymentMethod(request),
      membershipOf(app, request),
    ]);
    return {
      price: settings.membresia_valor,
      service: settings.membresia_servicio,
      total: settings.membresia_valor + settings.membresia_servicio,
      payBrands: payBrands.map((brand) => ({ id: brand.id, name: brand.name, image: brand.image })),
      paymentMethod: { id: method.score_payment_method, card: method.pay_with_card, pse: method.pay_with_pse },
      membership,
    };
  });

  /** One membership purchase per person at a time on every replica; a settled one answers again. */
  async function purchase(
    request: FastifyRequest,
    brandId: number,
    fingerprint: string,
    method: 'card' | 'pse',
    charge: (order: PurchaseOrder) => Promise<PaymentResultView>,
    /** Checks only the attempt that pays runs (the card's captcha), inside the lock. */
    verify: () => Promise<void> = async () => undefined,
  ) {
    const owner = ownerOf(request) ?? '';
    const result = await payOnce(
      app.sharedStore,
      { scope: `${owner}:membership`, fingerprint, settles: paymentSettles, busy: paymentBusy },
      async () => {
        await verify();
        const { sources } = app.booking;
        const [settings, payBrands, paymentMethod] = await Promise.all([
          app.settings.read(request, { fresh: true }),
          sources.payBrands(request),
          sources.salesPaymentMethod(request),
        ]);
        if (!payBrands.some((brand) => brand.id === brandId)) {
          throw new BffError(422, 'UNKNOWN_BRAND', CHECKOUT_ERRORS.unknownBrand, { brandId: CHECKOUT_ERRORS.unknownBrand });
        }
        const allowed = method === 'card' ? paymentMethod.pay_with_card : paymentMethod.pay_with_pse;
        if (!allowed) throw new BffError(422, 'METHOD_UNAVAILABLE', CHECKOUT_ERRORS.methodUnavailable);
        const consecutive = await app.upstream.call(request, {
          method: 'GET',
          path: 'score/consecutive/1',
          schema: ConsecutiveAnswerSchema,
          auth: true,
        });
        return charge({
          payType: PAY_TYPE_MEMBERSHIP,
          consecutive: consecutive.data.Secuencia,
          subtotal: settings.membresia_valor,
          service: settings.membresia_servicio,
          total: settings.membresia_valor + settings.membresia_servicio,
          showtimeId: null,
          seats: [],
          products: [],
          detail: 'Membresía Club Vizionarios',
          description: 'Membresía Club Vizionarios (1 año)',
          paymentMethodId: paymentMethod.score_payment_method,
          brandId,
        });
      },
    );
    // Prices follow the membership as it is now: the next read asks the cinema API.
    await forgetMembership(app, request);
    const membership = await membershipOf(app, request);
    return { result, membership };
  }

  app.post(
    '/membership/purchase',
    {
      config: { rateLimit: perPersonRateLimit.membership },
      schema: { body: MembershipPurchaseBodySchema, response: { 200: MembershipPurchaseViewSchema } },
    },
    async (request) => {
      const { card, brandId } = request.body;
      return purchase(
        request,
        brandId,
        sha256(card.captcha),
        'card',
        (order) => payByCard(app, request, order, card),
        () => verifyCardCaptcha(app, card),
      );
    },
  );

  app.post(
    '/membership/purchase/pse',
    {
      config: { rateLimit: perPersonRateLimit.membership },
      schema: { body: MembershipPsePurchaseBodySchema, response: { 200: MembershipPurchaseViewSchema } },
    },
    async (request) => {
      const { pse, brandId } = request.body;
      return purchase(request, brandId, sha256(JSON.stringify(request.body)), 'pse', (order) => payByPse(app, request, order, pse));
    },
  );
};

export default membershipRoutes;
