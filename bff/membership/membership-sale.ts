import type { FastifyInstance } from 'fastify';
import type { PaymentSources } from '#bff/payments/payment-sources.ts';
import { PAY_TYPE_MEMBERSHIP, THEATER_ID } from '#shared/booking/constants.ts';
import type { MembershipPurchaseBody, MembershipPurchaseView } from '#shared/views/booking.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';
import type { PaidProduct } from '#bff/payments/paid-product.ts';
import { toPaymentMethodView } from '#bff/payments/payment-checks.ts';

/**
 * Club Vizionarios (pay type 3) as a paid product: one purchase per person at a time on every
 * replica, a settled one answered again. The amounts come from the settings (membresia_valor +
 * membresia_servicio), never from the browser. After the payment the membership is read again
 * and sealed into the session, so member prices show at once on the seat map and the snacks.
 */
export type MembershipNeeds = Pick<FastifyInstance, 'settings' | 'membership' | 'upstream'> & {
  paymentSources: Pick<PaymentSources, 'payBrands'>;
  /** The booking's reads (`app.booking.sources`), of which the membership needs the means of a sale. */
  bookingSources: Pick<FastifyInstance['booking']['sources'], 'salesPaymentMethod'>;
};

export function membershipProduct(needs: MembershipNeeds): PaidProduct<MembershipPurchaseBody, MembershipPurchaseView> {
  return {
    payType: PAY_TYPE_MEMBERSHIP,
    metricKind: { card: 'membership_card', pse: 'membership_pse' },
    async open(request) {
      return {
        scope: `${ownerOf(request) ?? ''}:membership`,
        async price() {
          const [settings, brands, paymentMethod] = await Promise.all([
            needs.settings.read(request, { fresh: true }),
            needs.paymentSources.payBrands(request),
            needs.bookingSources.salesPaymentMethod(request),
          ]);
          return {
            consecutive: async () =>
              (
                await needs.upstream.call(request, 'GET /score/consecutive/:theaterId', {
                  params: { theaterId: THEATER_ID },
                })
              ).data.Secuencia,
            subtotal: settings.membresia_valor,
            service: settings.membresia_servicio,
            total: settings.membresia_valor + settings.membresia_servicio,
            showtimeId: null,
            seats: [],
            products: [],
            detail: 'Membresía Club Vizionarios',
            description: 'Membresía Club Vizionarios (1 año)',
            paymentMethod: toPaymentMethodView(paymentMethod),
            brands,
          };
        },
        async answer(result) {
          // Prices follow the membership as it is now: the next read asks the cinema API.
          await needs.membership.forget(request);
          const membership = await needs.membership.current(request);
          return { result, membership };
        },
      };
    },
  };
}
