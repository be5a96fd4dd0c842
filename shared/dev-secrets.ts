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

/**
 * Who the development wallet signing chain says it is: `npm start` makes that chain once in
 * .data/wallet-dev (docker/dev-wallet-chain.ts) when the operators set no wallet key, so the
 * ticket page shows the wallet buttons. Its passes open in no real wallet, and in production
 * the BFF refuses this Pass Type ID and issuer (bff/plugins/config.ts).
 */
export const DEV_WALLET = {
  passTypeId: 'pass.co.viziona.desarrollo',
  teamId: 'VZDESARR01',
  googleIssuerId: '3388000000000000001',
  serviceAccountEmail: 'wallet@viziona-desarrollo.invalid',
  projectId: 'viziona-desarrollo',
  authority: 'Viziona DESARROLLO - no es de Apple (npm start)',
  organisation: 'Viziona desarrollo - no usar en produccion',
} as const;
