import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAY_TYPE_MEMBERSHIP, THEATER_ID } from '#shared/booking/constants.ts';
import type { MembershipPurchaseBody, MembershipPurchaseView } from '#shared/views/booking.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';
import { toPaymentMethodView } from '#bff/purchase/common/purchase-rules.ts';
import { paymentBusy, requireKnownBrand, requireMethod } from '#bff/purchase/common/payment-checks.ts';
import { meansOf, paymentSettles } from '#bff/purchase/common/pay.ts';
import { payOnce } from '#bff/purchase/common/payment-gate.ts';

/**
 * Club Vizionarios (pay type 3): its purchase. The amounts come from the
 * settings (membresia_valor + membresia_servicio), never from the browser. After an accepted
 * payment the membership is read again and sealed into the session, so member prices show at
 * once on the seat map and the snacks.
 */

/** One membership purchase per person at a time on every replica; a settled one answers again. */
export async function buyMembership(
  app: FastifyInstance,
  request: FastifyRequest,
  body: MembershipPurchaseBody,
): Promise<MembershipPurchaseView> {
  const means = meansOf(app, request, body);
  const owner = ownerOf(request) ?? '';
  const result = await payOnce(
    app.sharedStore,
    { scope: `${owner}:membership`, fingerprint: means.fingerprint, settles: paymentSettles, busy: paymentBusy },
    async () => {
      await means.verify();
      const { sources } = app.booking;
      const [settings, payBrands, paymentMethod] = await Promise.all([
        app.settings.read(request, { fresh: true }),
        sources.payBrands(request),
        sources.salesPaymentMethod(request),
      ]);
      requireKnownBrand(payBrands, body.brandId);
      requireMethod(toPaymentMethodView(paymentMethod), means.method);
      const consecutive = await app.upstream.call(request, 'GET /score/consecutive/:theaterId', {
        params: { theaterId: THEATER_ID },
      });
      return means.charge({
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
        brandId: body.brandId,
      });
    },
  );
  // Prices follow the membership as it is now: the next read asks the cinema API.
  await app.membership.forget(request);
  const membership = await app.membership.current(request);
  return { result, membership };
}
