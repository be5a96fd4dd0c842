import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toProfilePayload, type ProfileForm } from '#shared/validation/profile.ts';
import type { MembershipStatusView, ProfileSavedView, ProfileView } from '#shared/views/accounts.ts';
import { endOtherSessions, sessionView, updateSession } from '#bff/plugins/session.ts';
import { toProfileView } from './profile-view.ts';
import { toSessionUser } from './session-user.ts';

/** The logged-in user's profile and membership; every read refreshes the session's snapshot. */

/** What they use of the BFF: the cinema API, the membership's read, the session revocations. */
type ProfileNeeds = Pick<FastifyInstance, 'upstream' | 'membership' | 'sessionRevocations'>;

export async function readProfile(app: ProfileNeeds, request: FastifyRequest): Promise<ProfileView> {
  const answer = await app.upstream.call(request, 'GET /profile');
  updateSession(request, { user: toSessionUser(answer.data) });
  return toProfileView(answer.data);
}

export async function saveProfile(
  app: ProfileNeeds,
  request: FastifyRequest,
  form: ProfileForm,
): Promise<ProfileSavedView> {
  const answer = await app.upstream.call(request, 'PUT /profile', { body: toProfilePayload(form) });
  updateSession(request, { user: toSessionUser(answer.data) });
  // A new password ends every other session of the account (ASVS 7.4.3); this one stays.
  if (form.password) await endOtherSessions(app, request);
  return { profile: toProfileView(answer.data), session: sessionView(request.auth) };
}

export async function readMembershipStatus(app: ProfileNeeds, request: FastifyRequest): Promise<MembershipStatusView> {
  const membership = await app.membership.fetch(request);
  if (membership) updateSession(request, { membership });
  return { membership };
}
