import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membershipEndAfterPurchase } from '../../shared/booking/membership-renewal.ts';
import { ConsecutiveAnswerSchema } from '../../shared/cinema-api/booking.ts';
import { formatReleaseDate } from '../../shared/format/dates.ts';
import { PAY_TYPE_MEMBERSHIP } from '../../shared/cinema-api/payments.ts';
import type {
  MembershipOfferView,
  MembershipPurchaseBody,
  MembershipPurchaseView,
} from '../../shared/views/booking.ts';
import { forgetMembership, membershipOf, ownerOf } from '../plugins/customer.ts';
import { toPaymentMethodView } from './booking-view.ts';
import { paymentBusy, requireKnownBrand, requireMethod } from './checkout.ts';
import { meansOf, paymentSettles } from './pay.ts';
import { payOnce } from './payment-gate.ts';

/**
 * Club Vizionarios (pay type 3): what it costs and its purchase. The amounts come from the
 * settings (membresia_valor + membresia_servicio), never from the browser. After an accepted
 * payment the membership is read again and sealed into the session, so member prices show at
 * once on the seat map and the snacks.
 */

export async function membershipOffer(app: FastifyInstance, request: FastifyRequest): Promise<MembershipOfferView> {
  const { sources } = app.booking;
  const [settings, payBrands, method, membership] = await Promise.all([
    app.settings.read(request),
    sources.payBrands(request),
    sources.salesPaymentMethod(request),
    membershipOf(app, request),
  ]);
  const endsAfterPurchase = membershipEndAfterPurchase(membership?.active ? membership.expiresAt : null, Date.now());
  return {
    price: settings.membresia_valor,
    service: settings.membresia_servicio,
    total: settings.membresia_valor + settings.membresia_servicio,
    payBrands: payBrands.map((brand) => ({ id: brand.id, name: brand.name, image: brand.image })),
    paymentMethod: toPaymentMethodView(method),
    membership,
    endsAfterPurchase,
    endsAfterPurchaseText: formatReleaseDate(endsAfterPurchase.slice(0, 10)),
  };
}

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
      const consecutive = await app.upstream.call(request, {
        method: 'GET',
        path: 'score/consecutive/1',
        schema: ConsecutiveAnswerSchema,
        auth: true,
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
  await forgetMembership(app, request);
  const membership = await membershipOf(app, request);
  return { result, membership };
}
