import { DEV_SECRETS } from '#shared/dev-secrets.ts';

/** What a test's own read of the dev sandbox's /api/v1 sends: the secret headers the BFF would. */
export const SANDBOX_HEADERS = {
  accept: 'application/json',
  'x-api-key': DEV_SECRETS.CINEMA_API_KEY,
  'x-custom-action': DEV_SECRETS.CINEMA_ACTION_KEY,
} as const;
