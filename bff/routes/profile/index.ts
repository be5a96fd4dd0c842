import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProfileAnswerSchema,
  ProfileUpdateAnswerSchema,
} from '../../../shared/cinema-api/accounts.ts';
import { BillAnswerSchema, BillsAnswerSchema } from '../../../shared/cinema-api/bills.ts';
import { ProfileFormSchema, toProfilePayload } from '../../../shared/validation/profile.ts';
import {
  MembershipStatusViewSchema,
  ProfileSavedViewSchema,
  ProfileViewSchema,
  PurchaseDetailViewSchema,
  PurchasesViewSchema,
} from '../../../shared/views/accounts.ts';
import { fetchMembership, toSessionUser } from '../../accounts/session-user.ts';
import { toProfileView } from '../../accounts/profile-view.ts';
import { toPurchaseCards, toPurchaseDetail } from '../../booking/bill-views.ts';
import { ERROR_MESSAGES, unauthenticated } from '../../errors.ts';
import { endOtherSessions, sessionView, updateSession } from '../../plugins/session.ts';
import { upstreamPath } from '../../plugins/upstream.ts';

/** The logged-in user's profile, membership and purchases. Every route needs a session. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthenticated();
  });

  app.get('/profile', { schema: { response: { 200: ProfileViewSchema } } }, async (request) => {
    const answer = await app.upstream.call(request, {
      method: 'GET',
      path: 'profile',
      schema: ProfileAnswerSchema,
      auth: true,
    });
    updateSession(request, { user: toSessionUser(answer.data) });
    return toProfileView(answer.data);
  });

  app.put(
    '/profile',
    { schema: { body: ProfileFormSchema, response: { 200: ProfileSavedViewSchema } } },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'PUT',
        path: 'profile',
        body: toProfilePayload(request.body),
        schema: ProfileUpdateAnswerSchema,
        auth: true,
      });
      updateSession(request, { user: toSessionUser(answer.data) });
      // A new password ends every other session of the account (ASVS 7.4.3); this one stays.
      if (request.body.password) await endOtherSessions(app, request);
      return { profile: toProfileView(answer.data), session: sessionView(request.auth) };
    },
  );

  app.get(
    '/profile/membership',
    { schema: { response: { 200: MembershipStatusViewSchema } } },
    async (request) => {
      const membership = await fetchMembership(app, request);
      if (membership) updateSession(request, { membership });
      return { membership };
    },
  );

  app.get(
    '/profile/purchases',
    { schema: { response: { 200: PurchasesViewSchema } } },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: 'profile/purchases',
        schema: BillsAnswerSchema,
        auth: true,
      });
      return { purchases: toPurchaseCards(answer.data) };
    },
  );

  app.get(
    '/profile/purchases/:id',
    {
      schema: {
        params: z.object({
          id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: ERROR_MESSAGES.invalidIdentifier }),
        }),
        response: { 200: PurchaseDetailViewSchema },
      },
    },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: upstreamPath`profile/purchases/${request.params.id}`,
        schema: BillAnswerSchema,
        auth: true,
      });
      return toPurchaseDetail(answer.data);
    },
  );
};

export default profileRoutes;
