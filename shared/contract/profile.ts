import { ProfileFormSchema } from '../validation/profile.ts';
import { MembershipStatusViewSchema, ProfileSavedViewSchema, ProfileViewSchema } from '../views/accounts.ts';
import { endpoints } from './endpoint.ts';

/** The logged-in user's profile and membership (every one needs a session). */
export const profileEndpoints = endpoints({
  'GET /profile': {
    description: "The logged-in user's profile, as the cinema API has it now.",
    answer: ProfileViewSchema,
    errors: [401, 502],
  },
  'PUT /profile': {
    description: 'Saves the profile (a new password ends every other session of the account).',
    body: ProfileFormSchema,
    answer: ProfileSavedViewSchema,
    errors: [401, 502],
  },
  'GET /profile/membership': {
    description: "The logged-in user's Club Vizionarios membership (null when the cinema API cannot say).",
    answer: MembershipStatusViewSchema,
    errors: [401],
  },
});
