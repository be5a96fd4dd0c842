import {
  MembershipOfferViewSchema,
  MembershipPsePurchaseBodySchema,
  MembershipPurchaseBodySchema,
  MembershipPurchaseViewSchema,
} from '../views/booking.ts';
import { endpoints } from './endpoint.ts';

/** Club Vizionarios: what it costs and its purchase by card or PSE (the amounts are the BFF's). */
export const membershipEndpoints = endpoints({
  'GET /membership/offer': {
    description: 'What buying Club Vizionarios costs now, how it can be paid, and when it would end.',
    answer: MembershipOfferViewSchema,
    errors: [401, 502],
  },
  'POST /membership/purchase': {
    description: 'Buys (or renews) the membership by card, once; the membership after it comes with the result.',
    body: MembershipPurchaseBodySchema,
    answer: MembershipPurchaseViewSchema,
    errors: [401, 402, 409, 502],
  },
  'POST /membership/purchase/pse': {
    description: "Starts the membership's PSE payment, once: the answer carries the bank's page.",
    body: MembershipPsePurchaseBodySchema,
    answer: MembershipPurchaseViewSchema,
    errors: [401, 402, 409, 502],
  },
});
