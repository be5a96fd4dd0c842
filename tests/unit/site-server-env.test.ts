import { describe, expect, it } from 'vitest';
import { loadSiteEnv, SiteConfigError } from '#site/lib/server-env.ts';

describe('site configuration', () => {
  it('has working defaults in development', () => {
    expect(loadSiteEnv({})).toMatchObject({
      isProduction: false,
      bffUrl: 'http://127.0.0.1:4300',
      bffTimeoutMs: 10_000,
      drainMs: 0,
      opsPort: undefined,
    });
  });

  it('requires BFF_URL in production and drains 5 s by default there', () => {
    expect(() => loadSiteEnv({ NODE_ENV: 'production' })).toThrow(/BFF_URL/);
    expect(loadSiteEnv({ NODE_ENV: 'production', BFF_URL: 'http://lb:8080/' })).toMatchObject({
      bffUrl: 'http://lb:8080',
      drainMs: 5_000,
    });
  });

  it('refuses bad values, naming each variable', () => {
    for (const [name, value] of [
      ['BFF_URL', 'ftp://bff'],
      ['BFF_TIMEOUT_MS', 'soon'],
      ['OPS_PORT', '70000'],
      ['DRAIN_SECONDS', '-1'],
      ['LOG_LEVEL', 'loud'],
    ] as const) {
      expect(() => loadSiteEnv({ [name]: value }), name).toThrow(SiteConfigError);
      expect(() => loadSiteEnv({ [name]: value }), name).toThrow(name);
    }
  });
});
