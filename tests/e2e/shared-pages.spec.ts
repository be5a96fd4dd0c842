import { expect, request as requests, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { baseURL } from './playwright.config.ts';
import { logIn, registerCustomer, type Customer } from './route-samples.ts';
import { pickShowtime } from './showtimes.ts';

/**
 * Public pages are the same for everyone (issue 14): the HTML a logged-in person gets is the
 * visitor's byte for byte, shareable by caches (Cache-Control, ETag, 304, no Vary: Cookie,
 * no Set-Cookie); the account corner is filled in the browser without moving anything; and
 * a content page loads no React until the login dialog is opened.
 */

const PUBLIC_CACHE = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/;

let customer: Customer;
let samplePaths: string[];

test.beforeAll(async ({ request }) => {
  customer = await registerCustomer(request);
  const showtime = await pickShowtime({ zones: ['General'] });
  const rooms = (await (await request.get('/bff/catalogue/rooms')).json()) as { rooms: Array<{ slug: string }> };
  samplePaths = [
    '/',
    '/cartelera',
    `/viziona/pelicula/${showtime.movie.slug}`,
    `/sala/${rooms.rooms[0]!.slug}`,
    '/club-vizionarios',
    '/pagina/terminos-y-condiciones',
  ];
});

async function loggedInContext(): Promise<APIRequestContext> {
  const context = await requests.newContext({ baseURL });
  await logIn(context, customer);
  return context;
}

test('a public page is byte-identical for a visitor and a logged-in person, and shareable by caches', async () => {
  const visitor = await requests.newContext({ baseURL });
  const person = await loggedInContext();
  try {
    for (const path of samplePaths) {
      const anonymous = await visitor.get(path);
      const personal = await person.get(path);
      expect(anonymous.status(), path).toBe(200);
      expect(personal.status(), path).toBe(200);
      expect(await personal.text(), path).toBe(await anonymous.text());

      for (const answer of [anonymous, personal]) {
        const headers = answer.headers();
        expect(headers['cache-control'], path).toMatch(PUBLIC_CACHE);
        expect(headers['etag'], path).toMatch(/^(W\/)?"[^"]+"$/);
        expect(headers['set-cookie'], path).toBeUndefined();
        expect(headers['vary'] ?? '', path).not.toMatch(/cookie/i);
      }
      expect(personal.headers()['etag']).toBe(anonymous.headers()['etag']);

      // A cache holding this version revalidates it without the body.
      const again = await person.get(path, { headers: { 'if-none-match': anonymous.headers()['etag']! } });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).length, path).toBe(0);
      expect(again.headers()['etag']).toBe(anonymous.headers()['etag']);
      expect(again.headers()['set-cookie']).toBeUndefined();
      const changed = await visitor.get(path, { headers: { 'if-none-match': '"otra-version"' } });
      expect(changed.status(), path).toBe(200);
    }

    // Personal pages and redirects stay private.
    const profile = await person.get('/mi-perfil');
    expect(profile.status()).toBe(200);
    expect(profile.headers()['cache-control']).toBe('private, no-store');
    expect(profile.headers()['etag']).toBeUndefined();
    const guarded = await visitor.get('/mi-perfil', { maxRedirects: 0 });
    expect(guarded.status()).toBe(302);
    expect(guarded.headers()['cache-control']).toBe('private, no-store');
    const guestOnly = await person.get('/iniciar-sesion', { maxRedirects: 0 });
    expect(guestOnly.status()).toBe(302);
    expect(guestOnly.headers()['cache-control']).toBe('private, no-store');
  } finally {
    await visitor.dispose();
    await person.dispose();
  }
});

