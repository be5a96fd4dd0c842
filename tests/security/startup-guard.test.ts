import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#bff/plugins/config.ts';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';

/** The finding: a production BFF started with the public dev key and other unsafe values. */

const key = (seed: string) => createHash('sha256').update(seed).digest('base64');

const production = {
  NODE_ENV: 'production',
  UPSTREAM_URL: 'https://api.cinema.example/api/v1',
  SITE_ORIGIN: 'https://www.viziona.example',
  CINEMA_API_KEY: 'real-api-key-0001',
  CINEMA_ACTION_KEY: 'real-action-key-0001',
  CINEMA_REGISTER_CODE: 'cmVhbC1yZWdpc3Rlci1jb2Rl',
  CINEMA_REGISTRATION_KEY: 'real-registration-key',
  SESSION_KEYS: key('new'),
  CAPTCHA_HMAC_KEY: 'real-captcha-hmac-key-0001',
  ETHICS_LINE_EMAIL: 'etica@viziona.example',
  OPS_TOKEN: 'real-operators-token-0123456789abcdef',
  TRUST_PROXY: '1',
};

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig({ ...production, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
};

describe('production start-up guard', () => {
  it('starts with safe values', () => {
    expect(loadConfig(production).isProduction).toBe(true);
    expect(loadConfig({ ...production, UPSTREAM_URL: 'http://sandbox:4400/api/v1' }).upstreamUrl).toBe(
      'http://sandbox:4400/api/v1',
    );
  });

  it.each([
    ['the dev session key with a trailing comma', { SESSION_KEYS: `${DEV_SECRETS.SESSION_KEYS},` }, 'SESSION_KEYS'],
    [
      'a new key followed by the dev key',
      { SESSION_KEYS: `${key('new')},${DEV_SECRETS.SESSION_KEYS}` },
      'SESSION_KEYS',
    ],
    ['a 32-zero-byte key', { SESSION_KEYS: Buffer.alloc(32).toString('base64') }, 'SESSION_KEYS'],
    ['a one-character captcha secret', { CAPTCHA_HMAC_KEY: 'x' }, 'CAPTCHA_HMAC_KEY'],
    ['a one-character API key', { CINEMA_API_KEY: 'x' }, 'CINEMA_API_KEY'],
    ["the operators' dev token", { OPS_TOKEN: DEV_SECRETS.OPS_TOKEN }, 'OPS_TOKEN'],
    ["a short operators' token", { OPS_TOKEN: 'short-but-twelve+' }, 'OPS_TOKEN'],
    ['a one-character action key', { CINEMA_ACTION_KEY: 'x' }, 'CINEMA_ACTION_KEY'],
    ['a captcha without work', { CAPTCHA_MAX_NUMBER: '10' }, 'CAPTCHA_MAX_NUMBER'],
    ['multiplied rate limits', { RATE_LIMIT_FACTOR: '1000' }, 'RATE_LIMIT_FACTOR'],
    ['a plain-http remote cinema API', { UPSTREAM_URL: 'http://api.cinema.example/api/v1' }, 'UPSTREAM_URL'],
    ['a plain-http cinema API by address', { UPSTREAM_URL: 'http://203.0.113.5/api/v1' }, 'UPSTREAM_URL'],
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [
      "a plain-http Google Wallet API (the passes' contents)",
      { GOOGLE_WALLET_API_URL: 'http://wallet.example/v1' },
      'GOOGLE_WALLET_API_URL',
    ],
    [
      'a plain-http Google token endpoint (the access token)',
      { GOOGLE_WALLET_TOKEN_URL: 'http://oauth.example/token' },
      'GOOGLE_WALLET_TOKEN_URL',
    ],
  ])('refuses %s, naming the variable', (_label, env, name) => {
    expect(refusal(env)).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('keeps development and tests free of these rules', () => {
    expect(() => loadConfig({ RATE_LIMIT_FACTOR: '20', TRUST_PROXY: 'true', CAPTCHA_MAX_NUMBER: '10' })).not.toThrow();
  });
});
