import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo } from '#site/lib/routes.ts';
import { destinationAfterLogin } from '#site/features/account/stores.ts';

/**
 * The finding: `/iniciar-sesion?returnTo=/..//evil.example` (also `/%2e%2e//…` and
 * `/mi-perfil/..//…`) sent a person to http://evil.example/ after logging in. Replayed as the
 * browser does it: the page's address parsed with the WHATWG URL parser (Chromium's), the
 * destination computed by the login island, then resolved against the page as
 * `location.assign` does.
 */

const SITE = 'https://www.viziona.example';

const PAYLOADS = [
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/mi-perfil/..//evil.example',
  '/mi-perfil/%2e%2e//evil.example/',
  '/./..//evil.example/x?y#z',
  '/..%2f/evil.example',
  '/../\\evil.example',
  '/..\\/evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  'https://evil.example/',
  '/%5C%5Cevil.example',
  '/.%2e//evil.example',
  '/mi-perfil/./../..//evil.example',
];

function landing(pageUrl: string): URL {
  const page = new URL(pageUrl);
  const destination = destinationAfterLogin(page);
  return new URL(destination, page);
}

describe('open redirect after log-in', () => {
  it.each(PAYLOADS)('stays on the site for returnTo=%s', (payload) => {
    for (const encoded of [payload, encodeURIComponent(payload)]) {
      const landed = landing(`${SITE}/iniciar-sesion?returnTo=${encoded}`);
      expect(landed.origin).toBe(SITE);
    }
    const safe = safeReturnTo(payload);
    if (safe !== null) expect(new URL(safe, SITE).origin).toBe(SITE);
    expect(new URL(loginPath(payload), SITE).origin).toBe(SITE);
  });

  it('stays on the site when the page itself has a crafted address', () => {
    expect(landing(`${SITE}//evil.example`).origin).toBe(SITE);
    expect(landing(`${SITE}/..//evil.example`).origin).toBe(SITE);
  });

  it('still returns to a real page of the site', () => {
    expect(
      landing(`${SITE}/iniciar-sesion?returnTo=${encodeURIComponent('/viziona/pelicula/dune/funcion/12?x=1#sillas')}`)
        .href,
    ).toBe(`${SITE}/viziona/pelicula/dune/funcion/12?x=1#sillas`);
    expect(landing(`${SITE}/iniciar-sesion?returnTo=/mi-perfil/../mis-tickets`).href).toBe(`${SITE}/mis-tickets`);
  });
});
