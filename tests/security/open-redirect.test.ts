import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo } from '#site/lib/routes.ts';
import { destinationAfterLogin } from '#site/features/account/stores.ts';
import { PATHS_NAMING_ANOTHER_HOST, redirectOf } from '../page-addresses.ts';
import { rawRequest, startSecurityStack, type SecurityStack } from './stack.ts';

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

/**
 * The finding (issue 39): `GET /\\evil.example/cartelera?utm=1` answered
 * `301 Location: //evil.example/cartelera` from the site and the front door alike (the site's
 * query-free redirect handed back the parsed path, whose backslash a URL parser reads as a slash);
 * a browser reaching either followed it to the other host. Replayed on raw sockets, since fetch
 * would normalise the path before sending it.
 */
describe('redirects of the site and the front door, whatever the path is made of', () => {
  let stack: SecurityStack;
  beforeAll(async () => {
    stack = await startSecurityStack({ site: true });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  const get = async (origin: string, path: string) =>
    redirectOf(await rawRequest(origin, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));

  it.each(PATHS_NAMING_ANOTHER_HOST)('stays on the origin for %s', async (path) => {
    for (const origin of [stack.frontUrl, stack.siteUrl!]) {
      const answer = await get(origin, path);
      expect(answer.status, `${origin} ${path}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${origin} ${path}`).toBeLessThan(500);
      expect(answer.planted, `${origin} ${path}`).toBe(false);
      if (answer.location === null) continue;
      // Where the browser goes: the Location resolved against the page it asked for.
      const landing = new URL(answer.location, SITE);
      expect(landing.origin, `${origin} ${path} → ${answer.location}`).toBe(SITE);
      // And where that page sends it in turn.
      const next = await get(origin, `${landing.pathname}${landing.search}`);
      if (next.location !== null)
        expect(new URL(next.location, SITE).origin, `${path} → … → ${next.location}`).toBe(SITE);
    }
  });

  it('still sends a visitor on to the page without the query it never reads, and serves it', async () => {
    const redirected = await get(stack.frontUrl, '/salas?utm=1');
    expect(redirected).toMatchObject({ status: 301, location: '/salas' });
    expect((await get(stack.frontUrl, '/salas')).status).toBe(200);
  });
});
