/**
 * The development values of the secrets, public by design and one definition for everyone:
 * outside production the BFF falls back to them for a secret it is not given
 * (bff/plugins/config.ts), the sandbox demands the same cinema API headers (sandbox/lib/config.ts)
 * and the tests read the sandbox with them. In production the BFF refuses to start without
 * real values, and refuses these. Keyed by the environment variable each one stands in for.
 * Never imported by the site: no page or bundle carries them.
 */
export const DEV_SECRETS = {
  CINEMA_API_KEY: 'dev-api-key',
  CINEMA_ACTION_KEY: 'dev-action-key',
  /** Base64 of 'dev-register-code'. */
  CINEMA_REGISTER_CODE: 'ZGV2LXJlZ2lzdGVyLWNvZGU=',
  CINEMA_REGISTRATION_KEY: 'dev-registration-key',
  /** A fixed key so a restart of `npm run dev` keeps everybody logged in. */
  SESSION_KEYS: 'dml6aW9uYS1kZXYtc2Vzc2lvbi1rZXktMzItYnl0ZXM=',
  /** Signs captcha challenges (bff/plugins/captcha.ts). */
  CAPTCHA_HMAC_KEY: 'dev-captcha-hmac-key',
  /** The operators' bearer token on the BFF's operations port (bff/operations/ops-server.ts). */
  OPS_TOKEN: 'dev-ops-token',
} as const;
