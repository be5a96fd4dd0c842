import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPath, registerPath, registrationReturnTo, returnFromGuestPage, safeReturnTo } from '#site/lib/routes.ts';
import { destinationAfterLogin } from '#site/features/account/stores.ts';
import { PATHS_NAMING_ANOTHER_HOST, redirectOf } from '../page-addresses.ts';
import { rawRequest, SITE_ORIGIN, startSecurityStack, type SecurityStack } from './stack.ts';

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
 * The same attack on the new return address (issue 38): a registration started from a purchase
 * comes back to that showtime, so `/registrarme?returnTo=…` is read by the page on the server,
 * and a person logged in meanwhile is sent on by the middleware. Only a showtime's purchase path
 * of this site is kept; anything else registers to home.
 */
const queryValue = (path: string, encoded: string): string | null =>
  new URL(`${SITE}${path}?returnTo=${encoded}`).searchParams.get('returnTo');

describe('open redirect after a registration started from a purchase', () => {
  it.each([
    ...PAYLOADS,
    '//evil.example/viziona/pelicula/x/funcion/1',
    '/viziona/pelicula/x/funcion/1/..//evil.example',
  ])('stays on the site for returnTo=%s', (payload) => {
    for (const encoded of [payload, encodeURIComponent(payload)]) {
      const value = queryValue('/registrarme', encoded);
      const target = registrationReturnTo(value);
      if (target !== null) expect(new URL(target, SITE).origin).toBe(SITE);
      expect(new URL(registerPath(value), SITE).origin).toBe(SITE);
      for (const page of ['/registrarme', '/iniciar-sesion']) {
        const search = new URL(`${SITE}${page}?returnTo=${encoded}`).search;
        expect(new URL(returnFromGuestPage(page, search), SITE).origin).toBe(SITE);
      }
    }
  });

  it('still comes back to a showtime of the site', () => {
    const showtime = '/viziona/pelicula/dune/funcion/12?zona=General#sillas';
    expect(new URL(registerPath(showtime), SITE).searchParams.get('returnTo')).toBe(showtime);
    expect(returnFromGuestPage('/registrarme', `?returnTo=${encodeURIComponent(showtime)}`)).toBe(showtime);
  });
});

describe('the built site checks the return address on the server', () => {
  let stack: SecurityStack;
  beforeAll(async () => {
    stack = await startSecurityStack({ site: true });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const HOSTILE = [...PAYLOADS, '//evil.example/viziona/pelicula/x/funcion/1', 'javascript:alert(1)'];
  const front = (): string => new URL(stack.frontUrl).origin;

  /** Every address the page hands the person: its links and the islands' `destination`. */
  function addressesOf(html: string): string[] {
    const decoded = (value: string) =>
      value
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
    const links = [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => decoded(match[1] ?? ''));
    const destinations = [...decoded(html).matchAll(/"destination":\[0,"((?:[^"\\]|\\.)*)"\]/g)].map(
      (match) => JSON.parse(`"${match[1] ?? ''}"`) as string,
    );
    return [...links, ...destinations];
  }

  it('writes only addresses of this site into the log-in and registration pages', async () => {
    for (const payload of HOSTILE) {
      for (const page of ['/registrarme', '/iniciar-sesion']) {
        const response = await fetch(`${stack.frontUrl}${page}?returnTo=${encodeURIComponent(payload)}`, {
          redirect: 'manual',
        });
        expect(response.status, `${page} ${payload}`).toBe(200);
        const html = await response.text();
        const addresses = addressesOf(html);
        expect(addresses.some((address) => address.includes('returnTo'))).toBe(false);
        for (const address of addresses) {
          // The footer's own tel:, mailto: and social addresses; the payloads' only host is evil.example.
          if (/^[a-z][a-z0-9+.-]*:/i.test(address)) expect(address).not.toContain('evil.example');
          else expect(new URL(address, front()).origin, `${page} ${payload}: ${address}`).toBe(front());
        }
        if (page === '/registrarme') expect(html).not.toContain('Al terminar te llevamos');
      }
    }
  });

  it('sends a person logged in meanwhile only to a path of this site', async () => {
    const login = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { 'x-viziona-client': 'web', origin: SITE_ORIGIN },
      payload: { email: 'demo@viziona.co', password: 'Demo1234' },
    });
    expect(login.statusCode).toBe(200);
    const cookie = [login.headers['set-cookie']]
      .flat()
      .filter((line): line is string => typeof line === 'string')
      .map((line) => line.split(';')[0])
      .join('; ');
    const visit = async (path: string) => {
      const response = await fetch(`${stack.frontUrl}${path}`, { redirect: 'manual', headers: { cookie } });
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get('location') ?? '' };
    };
    for (const payload of HOSTILE) {
      for (const page of ['/registrarme', '/iniciar-sesion']) {
        const answer = await visit(`${page}?returnTo=${encodeURIComponent(payload)}`);
        expect(answer.status, `${page} ${payload}`).toBe(302);
        expect(new URL(answer.location, front()).origin, `${page} ${payload}: ${answer.location}`).toBe(front());
      }
    }
    const showtime = '/viziona/pelicula/dune/funcion/12';
    expect(await visit(`/registrarme?returnTo=${encodeURIComponent(showtime)}`)).toEqual({
      status: 302,
      location: showtime,
    });
    expect(await visit('/registrarme?returnTo=%2Fmi-perfil')).toEqual({ status: 302, location: '/' });
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