/** Starts recording layout shifts (with the nodes that moved) before the page runs. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; inHeader: boolean }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }
      >) {
        const inHeader = (entry.sources ?? []).some((source) =>
          Boolean(source.node && document.querySelector('header')?.contains(source.node)),
        );
        shifts.push({ value: entry.value, inHeader });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function headerShift(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { __shifts: Array<{ value: number; inHeader: boolean }> }).__shifts
      .filter((shift) => shift.inHeader)
      .reduce((sum, shift) => sum + shift.value, 0),
  );
}

test('the account corner shows the person and the verification prompt, filled in the browser without a layout shift', async ({
  page,
}) => {
  await logIn(page.request, customer);
  await recordLayoutShifts(page);
  await page.addInitScript(() => sessionStorage.setItem('viziona:popup-visto', '1'));
  for (const path of samplePaths.slice(0, 4)) {
    await page.goto(path);
    const corner = page.locator('vz-account-corner');
    const profile = corner.getByRole('link', { name: /^Mi perfil: / });
    await expect(profile).toBeVisible();
    // The registration name is 'Paula'; the header shows the short name.
    await expect(profile).toHaveAccessibleName(/^Mi perfil: \S+/);
    await expect(corner.getByRole('button', { name: 'Verifica tu correo' })).toBeVisible();
    await expect(corner.getByRole('link', { name: 'Iniciar Sesión' })).toBeHidden();
    const box = await corner.boundingBox();
    await page.waitForLoadState('networkidle');
    expect(await corner.boundingBox(), path).toEqual(box);
    expect(await headerShift(page), path).toBe(0);
  }
  // The side menu names the person too (phones open it; its content is there on desktops).
  await expect(page.locator('#side-menu vz-session-name')).toHaveText('Paula Pantallas');
});

test('a visitor sees the login links at once, and nothing in the header moves', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.addInitScript(() => sessionStorage.setItem('viziona:popup-visto', '1'));
  await page.goto('/cartelera');
  const corner = page.locator('vz-account-corner');
  await expect(corner.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(corner.getByRole('link', { name: /^Mi perfil/ })).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(await headerShift(page)).toBe(0);
});

/** Counts the scripts loaded so far that carry React. */
function watchReact(page: Page): { count: () => number } {
  let count = 0;
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('react.transitional.element')) count += 1;
  });
  return { count: () => count };
}

test('a content page loads no React until the login dialog is opened; the dialog logs in', async ({
  page,
  hasTouch,
}) => {
  await page.addInitScript(() => sessionStorage.setItem('viziona:popup-visto', '1'));
  const react = watchReact(page);
  for (const path of samplePaths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(react.count(), path).toBe(0);
  }
  await page.goto('/cartelera');
  await page.waitForLoadState('networkidle');
  const login = page.locator('vz-account-corner').getByRole('link', { name: 'Iniciar Sesión' });
  await (hasTouch ? login.tap() : login.click());
  const dialog = page.getByRole('dialog', { name: 'Inicia Sesión' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/cartelera$/);
  expect(react.count()).toBeGreaterThan(0);

  await dialog.getByLabel('Correo electrónico').fill(customer.email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(customer.password);
  const submit = dialog.getByRole('button', { name: 'Ingresar' });
  await (hasTouch ? submit.tap() : submit.click());
  await expect(page.locator('vz-account-corner').getByRole('link', { name: /^Mi perfil: / })).toBeVisible();
  await expect(page).toHaveURL(/\/cartelera$/);
});

test('the public files keep a day in browsers and at the edge; the service worker like a page; unknown files not at all', async ({
  request,
}) => {
  for (const path of ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['cache-control'], path).toBe('public, max-age=86400');
  }
  // The worker is kept at the edge like a page, never by the browser.
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toMatch(PUBLIC_CACHE);
  const missing = await request.get('/icons/icon-193.png');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control'] ?? '').not.toContain('86400');
});

test.describe('a form the server drew, before its island runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ['/iniciar-sesion', '/registrarme', '/contactanos', '/linea-etica']) {
    test(`${path}: closed, so nothing typed is replaced and nothing is sent nowhere`, async ({ page }) => {
      await page.goto(path);
      const form = page.locator('main form').first();
      await expect(form.getByLabel(/^Correo electrónico/).first()).toBeDisabled();
      await expect(form.locator('button[type="submit"]')).toBeDisabled();
    });
  }
});

test('a form the server drew opens once its island runs', async ({ page }) => {
  await page.goto('/iniciar-sesion');
  const email = page.locator('main form').getByLabel('Correo electrónico', { exact: true });
  await expect(email).toBeEnabled();
  await email.fill('persona@example.com');
  await expect(email).toHaveValue('persona@example.com');
});
