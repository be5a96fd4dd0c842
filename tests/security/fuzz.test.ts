import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, login, pickShowtime } from '../bff/booking-helpers.ts';
import { settledHeap, startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * A bounded fuzz of every BFF route and every site route through the front door: malformed
 * paths, queries, headers, cookies and bodies, from a fixed seed (the same 6,000 requests on
 * every run). No answer may be a 5xx, no connection may fail, every process must survive, and
 * the BFF's memory and live streams must return to idle.
 */

const TOTAL = 6_000;
const CONCURRENCY = 12;

let stack: SecurityStack;
let cookie: string;
let showtimeId: number;

beforeAll(async () => {
  stack = await startSecurityStack({ site: true, env: { RATE_LIMIT_FACTOR: '1000' } });
  cookie = await login(stack.app, DEMO.email, DEMO.password);
  showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BFF_ROUTES: Array<[string, string]> = [
  ['GET', '/bff/health'],
  ['GET', '/bff/session'],
  ['GET', '/bff/captcha/challenge'],
  ['GET', '/bff/catalogue/movies'],
  ['GET', '/bff/catalogue/movies/week'],
  ['GET', '/bff/catalogue/movies/:theater/:slug'],
  ['GET', '/bff/catalogue/releases'],
  ['GET', '/bff/catalogue/rooms'],
  ['GET', '/bff/catalogue/rooms/:slug'],
  ['GET', '/bff/catalogue/home'],
  ['GET', '/bff/catalogue/club'],
  ['GET', '/bff/catalogue/confectionery'],
  ['GET', '/bff/catalogue/corporate'],
  ['GET', '/bff/content/footer'],
  ['GET', '/bff/content/pages/:slug'],
  ['POST', '/bff/csp-reports'],
  ['POST', '/bff/auth/login'],
  ['POST', '/bff/auth/logout'],
  ['POST', '/bff/auth/register'],
  ['POST', '/bff/auth/reset/:code'],
  ['POST', '/bff/auth/forgot'],
  ['GET', '/bff/profile'],
  ['PUT', '/bff/profile'],
  ['GET', '/bff/profile/membership'],
  ['GET', '/bff/profile/purchases'],
  ['GET', '/bff/profile/purchases/:id'],
  ['GET', '/bff/payments/banks'],
  ['POST', '/bff/payments/card'],
  ['POST', '/bff/payments/pse'],
  ['GET', '/bff/payments/transactions/:bill'],
  ['GET', '/bff/payments/status/:method/:bill'],
  ['POST', '/bff/verification/send'],
  ['POST', '/bff/verification/validate'],
  ['POST', '/bff/forms/ethics'],
  ['GET', '/bff/forms/ethics-line'],
  ['POST', '/bff/forms/pqr'],
  ['POST', '/bff/booking/cancel'],
  ['GET', '/bff/booking/:showtimeId'],
  ['GET', '/bff/booking/:showtimeId/events'],
  ['POST', '/bff/booking/:showtimeId/reserve'],
  ['GET', '/bff/tickets/:bill'],
  ['GET', '/bff/wallet/apple/:bill'],
  ['GET', '/bff/wallet/google/:bill'],
  ['GET', '/bff/membership/offer'],
  ['POST', '/bff/membership/purchase'],
  ['GET', '/bff/no-such-route'],
];

const SITE_ROUTES = [
  '/',
  '/cartelera',
  '/proximos-estrenos',
  '/salas',
  '/confiteria',
  '/club-vizionarios',
  '/corporativo',
  '/contactanos',
  '/linea-etica',
  '/iniciar-sesion',
  '/registrarme',
  '/mi-perfil',
  '/mis-tickets',
  '/pagina/:slug',
  '/forgot-password/:code',
  '/sala/:slug',
  '/fragmentos/cartelera/:date',
  '/:theater/pelicula/:slug',
  '/:theater/pelicula/:slug/funcion/:showtimeId',
  '/ticket/:bill',
  '/pay-status/:method/:bill',
  '/estado-transaccion/:bill',
  '/robots.txt',
  '/sitemap.xml',
  '/404',
  '/_astro/nada.js',
  '/no-existe',
];

const HOSTILE_SEGMENTS = [
  '',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999',
  '2147483648',
  '%00',
  '%0a%0d',
  '%0aSet-Cookie:%20x=1',
  '..',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%252e%252e',
  '%ff',
  '%c0%ae',
  '%e2%80%ae',
  'ñandú',
  '😀',
  '<script>alert(1)</script>',
  "'%20OR%201=1--",
  '__proto__',
  'constructor',
  'prototype',
  '%7B%22a%22:1%7D',
  'a'.repeat(500),
  'viziona',
  'dune',
  'pse',
  'card',
  '2026-02-30',
  '9999-99-99',
  '@',
  '%20',
  '+',
  '~',
  '.',
  'x;y',
  'x,y',
];

const HOSTILE_QUERIES = [
  '',
  '?',
  '?date=',
  '?date=2026-13-45',
  '?date=%00',
  '?date[]=1&date[]=2',
  '?__proto__[x]=1',
  '?constructor[prototype][x]=1',
  '?returnTo=//evil.example',
  '?returnTo=/..//evil.example',
  '?a=%ff',
  `?x=${'y'.repeat(3000)}`,
  '?date=2026-01-01&date=2026-01-02',
  '?q=%0d%0aX:1',
  '?page=-1',
  '?token=secreto',
];

const JSON_BODIES = [
  'null',
  '[]',
  '"texto"',
  '0',
  'true',
  '{}',
  '{',
  '{"a":',
  '[[[[[[[[[[',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `{"email":"${'a'.repeat(5000)}@x.co","password":"x"}`,
  '{"email":null,"password":null}',
  '{"email":["a"],"password":{"$gt":""}}',
  '{"card":null}',
  '{"pse":null}',
  '{"card":{},"pse":{}}',
  '{"card":"x","products":"y"}',
  '{"products":[{"code":null,"quantity":-1}],"brandId":"x"}',
  '{"zone":null,"seats":null}',
  '{"zone":"General","seats":[1,2,{}]}',
  '{"seats":["A1","A1","A1"],"zone":"VIP"}',
  '{"code":12345}',
  '{"code":"' + 'x'.repeat(300) + '"}',
  '{"password":"Aa1","confirmPassword":0}',
  '{"name":1,"lastname":[],"phone":{},"birthday":"ayer","sex":"X"}',
  `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`,
  '\u0000\u0001\u0002',
  '{"email":"demo@viziona.co","password":"Demo1234","extra":"' + '\u202e'.repeat(50) + '"}',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'application/csp-report',
  'application/reports+json',
  'application/xml',
  '',
  'application/json; charset=bogus',
  '*/*',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

function buildRequests(seed: number): FuzzRequest[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const fill = (template: string) =>
    template.replace(/:(\w+)/g, (_whole, name: string) => {
      if (next() < 0.25) {
        if (name === 'showtimeId') return String(showtimeId);
        if (name === 'theater') return 'viziona';
      }
      return pick(HOSTILE_SEGMENTS);
    });
  const requests: FuzzRequest[] = [];
  for (let index = 0; index < TOTAL; index += 1) {
    const toBff = next() < 0.65;
    let method: string;
    let path: string;
    if (toBff) {
      const [routeMethod, template] = pick(BFF_ROUTES);
      method = next() < 0.8 ? routeMethod : pick(METHODS);
      path = fill(template);
    } else {
      method = next() < 0.75 ? 'GET' : pick(METHODS);
      path = fill(pick(SITE_ROUTES));
    }
    // Raw bytes outside printable ASCII are percent-encoded, as any client must send them.
    path = ((path.startsWith('/') ? path : `/${path}`) + pick(HOSTILE_QUERIES)).replace(/[^\x21-\x7e]/gu, (character) =>
      encodeURIComponent(character),
    );
    const headers: Record<string, string> = {};
    if (next() < 0.8) headers['x-viziona-client'] = 'web';
    if (next() < 0.3) headers['sec-fetch-site'] = pick(['same-origin', 'cross-site', 'none', 'garbage']);
    if (next() < 0.2) headers.origin = pick(['http://localhost:4321', 'null', 'https://evil.example', '%%%']);
    const cookieRoll = next();
    // Never the real session on log-out: that would end it for the rest of the run.
    if (cookieRoll < 0.45 && !path.startsWith('/bff/auth/logout')) headers.cookie = `viziona_session=${cookie}`;
    else if (cookieRoll < 0.65)
      headers.cookie = pick([
        'viziona_session=garbage',
        'viziona_session=',
        'viziona_session=%ff%fe',
        `viziona_session=${'A'.repeat(5000)}`,
        'a=b; viziona_session=x; viziona_session=y',
        '=;;=',
      ]);
    if (next() < 0.1) headers['x-forwarded-for'] = pick(['1.2.3.4', 'garbage', '::ffff:1.1.1.1, 10.0.0.1']);
    if (next() < 0.1) headers['x-request-id'] = pick(['%0a{"forged":1}', 'a'.repeat(300), 'ok-id-123']);
    if (next() < 0.1) headers.accept = pick(['text/event-stream', '*/*', 'application/json', 'x/y;q=foo']);
    if (next() < 0.05) headers.range = 'bytes=99999999-';
    if (next() < 0.05) headers['if-none-match'] = '"*"';
    let body: Buffer | null = null;
    if (method !== 'GET' && method !== 'HEAD' && next() < 0.9) {
      const roll = next();
      if (roll < 0.05) body = Buffer.alloc(100 * 1024 + Math.floor(next() * 100_000), 'z');
      else if (roll < 0.12) body = Buffer.from(Array.from({ length: 200 }, () => Math.floor(next() * 256)));
      else if (roll < 0.2)
        body = Buffer.from(
          `--zzz\r\nContent-Disposition: form-data; name="${pick(['name', 'files', 'captcha', '__proto__'])}"; filename="${pick(['a.pdf', '../../x', 'x\u0000.png'])}"\r\nContent-Type: ${pick(['application/pdf', 'image/png', 'text/html'])}\r\n\r\n${pick(['%PDF-1.4', '\u0089PNG', '<html>'])}\r\n--zzz${pick(['--', '', '\r\n'])}`,
        );
      else body = Buffer.from(pick(JSON_BODIES));
      // Framed (Node sends DELETE and OPTIONS bodies unframed otherwise).
      headers['content-length'] = String(body.length);
      headers['content-type'] = pick(CONTENT_TYPES);
      if (!headers['content-type']) delete headers['content-type'];
    }
    requests.push({ method, path, headers, body });
  }
  return requests;
}

function send(url: URL, request: FuzzRequest, agent: http.Agent): Promise<{ status: number; error: string | null }> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ status, error });
    };
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          // A live stream opened: it is a valid answer; hang up as a leaving browser does.
          outgoing.destroy();
          return finish(status, null);
        }
        response.resume();
        response.on('end', () => finish(status, null));
        response.on('error', () => finish(status, null));
      },
    );
    outgoing.setTimeout(30_000, () => {
      outgoing.destroy();
      finish(0, 'timeout');
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(0, error.code ?? error.message));
    if (request.body) outgoing.end(request.body);
    else outgoing.end();
  });
}

