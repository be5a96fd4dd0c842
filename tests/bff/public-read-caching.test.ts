import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { call, SITE_ORIGIN, startStack, type Answer, type Stack } from './harness.ts';

/**
 * Public reads are the same for everybody, so browsers and the edge's micro-cache may keep
 * them: `Cache-Control` public with s-maxage, stale-while-revalidate and stale-if-error, an
 * ETag, 304 to a matching If-None-Match, no `Vary: Cookie` and never a cookie. Personal reads
 * stay `private, no-store`.
 */

let stack: Stack;
let publicReads: string[];

beforeAll(async () => {
  stack = await startStack();
  const movies = (await call(stack.app, 'GET', '/bff/catalogue/movies')).body as { movies: Array<{ slug: string }> };
  const rooms = (await call(stack.app, 'GET', '/bff/catalogue/rooms')).body as { rooms: Array<{ slug: string }> };
  publicReads = [
    '/bff/content/footer',
    '/bff/content/pages/terminos-y-condiciones',
    '/bff/catalogue/movies',
    '/bff/catalogue/movies/week',
    `/bff/catalogue/movies/viziona/${movies.movies[0]!.slug}`,
    '/bff/catalogue/releases',
    '/bff/catalogue/rooms',
    `/bff/catalogue/rooms/${rooms.rooms[0]!.slug}`,
    '/bff/catalogue/confectionery',
    '/bff/catalogue/corporate',
    '/bff/catalogue/home',
    '/bff/catalogue/club',
    '/bff/search/movies',
    '/bff/forms/ethics-line',
  ];
});
afterAll(async () => {
  await stack.close();
});

const CACHEABLE = /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/;

