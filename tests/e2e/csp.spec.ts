import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { violationsOf, watchViolations } from './csp-violations.ts';
import { pickShowtime, purchasePath } from './showtimes.ts';

/**
 * The Content Security Policy: every rendered page carries it as a header, it refuses what was
 * not shipped by us (an injected inline script), and nothing of our own trips it — islands,
 * custom elements, the captcha's widget and worker, the trailer frame, the seat map.
 */

async function firstMovie(request: APIRequestContext): Promise<{ slug: string }> {
  const response = await request.get('/bff/catalogue/movies');
  return ((await response.json()) as { movies: Array<{ slug: string }> }).movies[0]!;
}

/** Visits a page, lets its lazy parts load (scrolls to the end), and answers its violations. */
async function visit(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  return violationsOf(page);
}

test('rendered pages carry the policy and the security headers; the policy refuses and reports an injected inline script', async ({ page, pageErrors }) => {
  pageErrors.expect(/Executing inline script violates the following Content Security Policy directive/);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "connect-src 'self'", 'report-uri /bff/csp-reports']) {
    expect(policy).toContain(directive);
  }
  expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
  expect(policy).not.toContain('unsafe-inline');
  expect(response?.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': expect.stringContaining('camera=()'),
  });
  // The reset page's address holds the reset code: it is never sent on as a referrer.
  const reset = await page.request.get('/forgot-password/codigo-de-prueba');
  expect(reset.headers()['referrer-policy']).toBe('no-referrer');

  await watchViolations(page);
  await page.reload();
  // The browser reports the violation to the BFF, which takes it (204) and logs it.
  const reported = page.waitForResponse((answer) => answer.url().endsWith('/bff/csp-reports'));
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect(await violationsOf(page)).toEqual([expect.stringMatching(/^script-src-elem inline/)]);
  expect((await reported).status()).toBe(204);
});

test('public pages load without a single violation', async ({ page, request }) => {
  const movie = await firstMovie(request);
  await watchViolations(page);
  for (const path of ['/', '/cartelera', '/proximos-estrenos', '/salas', '/confiteria', '/club-vizionarios', '/corporativo', `/viziona/pelicula/${movie.slug}`, '/registrarme', '/iniciar-sesion']) {
    expect(await visit(page, path), path).toEqual([]);
  }
});

test('the trailer frame and the captcha work under the policy', async ({ page, request }) => {
  const movie = await firstMovie(request);
  await watchViolations(page);
  await page.goto(`/viziona/pelicula/${movie.slug}`);
  await page.locator('summary', { hasText: 'Tráiler' }).click();
  await page.getByRole('button', { name: 'Reproducir tráiler' }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toBeAttached();
  expect(await violationsOf(page)).toEqual([]);

  await page.goto('/contactanos');
  const widget = page.locator('altcha-widget');
  await widget.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await widget.getByRole('checkbox').click();
  await expect(widget.getByText('Verificado', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await violationsOf(page)).toEqual([]);
});

test('the seat map renders under the policy, its cells at their width', async ({ page }) => {
  await page.goto('/iniciar-sesion');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Correo electrónico').fill('club@viziona.co');
  await page.getByLabel('Contraseña', { exact: true }).fill('Club1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/iniciar-sesion'));

  // A showtime that has not started, whatever the hour (the day's last hour has, late at night).
  const showtime = await pickShowtime({ zones: ['General'] });
  await watchViolations(page);
  await page.goto(purchasePath(showtime));
  await expect(page.locator('[data-purchase-ready]')).toBeVisible();
  expect(await page.locator('[role="gridcell"]').first().evaluate((cell) => getComputedStyle(cell).width)).toBe('35px');
  expect(await violationsOf(page)).toEqual([]);
});
