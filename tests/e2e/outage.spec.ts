import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * The cinema API goes down while people browse: every public page they saw keeps rendering
 * with its data from the BFF's catalogue cache, served stale. The e2e stack keeps catalogue
 * reads fresh for 2 s (CATALOGUE_FRESH_SECONDS), so after the wait below each read asks the
 * dropped API first and falls back. Runs after every other project: it takes the API away.
 */

const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';
const FRESH_SECONDS = 2;

async function setOutage(down: boolean): Promise<void> {
  const response = await fetch(`${sandboxUrl}/sandbox/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ down }),
  });
  expect(response.ok).toBe(true);
}

async function bffJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/bff${path}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

interface PageCheck {
  path: string;
  /** A heading the page only has with its data from the cinema API. */
  heading: string;
}

async function showsData(page: Page, check: PageCheck): Promise<void> {
  const response = await page.goto(check.path);
  expect(response?.status(), check.path).toBe(200);
  await expect(page.getByRole('heading', { name: check.heading, exact: true }).first(), check.path).toBeVisible();
}

test('pages still render from the BFF cache while the cinema API is down', async ({ page, request }) => {
  const [{ movies }, { releases }, { rooms }] = await Promise.all([
    bffJson<{ movies: Array<{ slug: string; title: string }> }>(request, '/catalogue/movies'),
    bffJson<{ releases: Array<{ title: string }> }>(request, '/catalogue/releases'),
    bffJson<{ rooms: Array<{ slug: string; name: string }> }>(request, '/catalogue/rooms'),
  ]);
  const movie = movies[0]!;
  const room = rooms[0]!;
  const checks: PageCheck[] = [
    { path: '/', heading: movie.title },
    { path: '/cartelera', heading: movie.title },
    { path: `/viziona/pelicula/${movie.slug}`, heading: movie.title },
    { path: '/proximos-estrenos', heading: releases[0]!.title },
    { path: '/salas', heading: 'Tecnología y comodidad' },
    { path: `/sala/${room.slug}`, heading: room.name },
    { path: '/confiteria', heading: 'Crispetas' },
  ];
  for (const check of checks) await showsData(page, check);

  await setOutage(true);
  try {
    // No longer fresh: the next reads go to the API, find it gone, and fall back to the cache.
    await page.waitForTimeout((FRESH_SECONDS + 1) * 1000);
    const direct = await request.get('/bff/catalogue/movies');
    expect(direct.status()).toBe(200);
    expect(direct.headers()['x-cache']).toBe('STALE');
    for (const check of checks) await showsData(page, check);
  } finally {
    await setOutage(false);
  }
});
