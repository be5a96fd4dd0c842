import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProfileAnswerSchema,
  ProfileUpdateAnswerSchema,
} from '../../shared/cinema-api/accounts.ts';
import { ProfileFormSchema, toProfilePayload } from '../../shared/validation/profile.ts';
import { MembershipStatusViewSchema, ProfileSavedViewSchema, ProfileViewSchema } from '../../shared/views/accounts.ts';
import { fetchMembership, requireCustomer } from '../plugins/customer.ts';
import { endOtherSessions, sessionView, updateSession } from '../plugins/session.ts';
import { toProfileView } from './profile-view.ts';
import { toSessionUser } from './session-user.ts';
import { errorAnswers } from '../errors.ts';

/** The logged-in user's profile and membership. Every route needs a session. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  app.get('/profile', { schema: { response: { 200: ProfileViewSchema, ...errorAnswers(401, 502) } } }, async (request) => {
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
    { schema: { body: ProfileFormSchema, response: { 200: ProfileSavedViewSchema, ...errorAnswers(401, 502) } } },
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
    { schema: { response: { 200: MembershipStatusViewSchema, ...errorAnswers(401) } } },
    async (request) => {
      const membership = await fetchMembership(app, request);
      if (membership) updateSession(request, { membership });
      return { membership };
    },
  );
};

export default profileRoutes;
