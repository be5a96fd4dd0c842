import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#bff/plugins/rate-limit.ts';
import { SITE_ORIGIN, startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * The finding: the edge appended to the client's own X-Forwarded-For and the BFF trusted the
 * whole chain, so a client picked a new address per request and no rate limit ever tripped.
 */

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => {
  await stack?.close();
});

const postLogin = (target: string, forwardedFor: string, attempt: number) =>
  fetch(`${target}/bff/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-viziona-client': 'web',
      origin: SITE_ORIGIN,
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({ email: `nadie${attempt}@example.com`, password: 'Mala12345' }),
  });

describe('client address', () => {
  it('ignores a spoofed X-Forwarded-For at the front door: 30 logins from one address meet the 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await postLogin(stack.frontUrl, `203.0.113.${attempt + 1}, 198.51.100.${attempt + 1}`, attempt);
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, RATE_LIMITS.login.max).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(RATE_LIMITS.login.max).every((status) => status === 429)).toBe(true);
  });

  it('behind one trusted hop (TRUST_PROXY=1) counts the address the edge wrote, not what the client prepended', async () => {
    const hop = await startSecurityStack({ env: { TRUST_PROXY: '1' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < RATE_LIMITS.login.max + 2; attempt += 1) {
        // What nginx would forward had it appended: the client's claim, then the real peer.
        const answer = await postLogin(hop.bffUrl, `203.0.113.${attempt + 1}, 192.0.2.50`, attempt);
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await hop.close();
    }
  });
});
