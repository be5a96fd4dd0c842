import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import { SITE_ORIGIN, call, startStack, type Stack } from './harness.ts';

let stack: Stack;
let cookie: string;

beforeAll(async () => {
  stack = await startStack();
  const login = await call(stack.app, 'POST', '/bff/auth/login', {
    body: { email: 'demo@viziona.co', password: 'Demo1234' },
  });
  cookie = login.cookie!;
});
afterAll(async () => {
  await stack.close();
});

const credentials = { email: 'demo@viziona.co', password: 'Demo1234' };

async function rawPost(url: string, headers: Record<string, string>, body: unknown = credentials) {
  const response = await stack.app.inject({ method: 'POST', url, headers, payload: body as object });
  return { status: response.statusCode, body: response.json() as unknown, setCookie: response.headers['set-cookie'] };
}

describe('cross-site requests', () => {
  it('refuses a POST without the X-Viziona-Client header', async () => {
    const answer = await rawPost('/bff/auth/login', { origin: SITE_ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: { code: 'CROSS_SITE', message: 'Solicitud rechazada: no proviene de este sitio.' },
    });
    expect(answer.setCookie).toBeUndefined();
  });

  it('refuses a POST from a foreign Origin even with the header', async () => {
    const answer = await rawPost('/bff/auth/login', { 'x-viziona-client': 'web', origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'CROSS_SITE' } });
  });

  it('refuses what the browser marks cross-site or same-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await rawPost('/bff/auth/logout', {
        'x-viziona-client': 'web',
        'sec-fetch-site': site,
        cookie: `${SESSION_COOKIE}=${cookie}`,
      });
      expect(answer.status).toBe(403);
    }
    // The refused logout did not end the session.
    const session = await call(stack.app, 'GET', '/bff/session', { cookie });
    expect(session.body).toMatchObject({ user: { email: 'demo@viziona.co' } });
  });

  it('refuses Origin: null', async () => {
    const answer = await rawPost('/bff/auth/login', { 'x-viziona-client': 'web', origin: 'null' });
    expect(answer.status).toBe(403);
  });

  it('accepts the site itself: same Origin, or a server without browser headers', async () => {
    const browser = await rawPost('/bff/auth/login', { 'x-viziona-client': 'web', origin: SITE_ORIGIN });
    expect(browser.status).toBe(200);
    const server = await rawPost('/bff/auth/login', { 'x-viziona-client': 'web' });
    expect(server.status).toBe(200);
  });

  it('lets GET through without the header (reads change nothing)', async () => {
    const answer = await stack.app.inject({ method: 'GET', url: '/bff/session' });
    expect(answer.statusCode).toBe(200);
  });

  it('refuses PUT and DELETE the same way', async () => {
    const put = await stack.app.inject({
      method: 'PUT',
      url: '/bff/profile',
      headers: { origin: 'https://evil.example', cookie: `${SESSION_COOKIE}=${cookie}` },
      payload: {},
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('the session cookie', () => {
  it('is a logged-out visitor when tampered with', async () => {
    const [cipher, nonce] = decodeURIComponent(cookie).split(';') as [string, string];
    const bytes = Buffer.from(cipher, 'base64');
    bytes[5] = (bytes[5] ?? 0) ^ 0xff;
    const tampered = encodeURIComponent(`${bytes.toString('base64')};${nonce}`);
    const session = await call(stack.app, 'GET', '/bff/session', { cookie: tampered });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ user: null });
    const profile = await call(stack.app, 'GET', '/bff/profile', { cookie: tampered });
    expect(profile.status).toBe(401);
    const garbage = await call(stack.app, 'GET', '/bff/session', { cookie: 'not-a-session' });
    expect(garbage.body).toEqual({ user: null });
  });

  it('is a logged-out visitor once expired, and is cleared', async () => {
    const session = stack.app.decodeSecureSession(decodeURIComponent(cookie))!;
    const auth = session.get('auth')!;
    const expired = stack.app.createSecureSession({ auth: { ...auth, expiresAt: Date.now() - 1000 } });
    const sealed = encodeURIComponent(stack.app.encodeSecureSession(expired));
    const answer = await call(stack.app, 'GET', '/bff/session', { cookie: sealed });
    expect(answer.body).toEqual({ user: null });
    expect(answer.cookie).toBe('');
    const profile = await call(stack.app, 'GET', '/bff/profile', { cookie: sealed });
    expect(profile.status).toBe(401);
  });

  it('is not readable with another key', async () => {
    const other = await startStack({ env: { SESSION_KEYS: Buffer.alloc(32, 7).toString('base64') } });
    try {
      const answer = await call(other.app, 'GET', '/bff/session', { cookie });
      expect(answer.body).toEqual({ user: null });
    } finally {
      await other.close();
    }
  });

  it('still opens with an older key after rotation, and is re-sealed with the newest', async () => {
    const newKey = Buffer.alloc(32, 9).toString('base64');
    const rotated = await startStack({
      env: { SESSION_KEYS: `${newKey},${stack.config.sessionKeys[0]!.toString('base64')}` },
    });
    try {
      const answer = await call(rotated.app, 'GET', '/bff/session', { cookie });
      expect(answer.body).toMatchObject({ user: { email: 'demo@viziona.co' } });
      expect(answer.cookie).toBeTruthy();
      expect(answer.setCookie).toMatch(/; Expires=/);
      // The re-sealed cookie opens with the new key alone.
      const newOnly = await startStack({ env: { SESSION_KEYS: newKey } });
      try {
        const again = await call(newOnly.app, 'GET', '/bff/session', { cookie: answer.cookie! });
        expect(again.body).toMatchObject({ user: { email: 'demo@viziona.co' } });
      } finally {
        await newOnly.close();
      }
    } finally {
      await rotated.close();
    }
  });

  it('marks personal answers as not cacheable', async () => {
    const answer = await call(stack.app, 'GET', '/bff/session', { cookie });
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});

describe('errors', () => {
  it('answers unknown paths with the one error shape', async () => {
    const answer = await call(stack.app, 'GET', '/bff/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' } });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { 'x-viziona-client': 'web', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'La solicitud no es válida.' } });
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await stack.app.inject({
      method: 'GET',
      url: '/bff/health',
      headers: { 'x-request-id': 'front-door-123' },
    });
    expect(kept.headers['x-request-id']).toBe('front-door-123');
    const replaced = await stack.app.inject({
      method: 'GET',
      url: '/bff/health',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('marks every answer nosniff, errors included', async () => {
    const ok = await stack.app.inject({ method: 'GET', url: '/bff/health' });
    const missing = await stack.app.inject({ method: 'GET', url: '/bff/no-existe' });
    expect(missing.statusCode).toBe(404);
    for (const answer of [ok, missing]) expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
