import { MembershipOfferViewSchema, MembershipPaymentBodies, MembershipPurchaseViewSchema } from '../views/booking.ts';
import { endpoints } from './endpoint.ts';
import { paymentEntriesOf } from './payments.ts';

const membership = paymentEntriesOf(
  'Club Vizionarios (a purchase or a renewal; the membership after it comes with the result)',
  MembershipPaymentBodies,
  MembershipPurchaseViewSchema,
);

/** Club Vizionarios: what it costs and its purchase by card or PSE (the amounts are the BFF's). */
export const membershipEndpoints = endpoints({
  'GET /membership/offer': {
    description: 'What buying Club Vizionarios costs now, how it can be paid, and when it would end.',
    answer: MembershipOfferViewSchema,
    errors: [401, 502],
  },
  'POST /membership/purchase': membership.card,
  'POST /membership/purchase/pse': membership.pse,
});