function expectShareable(answer: Answer, url: string): void {
  expect(answer.status, url).toBe(200);
  expect(answer.headers['cache-control'], url).toMatch(CACHEABLE);
  expect(answer.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(String(answer.headers.vary ?? ''), url).not.toMatch(/cookie/i);
  expect(answer.headers['set-cookie'], url).toBeUndefined();
}

async function login(app: BffApp = stack.app): Promise<string> {
  const answer = await call(app, 'POST', '/bff/auth/login', {
    body: { email: 'demo@viziona.co', password: 'Demo1234' },
  });
  expect(answer.status).toBe(200);
  return answer.cookie!;
}

describe('public reads', () => {
  it('are cacheable by browsers and shared caches, with an ETag and no cookie', async () => {
    for (const url of publicReads) expectShareable(await call(stack.app, 'GET', url), url);
  });

  it('answer 304 without a body to a matching If-None-Match: one tag, weak, a list or *', async () => {
    for (const url of publicReads) {
      const first = await call(stack.app, 'GET', url);
      const tag = String(first.headers.etag);
      for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
        const again = await call(stack.app, 'GET', url, { headers: { 'if-none-match': ifNoneMatch } });
        expect(again.status, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers['content-length']).toBeUndefined();
        expect(again.headers.etag).toBe(tag);
        expect(again.headers['cache-control']).toMatch(CACHEABLE);
      }
      const changed = await call(stack.app, 'GET', url, { headers: { 'if-none-match': '"an-older-copy"' } });
      expect(changed.status, url).toBe(200);
      expect(changed.text).toBe(first.text);
    }
  });

  it('answer HEAD like GET: the same tag, and 304 when it matches', async () => {
    const get = await call(stack.app, 'GET', '/bff/catalogue/releases');
    const head = await stack.app.inject({ method: 'HEAD', url: '/bff/catalogue/releases' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['cache-control']).toMatch(CACHEABLE);
    const matching = await stack.app.inject({
      method: 'HEAD',
      url: '/bff/catalogue/releases',
      headers: { 'if-none-match': String(get.headers.etag) },
    });
    expect(matching.statusCode).toBe(304);
    expect(matching.headers['content-length']).toBeUndefined();
    expect(matching.headers.etag).toBe(get.headers.etag);
  });

  it('tag the body: the same answer has the same tag, another answer another', async () => {
    const movies = await call(stack.app, 'GET', '/bff/catalogue/movies');
    const again = await call(stack.app, 'GET', '/bff/catalogue/movies');
    const releases = await call(stack.app, 'GET', '/bff/catalogue/releases');
    expect(again.headers.etag).toBe(movies.headers.etag);
    expect(releases.headers.etag).not.toBe(movies.headers.etag);
  });

  it('never fail on a hostile If-None-Match: huge, malformed or hostile values answer 200', async () => {
    const hostile = [
      'x'.repeat(15_000),
      Array.from({ length: 3_000 }, (_, index) => `"${index}"`).join(','),
      '"',
      'W/',
      ',,,,',
      'W/"unterminated',
      '"\u00e9\u00f1"',
      '*x',
      ' ',
      '"a"\t"b"',
    ];
    for (const value of hostile) {
      const answer = await call(stack.app, 'GET', '/bff/catalogue/movies', { headers: { 'if-none-match': value } });
      expect(answer.status, value.slice(0, 40)).toBe(200);
      expect(answer.text.length).toBeGreaterThan(0);
    }
    // Beyond Node's header limit the request is refused before any route runs, never with a 5xx.
    const oversized = await stack.app.inject({
      method: 'GET',
      url: '/bff/catalogue/movies',
      headers: { 'if-none-match': 'y'.repeat(70_000) },
    });
    expect(oversized.statusCode).toBeLessThan(500);
  });

  it('are the same for a logged-in customer, and never touch their cookie', async () => {
    const cookie = await login();
    for (const url of publicReads) {
      const anonymous = await call(stack.app, 'GET', url);
      const personal = await call(stack.app, 'GET', url, { cookie });
      expectShareable(personal, url);
      expect(personal.headers.etag, url).toBe(anonymous.headers.etag);
    }
  });

  it('never clear a logged-out cookie: the session is not read at all', async () => {
    const cookie = await login();
    expect((await call(stack.app, 'POST', '/bff/auth/logout', { cookie })).status).toBe(200);
    // A copy of the old cookie on a personal read is cleared; on a public read it is ignored.
    for (const url of publicReads) expectShareable(await call(stack.app, 'GET', url, { cookie }), url);
    const personal = await call(stack.app, 'GET', '/bff/session', { cookie });
    expect(personal.cookie).toBe('');
  });

  it('never re-seal a cookie sealed with an older key after a rotation', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', UPSTREAM_URL: `${stack.sandboxUrl}/api/v1`, SITE_ORIGIN };
    const before = await buildApp(loadConfig({ ...env, SESSION_KEYS: oldKey }));
    const after = await buildApp(loadConfig({ ...env, SESSION_KEYS: `${newKey},${oldKey}` }));
    try {
      const cookie = await login(before);
      expectShareable(await call(after, 'GET', '/bff/catalogue/movies', { cookie }), '/bff/catalogue/movies');
      // A personal read does re-seal it with the new key.
      expect((await call(after, 'GET', '/bff/session', { cookie })).cookie).toBeTruthy();
    } finally {
      await before.close();
      await after.close();
    }
  });

  it('keep errors private: an unknown page or a malformed slug is never cached', async () => {
    for (const url of [
      '/bff/content/pages/no-existe',
      '/bff/catalogue/rooms/..%2Fsettings',
      '/bff/catalogue/movies/viziona/no-existe',
    ]) {
      const answer = await call(stack.app, 'GET', url);
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(answer.headers.etag, url).toBeUndefined();
    }
  });
});

describe('personal reads', () => {
  it('stay private, no-store, without an ETag, and ignore If-None-Match', async () => {
    const cookie = await login();
    for (const url of ['/bff/session', '/bff/profile', '/bff/profile/purchases', '/bff/profile/membership']) {
      const answer = await call(stack.app, 'GET', url, { cookie, headers: { 'if-none-match': '*' } });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(answer.headers.etag, url).toBeUndefined();
    }
  });
});