describe('bounded fuzz', () => {
  it(`${TOTAL} malformed requests across every BFF and site route: no 5xx, no failed connection, no crash, memory back to idle`, async () => {
    const requests = buildRequests(20_261_123);
    const target = new URL(stack.frontUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const baseline = await settledHeap();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = Date.now();
    const run = async (batch: FuzzRequest[]) => {
      let cursor = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (cursor < batch.length) {
            const request = batch[cursor]!;
            cursor += 1;
            const answer = await send(target, request, agent);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status >= 500 || answer.error) {
              failures.push(
                `${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(request.body?.subarray(0, 60).toString('latin1') ?? null)} ${request.headers['content-type'] ?? ''} → ${answer.status} ${answer.error ?? ''}`,
              );
            }
          }
        }),
      );
    };
    // Two halves: the first warms what is built once (compiled code, caches, pools); the
    // second shows whether anything keeps growing.
    await run(requests.slice(0, TOTAL / 2));
    const halfway = await settledHeap();
    await run(requests.slice(TOTAL / 2));
    agent.destroy();
    const seconds = (Date.now() - started) / 1000;

    // Everybody is still up and answering.
    const health = await fetch(`${stack.frontUrl}/bff/health`);
    expect(health.status).toBe(200);
    const home = await fetch(`${stack.frontUrl}/`);
    await home.arrayBuffer();
    expect(home.status).toBe(200);

    const deadline = Date.now() + 15_000;
    while (
      (stack.app.booking.streams.open > 0 || stack.app.booking.statusHub.watchedShowtimes > 0) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await settledHeap();
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `fuzz: ${requests.length} requests in ${seconds.toFixed(1)} s (${(requests.length / seconds).toFixed(0)}/s); statuses { ${summary} }; ` +
        `5xx or failed: ${failures.length}; BFF heap ${(baseline / 2 ** 20).toFixed(1)} → ${(halfway / 2 ** 20).toFixed(1)} (half) → ${(after / 2 ** 20).toFixed(1)} MiB; ` +
        `open streams ${stack.app.booking.streams.open}, polling showtimes ${stack.app.booking.statusHub.watchedShowtimes}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(failures).toHaveLength(0);
    expect(stack.app.booking.streams.open).toBe(0);
    expect(stack.app.booking.statusHub.watchedShowtimes).toBe(0);
    expect((after - baseline) / 2 ** 20).toBeLessThan(24);
    // The second 3,000 requests leave (almost) nothing behind.
    expect((after - halfway) / 2 ** 20).toBeLessThan(6);
  }, 600_000);
});
