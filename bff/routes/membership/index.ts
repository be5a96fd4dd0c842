import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConsecutiveAnswerSchema } from '../../../shared/cinema-api/booking.ts';
import { PAY_TYPE_MEMBERSHIP } from '../../../shared/cinema-api/payments.ts';
import { CardFormSchema } from '../../../shared/validation/payment.ts';
import { MembershipOfferViewSchema, PaymentResultViewSchema } from '../../../shared/views/booking.ts';
import { MembershipViewSchema } from '../../../shared/views/session.ts';
import { fetchMembership } from '../../accounts/session-user.ts';
import { membershipOf } from '../../booking/audience.ts';
import { CHECKOUT_ERRORS } from '../../booking/checkout.ts';
import { payByCard } from '../../booking/pay.ts';
import { perPersonRateLimit } from '../../booking/rate-limits.ts';
import { BffError, unauthenticated } from '../../errors.ts';
import { captchaRefusal } from '../../plugins/captcha.ts';
import { updateSession } from '../../plugins/session.ts';

export const MembershipPurchaseBodySchema = z.object({ brandId: z.int().positive(), card: CardFormSchema });

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
      sources.settings(request),
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

  app.post(
    '/membership/purchase',
    {
      config: { rateLimit: perPersonRateLimit.membership },
      schema: { body: MembershipPurchaseBodySchema, response: { 200: MembershipPurchaseViewSchema } },
    },
    async (request) => {
      const { card, brandId } = request.body;
      const fingerprint = createHash('sha256').update(card.captcha).digest('hex');
      const result = await app.booking.payments.run(`${request.auth?.user.email}:membership`, fingerprint, async () => {
        const verdict = await app.verifyCaptcha(card.captcha);
        if (!verdict.ok) throw captchaRefusal(verdict, 'card.captcha');
        const { sources } = app.booking;
        const [settings, payBrands, method] = await Promise.all([
          sources.settings(request, { fresh: true }),
          sources.payBrands(request),
          sources.salesPaymentMethod(request),
        ]);
        if (!payBrands.some((brand) => brand.id === brandId)) {
          throw new BffError(422, 'UNKNOWN_BRAND', CHECKOUT_ERRORS.unknownBrand, { brandId: CHECKOUT_ERRORS.unknownBrand });
        }
        if (!method.pay_with_card) throw new BffError(422, 'METHOD_UNAVAILABLE', CHECKOUT_ERRORS.methodUnavailable);
        const consecutive = await app.upstream.call(request, {
          method: 'GET',
          path: 'score/consecutive/1',
          schema: ConsecutiveAnswerSchema,
          auth: true,
        });
        return payByCard(
          app,
          request,
          {
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
            paymentMethodId: method.score_payment_method,
            brandId,
          },
          card,
        );
      });
      const membership = await fetchMembership(app, request);
      if (membership) updateSession(request, { membership });
      return { result, membership };
    },
  );
};

export default membershipRoutes;
