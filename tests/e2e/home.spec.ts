import { expect, type Page } from '@playwright/test';
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
    expect(await dates.count()).toBeGreaterThan(2);
    // Today, or tomorrow once today's last hour has started (site/decisions/listed-hours.md).
    const current = dates.and(page.locator('[aria-current="date"]'));
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('href', /\?date=/);
    const currentHref = await current.getAttribute('href');
    expect([await dates.nth(0).getAttribute('href'), await dates.nth(1).getAttribute('href')]).toContain(currentHref);

    const third = dates.nth(2);
    const href = await third.getAttribute('href');
    expect(href).toMatch(/\?date=\d{4}-\d{2}-\d{2}/);
    await third.click();
    await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}/);
    await expect(
      page.getByRole('navigation', { name: 'Fechas de la cartelera' }).getByRole('link').nth(2),
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

/**
 * Home that sells (issue 38, item 7): today's hours within the phone's first screen, the
 * carousel's pause, position and swipe (WCAG 2.2.2), every slide in the banners' own frame.
 */
test.describe('home that sells', () => {
  // The promotional popup has been seen (site/features/catalogue/popup-element.ts; catalogue.spec.ts tests it).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('viziona:popup-visto', '1'));
  });
  const highlights = (page: Page) =>
    page.locator('vz-carousel').filter({ has: page.getByRole('region', { name: 'Destacados' }) });

  test("today's first hour is a link within the first screen of a phone", async ({ page, isMobile }) => {
    await page.goto('/');
    const hour = page.getByRole('region', { name: 'Cartelera' }).locator('a[data-showtime]').first();
    await expect(hour).toBeVisible();
    const top = await hour.evaluate((link) => link.getBoundingClientRect().top + window.scrollY);
    const screens = await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
    test.info().annotations.push({ type: 'first hour top', description: String(Math.round(top)) });
    test.info().annotations.push({ type: 'home length in screens', description: screens.toFixed(2) });
    if (isMobile) expect(top + 44).toBeLessThanOrEqual(page.viewportSize()!.height);
  });

  test('the carousel can be paused and played, says where it is, and moves by its buttons and a swipe', async ({
    page,
    context,
    isMobile,
  }) => {
    await page.goto('/');
    const carousel = highlights(page);
    const track = carousel.locator('[data-track]');
    const offset = () => track.evaluate((element) => Math.round(element.scrollLeft));
    const slides = await carousel.locator('[data-slide]').count();
    const position = carousel.locator('[data-position]');
    await expect(carousel).toHaveAttribute('data-playing', '');
    await expect(position).toHaveText(new RegExp(` de ${slides}$`));

    // Paused by the person: nothing moves for longer than the period, however the pointer goes.
    const pause = carousel.getByRole('button', { name: 'Pausar el carrusel' });
    await pause.click();
    await expect(carousel.getByRole('button', { name: 'Reanudar el carrusel' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(carousel).not.toHaveAttribute('data-playing');
    await page.waitForTimeout(1_200);
    const held = await offset();
    const heldPosition = await position.textContent();
    await page.waitForTimeout(4_000);
    expect(await offset()).toBe(held);
    await expect(position).toHaveText(heldPosition!);
    // Stopped, its position is read out as a person moves it.
    await expect(position).toHaveAttribute('aria-live', 'polite');

    // Its buttons move it one slide and say so.
    await carousel.getByRole('button', { name: 'Anterior' }).click();
    await carousel.getByRole('button', { name: 'Anterior' }).click();
    await expect(position).toHaveText(/^1(–\d+)? de \d+$/);
    await carousel.getByRole('button', { name: 'Siguiente' }).click();
    await expect(position).toHaveText(/^2(–\d+)? de \d+$/);

    // On a phone a finger swipes it on (the track scrolls by touch, and snaps to the next slide).
    if (isMobile) {
      // The button's smooth scroll settles first: a finger landing mid-scroll only stops it.
      let settled = -1;
      await expect
        .poll(async () => {
          const now = await offset();
          const still = now === settled;
          settled = now;
          return still;
        })
        .toBe(true);
      const box = (await track.boundingBox())!;
      const touch = await context.newCDPSession(page);
      const at = (x: number) => [{ x, y: box.y + box.height / 2, id: 1 }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(box.x + box.width - 30) });
      for (const share of [0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2]) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(box.x + box.width * share) });
        await page.waitForTimeout(16);
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(position).toHaveText(/^3 de \d+$/);
    }

    // Played again, it moves on by itself.
    await carousel.getByRole('button', { name: 'Reanudar el carrusel' }).click();
    await expect(carousel.getByRole('button', { name: 'Pausar el carrusel' })).toBeVisible();
    await page.mouse.move(0, 0);
    const before = await offset();
    await expect.poll(offset, { timeout: 8_000 }).not.toBe(before);
  });

  test('every slide is framed at the banners’ own shape, so a banner fills its slide', async ({ page }) => {
    await page.goto('/');
    const frames = await highlights(page)
      .locator('[data-slide] > a')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
    expect(frames.length).toBeGreaterThan(2);
    for (const frame of frames) expect(Math.abs(frame.width / frame.height - 2.4)).toBeLessThan(0.05);
    // The row is as tall as a frame: nothing above or below a banner.
    const track = await highlights(page).locator('[data-track]').boundingBox();
    expect(Math.abs(track!.height - frames[0]!.height)).toBeLessThan(2);
  });
});
