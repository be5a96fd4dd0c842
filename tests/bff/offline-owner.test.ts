import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_OWNER_COOKIE } from '#shared/http/offline-owner.ts';
import { SAME_ORIGIN_HEADERS, startStack, type Stack } from './harness.ts';
import { DEMO } from './booking-helpers.ts';

/**
 * The offline owner cookie (shared/http/offline-owner.ts): the service worker shows a kept ticket
 * only while the session that kept it is in the browser. So the cookie comes with every new
 * session (a new id each time), readable by scripts, expiring with the session cookie, and goes
 * when the session ends: a log-out, or a request with an expired or revoked session.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const cookiesOf = (header: string | string[] | number | undefined): string[] =>
  [header].flat().filter((line): line is string => typeof line === 'string');
const named = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}=`));
const valueOf = (line: string | undefined) => line?.split(';')[0]?.split('=')[1] ?? '';
const expiresOf = (line: string | undefined) => /expires=([^;]+)/i.exec(line ?? '')?.[1];

async function logIn(address: string) {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/bff/auth/login',
    headers: SAME_ORIGIN_HEADERS,
    payload: { email: DEMO.email, password: DEMO.password },
    remoteAddress: address,
  });
  expect(response.statusCode).toBe(200);
  return cookiesOf(response.headers['set-cookie']);
}

describe('the offline owner cookie', () => {
  it('comes with each session, new each time, readable by the worker, and expiring with the session', async () => {
    const first = await logIn('10.8.0.1');
    const second = await logIn('10.8.0.2');
    const owner = named(first, OFFLINE_OWNER_COOKIE);
    const session = named(first, 'viziona_session');
    expect(owner).toBeDefined();
    expect(owner).not.toMatch(/HttpOnly/i);
    expect(owner).toMatch(/Path=\//);
    expect(owner).toMatch(/SameSite=Lax/i);
    expect(valueOf(owner)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(valueOf(named(second, OFFLINE_OWNER_COOKIE))).not.toBe(valueOf(owner));
    expect(expiresOf(owner)).toBe(expiresOf(session));
  });

  it('goes at log-out', async () => {
    const session = valueOf(named(await logIn('10.8.0.3'), 'viziona_session'));
    const response = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/logout',
      headers: { ...SAME_ORIGIN_HEADERS, cookie: `viziona_session=${session}` },
    });
    expect(response.statusCode).toBeLessThan(300);
    const cleared = named(cookiesOf(response.headers['set-cookie']), OFFLINE_OWNER_COOKIE);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });

  it('goes when a request carries a session that no longer opens', async () => {
    const session = valueOf(named(await logIn('10.8.0.4'), 'viziona_session'));
    await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/logout',
      headers: { ...SAME_ORIGIN_HEADERS, cookie: `viziona_session=${session}` },
    });
    // A copy of the revoked cookie (another tab, a restored browser).
    const response = await stack.app.inject({
      method: 'GET',
      url: '/bff/session',
      headers: { cookie: `viziona_session=${session}` },
    });
    expect(JSON.parse(response.body)).toEqual({ user: null });
    expect(named(cookiesOf(response.headers['set-cookie']), OFFLINE_OWNER_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });
});
