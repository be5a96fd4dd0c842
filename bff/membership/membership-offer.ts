import type { FastifyRequest } from 'fastify';
import { membershipEndAfterPurchase } from '#shared/booking/membership-renewal.ts';
import { formatReleaseDate } from '#shared/format/dates.ts';
import type { MembershipOfferView } from '#shared/views/booking.ts';
import { toPaymentMethodView } from '#bff/payments/payment-checks.ts';
import type { MembershipNeeds } from './membership-sale.ts';

/**
 * `GET /bff/membership/offer`: what Club Vizionarios costs now (the settings' membresia_valor
 * + membresia_servicio), how it can be paid, and when it would end if bought now.
 */
export async function membershipOffer(needs: MembershipNeeds, request: FastifyRequest): Promise<MembershipOfferView> {
  const [settings, payBrands, method, membership] = await Promise.all([
    needs.settings.read(request),
    needs.paymentSources.payBrands(request),
    needs.bookingSources.salesPaymentMethod(request),
    needs.membership.current(request),
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
