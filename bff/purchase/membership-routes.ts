import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MembershipOfferViewSchema } from '../../shared/views/booking.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import {
  MembershipPsePurchaseBodySchema,
  MembershipPurchaseBodySchema,
  MembershipPurchaseViewSchema,
  buyMembership,
  membershipOffer,
} from './membership-purchase.ts';
import { perPersonRateLimit } from './rate-limits.ts';
import { errorAnswers } from '../errors.ts';

/** Club Vizionarios: its offer and its purchase by card or PSE (purchase/membership-purchase.ts). */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  app.get(
    '/membership/offer',
    { schema: { response: { 200: MembershipOfferViewSchema, ...errorAnswers(401, 502) } } },
    async (request) => membershipOffer(app, request),
  );

  app.post(
    '/membership/purchase',
    {
      config: { rateLimit: perPersonRateLimit.membership },
      schema: {
        body: MembershipPurchaseBodySchema,
        response: { 200: MembershipPurchaseViewSchema, ...errorAnswers(401, 402, 409, 502) },
      },
    },
    async (request) => buyMembership(app, request, request.body),
  );

  app.post(
    '/membership/purchase/pse',
    {
      config: { rateLimit: perPersonRateLimit.membership },
      schema: {
        body: MembershipPsePurchaseBodySchema,
        response: { 200: MembershipPurchaseViewSchema, ...errorAnswers(401, 402, 409, 502) },
      },
    },
    async (request) => buyMembership(app, request, request.body),
  );
};

export default membershipRoutes;
