import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, PRODUCTION_REQUIRED, loadConfig } from '#bff/plugins/config.ts';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';

const KEY_A = createHash('sha256').update('key a').digest('base64');
const KEY_B = createHash('sha256').update('key b').digest('base64');

const production = {
  NODE_ENV: 'production',
  UPSTREAM_URL: 'https://api.cinema.example/api/v1',
  SITE_ORIGIN: 'https://www.viziona.example',
  CINEMA_API_KEY: 'real-api-key',
  CINEMA_ACTION_KEY: 'real-action-key',
  CINEMA_REGISTER_CODE: 'cmVhbC1yZWdpc3Rlci1jb2Rl',
  CINEMA_REGISTRATION_KEY: 'real-registration-key',
  SESSION_KEYS: `${KEY_A},${KEY_B}`,
  CAPTCHA_HMAC_KEY: 'real-captcha-hmac-key',
  ETHICS_LINE_EMAIL: 'etica@viziona.example',
  OPS_TOKEN: 'real-operators-token-0123456789abcdef',
};

describe('BFF configuration', () => {
  it('starts in production with every secret set', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.cinema.apiKey).toBe('real-api-key');
    expect(config.sessionKeys.map((key) => key.toString('base64'))).toEqual([KEY_A, KEY_B]);
    expect(config.secureCookies).toBe(true);
    expect(config.siteOrigin).toBe('https://www.viziona.example');
  });

  it.each(PRODUCTION_REQUIRED)('refuses to start in production without %s, naming it', (name) => {
    const env: Record<string, string | undefined> = { ...production, [name]: undefined };
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(new RegExp(`\\b${name}\\b`));
  });

  it('refuses a plain mail relay outside the private network in production, not one beside it', () => {
    const relay = { SMTP_TLS: 'none', MAIL_FROM: 'avisos@viziona.example' };
    expect(loadConfig(production).mail).toBeNull();
    expect(() => loadConfig({ ...production, ...relay, SMTP_HOST: 'smtp.example.com' })).toThrowError(/SMTP_TLS=none/);
    expect(loadConfig({ ...production, ...relay, SMTP_HOST: 'postfix' }).mail).toMatchObject({ port: 25 });
  });

  it('treats an empty variable as missing', () => {
    expect(() => loadConfig({ ...production, CINEMA_API_KEY: '  ' })).toThrowError(/CINEMA_API_KEY/);
  });

  it('names every missing secret at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of PRODUCTION_REQUIRED) expect(message).toContain(name);
  });

  it('refuses a development secret in production', () => {
    expect(() => loadConfig({ ...production, SESSION_KEYS: DEV_SECRETS.SESSION_KEYS })).toThrowError(
      /SESSION_KEYS holds a development secret/,
    );
  });

  it('refuses a session key that is not 32 bytes of base64, naming SESSION_KEYS', () => {
    expect(() => loadConfig({ ...production, SESSION_KEYS: `${KEY_A},c2hvcnQ=` })).toThrowError(/SESSION_KEYS entry 2/);
  });

  it('refuses a malformed URL, naming the variable', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'ftp://x' })).toThrowError(/UPSTREAM_URL/);
    expect(() => loadConfig({ BFF_PORT: 'abc' })).toThrowError(/BFF_PORT/);
  });

  it('uses the development defaults outside production', () => {
    const config = loadConfig({});
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(4300);
    expect(config.upstreamUrl).toBe('http://127.0.0.1:4400/api/v1');
    expect(config.siteOrigin).toBe('http://localhost:4321');
    expect(config.cinema).toEqual({
      apiKey: DEV_SECRETS.CINEMA_API_KEY,
      actionKey: DEV_SECRETS.CINEMA_ACTION_KEY,
      registerCode: DEV_SECRETS.CINEMA_REGISTER_CODE,
      registrationKey: DEV_SECRETS.CINEMA_REGISTRATION_KEY,
    });
    expect(config.secureCookies).toBe(false);
    expect(config.redisUrl).toBeUndefined();
  });

  it('keeps a fixed development session key so restarts keep sessions', () => {
    expect(loadConfig({}).sessionKeys[0]?.equals(loadConfig({}).sessionKeys[0]!)).toBe(true);
    expect(loadConfig({}).sessionKeys[0]).toHaveLength(32);
  });

  it('derives the site origin from PORT and the upstream from SANDBOX_PORT', () => {
    const config = loadConfig({ PORT: '5000', SANDBOX_PORT: '5400' });
    expect(config.siteOrigin).toBe('http://localhost:5000');
    expect(config.upstreamUrl).toBe('http://127.0.0.1:5400/api/v1');
  });

  it('marks cookies Secure unless the site is local http', () => {
    expect(loadConfig({ SITE_ORIGIN: 'http://127.0.0.1:4321' }).secureCookies).toBe(false);
    expect(loadConfig({ SITE_ORIGIN: 'http://cine.example' }).secureCookies).toBe(true);
    expect(loadConfig({ SITE_ORIGIN: 'https://localhost:4321' }).secureCookies).toBe(true);
  });

  it('keeps catalogue reads fresh for 5 minutes unless CATALOGUE_FRESH_SECONDS says otherwise', () => {
    expect(loadConfig({}).catalogueFreshMs).toBe(300_000);
    expect(loadConfig({ CATALOGUE_FRESH_SECONDS: '2' }).catalogueFreshMs).toBe(2_000);
    expect(() => loadConfig({ CATALOGUE_FRESH_SECONDS: '0' })).toThrowError(/CATALOGUE_FRESH_SECONDS/);
    expect(() => loadConfig({ CATALOGUE_FRESH_SECONDS: 'pronto' })).toThrowError(/CATALOGUE_FRESH_SECONDS/);
  });
});
