import { expect } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * Every process of the e2e stack runs on one clock: the test runner, Chromium, the site, the
 * BFF and the sandbox. Trivially true on the real clock; under `npm run test:hours`
 * (libfaketime) it proves the fake hour reached each of them, so the other specs really ran at
 * that hour.
 */

const sandboxUrl = process.env.SANDBOX_URL!;
const bffUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4610) + 3}`;

test('the test runner, Chromium, the site, the BFF and the sandbox agree on the time', async ({ page, request }) => {
  const runner = Date.now();
  const site = await page.goto('/');
  const browser = await page.evaluate(() => Date.now());
  const bff = await request.get(`${bffUrl}/bff/health`);
  const sandbox = (await (await request.get(`${sandboxUrl}/sandbox/clock`)).json()) as { now: string; offset_seconds: number };
  const clocks = {
    browser,
    site: Date.parse(site?.headers().date ?? ''),
    bff: Date.parse(bff.headers().date ?? ''),
    // The purchase journeys move the sandbox's own clock on purpose: compare its base.
    sandbox: Date.parse(sandbox.now) - sandbox.offset_seconds * 1000,
  };
  for (const [name, time] of Object.entries(clocks)) expect(Math.abs(time - runner), name).toBeLessThan(60_000);
});
