import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '#bff/errors.ts';
import { DEMO, login, pickShowtime } from '../bff/booking-helpers.ts';
import { SAME_ORIGIN_HEADERS, startStack, type Stack } from '../bff/harness.ts';

/**
 * The finding: refinements ran on null objects, so `payments/card`, `payments/pse` and
 * `membership/purchase` without `card`/`pse`, and `auth/register`, `PUT profile` and
 * `auth/reset` with a null body, answered 500. Every malformed body on every route that takes
 * one must be a 400 or 422 (or the route's usual refusal), never a 5xx.
 */

let stack: Stack;
let cookie: string;
let showtimeId: number;
beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_FACTOR: '1000' } });
  cookie = await login(stack.app, DEMO.email, DEMO.password);
  showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
});
afterAll(async () => {
  await stack?.close();
});

const BODIES = [
  'null',
  '[]',
  '"texto"',
  '0',
  'true',
  '{}',
  '{',
  '[1,',
  '{"card":null}',
  '{"pse":null}',
  '{"card":{},"pse":{}}',
  '{"card":"x"}',
  '{"products":null,"brandId":null}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"password":null,"confirmPassword":null}',
  '{"email":null}',
  '{"code":null}',
  '{"zone":null,"seats":null}',
];

describe('malformed bodies', () => {
  const routes = (): Array<[string, string]> => [
    ['POST', '/bff/auth/login'],
    ['POST', '/bff/auth/register'],
    ['POST', '/bff/auth/forgot'],
    ['POST', '/bff/auth/reset/abc123'],
    ['PUT', '/bff/profile'],
    ['POST', '/bff/verification/validate'],
    ['POST', '/bff/verification/send'],
    ['POST', '/bff/payments/card'],
    ['POST', '/bff/payments/pse'],
    ['POST', '/bff/membership/purchase'],
    ['POST', `/bff/booking/${showtimeId}/reserve`],
    ['POST', '/bff/booking/cancel'],
    ['POST', '/bff/csp-reports'],
    ['POST', '/bff/forms/pqr'],
    ['POST', '/bff/forms/ethics'],
  ];

  it('are refused with 4xx on every route that takes a body, logged in or not', async () => {
    const refused: string[] = [];
    for (const [method, url] of routes()) {
      for (const payload of BODIES) {
        for (const withSession of [true, false]) {
          const answer = await stack.app.inject({
            method: method as 'POST' | 'PUT',
            url,
            headers: {
              ...SAME_ORIGIN_HEADERS,
              'content-type': 'application/json',
              ...(withSession ? { cookie: `viziona_session=${cookie}` } : {}),
            },
            payload,
          });
          if (answer.statusCode >= 500) refused.push(`${method} ${url} ${payload} → ${answer.statusCode}`);
          // Refusals carry the one error shape.
          else if (answer.statusCode >= 400)
            expect(answer.json(), `${method} ${url} ${payload}`).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
        }
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it('answers 415 with the error shape to a body that is not JSON on a JSON route, then takes the same form as JSON (issue 39)', async () => {
    // The finding: a `text/plain` body was parsed as a string and answered 422, as if the form
    // had only failed its checks; a program could not tell it sent the wrong kind of body.
    const jsonRoutes = routes().filter(([, url]) => !url.startsWith('/bff/forms/') && url !== '/bff/csp-reports');
    const kinds = [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/html',
      'application/octet-stream',
    ];
    const wrong: string[] = [];
    for (const [method, url] of [...jsonRoutes, ['POST', '/bff/alerts'] as [string, string]]) {
      for (const kind of kinds) {
        const answer = await stack.app.inject({
          method: method as 'POST' | 'PUT',
          url,
          headers: { ...SAME_ORIGIN_HEADERS, 'content-type': kind, cookie: `viziona_session=${cookie}` },
          payload: '{"email":"demo@viziona.co","password":"Demo1234"}',
        });
        if (answer.statusCode !== 415) wrong.push(`${method} ${url} ${kind} → ${answer.statusCode}`);
        else
          expect(answer.json()).toEqual({
            error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.unsupportedMediaType },
          });
      }
    }
    expect(wrong).toEqual([]);
    // The same body as JSON is read as usual.
    const asJson = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { ...SAME_ORIGIN_HEADERS, 'content-type': 'application/json; charset=utf-8' },
      payload: { email: DEMO.email, password: DEMO.password },
    });
    expect(asJson.statusCode).toBe(200);
    expect(asJson.json()).toMatchObject({ user: { email: DEMO.email } });
  }, 120_000);

  it('names the problem for a program: 422 with fields for a null form, 400 for broken JSON', async () => {
    const nullForm = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/register',
      headers: { ...SAME_ORIGIN_HEADERS, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect([400, 422]).toContain(nullForm.statusCode);
    const broken = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { ...SAME_ORIGIN_HEADERS, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const noCard = await stack.app.inject({
      method: 'POST',
      url: '/bff/payments/card',
      headers: { ...SAME_ORIGIN_HEADERS, 'content-type': 'application/json', cookie: `viziona_session=${cookie}` },
      payload: '{}',
    });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
