import { expect } from '@playwright/test';
import { failedLoad, test } from './fixtures.ts';
import { bogotaToday } from '#shared/format/bogota-time.ts';

/** The home page shows today's billboard, rendered on the server. */

// Without JavaScript a browser loads every image at once (it ignores loading="lazy"), and on a
// cold image cache each is resized first: the page reads long before its load event, so these
// tests wait for the HTML, then for the image they look at.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the billboard with posters, titles and showtimes', async ({ page }) => {
    const response = await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    const billboard = page.getByRole('region', { name: 'Cartelera' });
    await expect(billboard.getByRole('heading', { name: 'Cartelera', level: 2 })).toBeVisible();

    const movies = billboard.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    expect(await movies.count()).toBeGreaterThan(0);
    const first = movies.first();
    await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
    const poster = first.locator('img').first();
    await expect(poster).toHaveAttribute('width', /\d+/);
    await expect(poster).toHaveAttribute('height', /\d+/);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 50_000 })
      .toBe(true);
    await expect(first.getByRole('link', { name: /\d{1,2}:\d{2}/ }).first()).toBeVisible();
  });

  test('the date options are links that show that day', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const dates = page.getByRole('navigation', { name: 'Fechas de la cartelera' }).getByRole('link');
    expect(await dates.count()).toBeGreaterThan(1);
    await expect(dates.first()).toHaveAttribute('aria-current', 'date');

    const second = dates.nth(1);
    const href = await second.getAttribute('href');
    expect(href).toMatch(/\?date=\d{4}-\d{2}-\d{2}/);
    await second.click();
    await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}/);
    await expect(
      page.getByRole('navigation', { name: 'Fechas de la cartelera' }).getByRole('link').nth(1),
    ).toHaveAttribute('aria-current', 'date');
  });
});

test('an unknown path shows the not-found page with status 404', async ({ page, pageErrors }) => {
  pageErrors.expect(failedLoad('/esta-pagina-no-existe', 404));
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: '¡Ups! No hemos encontrado la página que estás buscando' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the footer's year is Bogotá's, also on the year's last evening (already next year in UTC)", async ({ page }) => {
  await page.goto('/');
  // The test runs on the same (possibly faked, see tests/hours.ts) clock as the site.
  await expect(page.getByRole('contentinfo')).toContainText(`© ${bogotaToday().slice(0, 4)} `);
});
