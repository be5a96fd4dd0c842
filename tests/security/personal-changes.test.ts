import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '#bff/errors.ts';
import { PERSONAL_CHANGE_LIMIT } from '#bff/plugins/rate-limit.ts';
import { call, registerVerifiedPerson, type Replicas } from '../bff/harness.ts';
import { RELEASES, startMailingReplicas } from '../bff/alerts-helpers.ts';

/**
 * The findings (issue 39): `PUT /profile` had no rate limit, and "Avísame" took 140 asks and
 * cancels in 3 s, all 200, each ask an uncached cinema API call. Both now count per person, as
 * the purchase's changes do, on two replicas sharing a real Redis: the script hears 429 with
 * `Retry-After` whichever replica it reaches, and the next person behind the same address is
 * served as usual.
 */

let stack: Awaited<ReturnType<typeof startMailingReplicas>>;
let replicas: Replicas;

beforeAll(async () => {
  stack = await startMailingReplicas();
  ({ replicas } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const OFFICE = '198.51.100.20';
const replica = (index: number) => replicas.apps[index % 2]!;
const LIMIT = PERSONAL_CHANGE_LIMIT.max;

function expectRefused(answer: Awaited<ReturnType<typeof call>>): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ error: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited } });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

const profileForm = (phone: string) => ({
  name: 'Laura',
  lastname: 'Martínez',
  phone,
  birthday: '1992-03-04',
  sex: 'F',
});

describe('personal changes are counted per person across replicas', () => {
  it('stops a script rewriting its profile after the limit, and serves the next person behind the same address', async () => {
    const script = await registerVerifiedPerson(replica(0), replicas);
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT; index += 1) {
      const answer = await call(replica(index), 'PUT', '/bff/profile', {
        cookie: script.cookie,
        body: profileForm(`300${String(1_000_000 + index)}`),
        remoteAddress: OFFICE,
      });
      statuses.push(answer.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const index of [0, 1])
      expectRefused(
        await call(replica(index), 'PUT', '/bff/profile', {
          cookie: script.cookie,
          body: profileForm('3009999999'),
          remoteAddress: OFFICE,
        }),
      );
    // What the script last saved is what the profile says: the refused changes reached nobody.
    const profile = await call(replica(1), 'GET', '/bff/profile', { cookie: script.cookie });
    expect(profile.body).toMatchObject({ phone: `300${String(1_000_000 + LIMIT - 1)}` });

    const colleague = await registerVerifiedPerson(replica(1), replicas);
    const saved = await call(replica(0), 'PUT', '/bff/profile', {
      cookie: colleague.cookie,
      body: profileForm('3105550000'),
      remoteAddress: OFFICE,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ profile: { phone: '3105550000' } });
  });

  it('stops a script asking for and cancelling one alert without end, and serves the next person', async () => {
    const script = await registerVerifiedPerson(replica(0), replicas);
    const movie = RELEASES[1];
    const asked: number[] = [];
    const cancelled: number[] = [];
    for (let index = 0; index < LIMIT; index += 1) {
      asked.push(
        (
          await call(replica(index), 'POST', '/bff/alerts', {
            cookie: script.cookie,
            body: { movie },
            remoteAddress: OFFICE,
          })
        ).status,
      );
      cancelled.push(
        (
          await call(replica(index + 1), 'DELETE', `/bff/alerts/${movie}`, {
            cookie: script.cookie,
            remoteAddress: OFFICE,
          })
        ).status,
      );
    }
    expect(asked.every((status) => status === 200)).toBe(true);
    expect(cancelled.every((status) => status === 200)).toBe(true);
    for (const index of [0, 1]) {
      expectRefused(
        await call(replica(index), 'POST', '/bff/alerts', {
          cookie: script.cookie,
          body: { movie },
          remoteAddress: OFFICE,
        }),
      );
      expectRefused(
        await call(replica(index), 'DELETE', `/bff/alerts/${movie}`, { cookie: script.cookie, remoteAddress: OFFICE }),
      );
    }
    // The refused ask kept nothing.
    const kept = await call(replica(0), 'GET', '/bff/alerts', { cookie: script.cookie });
    expect(kept.body).toMatchObject({ alerts: [] });

    const neighbour = await registerVerifiedPerson(replica(1), replicas);
    const theirs = await call(replica(1), 'POST', '/bff/alerts', {
      cookie: neighbour.cookie,
      body: { movie },
      remoteAddress: OFFICE,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ movie, sentAt: null });
  });
});
