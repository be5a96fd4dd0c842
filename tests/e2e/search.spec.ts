import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { wcagViolations } from './axe-audit.ts';

/**
 * The movie search (issue 34), on the phone and the desktop projects: the header's field with
 * its suggestions (a combobox, by touch or mouse and by keyboard alone), loaded only when a
 * person reaches for it, and the /buscar page without JavaScript, one address per query.
 */

const INDEX_PATH = '/bff/search/movies';
const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 0) < 1024;
const combobox = (page: Page) => page.getByRole('combobox', { name: 'Buscar película' });

/** The header's field, opened with the search button on a phone. */
async function openSearch(page: Page): Promise<void> {
  if (isPhone(page)) {
    const opener = page.getByRole('link', { name: 'Buscar película' });
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await opener.click();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(combobox(page)).toBeVisible();
}

async function expectHeaderInsideScreen(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const boxes = await page
    .locator('header > div')
    .first()
    .locator('a:visible, button:visible, input:visible')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
}

test.describe('the header search', () => {
  test('loads nothing until a person reaches for it, then finds "ultimo faro" and opens its page', async ({ page }) => {
    const indexReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === INDEX_PATH) indexReads.push(request.url());
    });
    await page.goto('/cartelera');
    await expectHeaderInsideScreen(page);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.filter((name) => /suggestions/.test(name))).toEqual([]);
    expect(indexReads).toEqual([]);

    await openSearch(page);
    await expectHeaderInsideScreen(page);
    await combobox(page).fill('ultimo faro');
    const listbox = page.getByRole('listbox', { name: 'Sugerencias de películas' });
    const option = listbox.getByRole('option', { name: /El Último Faro/ });
    await expect(option).toBeVisible();
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(option).toContainText('En cartelera');
    // Within the screen, whatever its width.
    const box = (await listbox.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await wcagViolations(page)).toEqual([]);

    await option.click();
    await expect(page).toHaveURL(/\/viziona\/pelicula\/el-ultimo-faro$/);
    await expect(page.getByRole('heading', { level: 1, name: 'El Último Faro' })).toBeVisible();
    expect(indexReads).toHaveLength(1);
  });

  test('forgives one typo per word: "ultomo faro", "galaxya perdida", "sombas del pasado", in the suggestions and on /buscar', async ({
    page,
  }) => {
    const typos: Array<[string, string, string]> = [
      ['ultomo faro', 'El Último Faro', '/buscar?q=ultomo+faro'],
      ['galaxya perdida', 'Galaxia Perdida', '/buscar?q=galaxya+perdida'],
      ['Sombas del Pasado', 'Sombras del Pasado', '/buscar?q=sombas+del+pasado'],
    ];
    for (const [typed, title, address] of typos) {
      await page.goto('/cartelera');
      await openSearch(page);
      // A text field with a search keyboard: HTML allows the combobox role there, not on a search field.
      await expect(combobox(page)).toHaveAttribute('type', 'text');
      await expect(combobox(page)).toHaveAttribute('inputmode', 'search');
      await combobox(page).fill(typed);
      const options = page.getByRole('listbox', { name: 'Sugerencias de películas' }).getByRole('option');
      await expect(options.first(), typed).toContainText(title);
      await combobox(page).press('Enter');
      await expect(page).toHaveURL(new RegExp(`${address.replace(/[?+]/g, '\\$&')}$`));
      const results = page.locator('[data-search-results] > li');
      await expect(results.first().getByRole('link'), typed).toContainText(title);
    }
  });

  test('finds by original title, genre and director, upcoming movies too', async ({ page }) => {
    await page.goto('/salas');
    await openSearch(page);
    const listbox = page.getByRole('listbox', { name: 'Sugerencias de películas' });
    await combobox(page).fill('Lighthouse');
    await expect(listbox.getByRole('option').first()).toContainText('El Último Faro');
    await combobox(page).fill('OYELARAN');
    await expect(listbox.getByRole('option', { name: /Galaxia Perdida/ })).toBeVisible();
    await expect(listbox.getByRole('option', { name: /Tormenta Solar/ })).toContainText('Preventa');
    await combobox(page).fill('ciencia ficcion');
    await expect(listbox.getByRole('option', { name: /Galaxia Perdida/ })).toBeVisible();
    await combobox(page).fill('zzqx');
    await expect(listbox).toBeHidden();
    await expect(page.getByText('No encontramos películas para «zzqx».', { exact: true }).first()).toBeVisible();
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('works with the keyboard alone: arrows, Enter and Escape', async ({ page }) => {
    await page.goto('/proximos-estrenos');
    // Tab from the top of the page to the search (the phone's button, the desktop's field).
    const target = isPhone(page) ? page.getByRole('link', { name: 'Buscar película' }) : combobox(page);
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(target).toBeFocused();
    if (isPhone(page)) {
      await page.keyboard.press('Enter');
      await expect(combobox(page)).toBeFocused();
    }
    await page.keyboard.type('el');
    const options = page.getByRole('listbox', { name: 'Sugerencias de películas' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    const count = await options.count();
    expect(count).toBeGreaterThan(2);

    await page.keyboard.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    // From the first, up wraps to the last: 'Ver todos los resultados'.
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(count - 1)).toContainText('Ver todos los resultados');
    await expect(combobox(page)).toBeFocused();

    // Escape closes the list and keeps the text; on a phone a second Escape closes the field.
    await page.keyboard.press('Escape');
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox(page)).toHaveValue('el');
    if (isPhone(page)) {
      await page.keyboard.press('Escape');
      const opener = page.getByRole('link', { name: 'Buscar película' });
      await expect(opener).toBeFocused();
      await expect(opener).toHaveAttribute('aria-expanded', 'false');
      await expect(combobox(page)).toBeHidden();
      await page.keyboard.press('Enter');
    }

    await combobox(page).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('ultimo faro');
    await expect(options.first()).toContainText('El Último Faro');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/viziona\/pelicula\/el-ultimo-faro$/);
    await expect(page.getByRole('heading', { level: 1, name: 'El Último Faro' })).toBeVisible();
  });

  test('Enter with no suggestion chosen opens the results page at the normalised address', async ({ page }) => {
    await page.goto('/confiteria');
    await openSearch(page);
    await combobox(page).fill('  Ciencia   FICCIÓN ');
    await expect(page.getByRole('option').first()).toBeVisible();
    await combobox(page).press('Enter');
    await expect(page).toHaveURL(/\/buscar\?q=ciencia\+ficcion$/);
    await expect(page.getByRole('heading', { level: 2, name: /resultados para «ciencia ficcion»/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Galaxia Perdida/ })).toBeVisible();
  });

  test('the results page, its empty and no-result states pass the accessibility audit', async ({ page }) => {
    for (const path of ['/buscar?q=ultimo+faro', '/buscar', '/buscar?q=zzqx']) {
      await page.goto(path);
      expect(await wcagViolations(page), path).toEqual([]);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the /buscar page: the search, its results with a link to the movie, and the empty states', async ({ page }) => {
    // Reached from the header: the phone's search button is a link here, the desktop's field a form.
    await page.goto('/salas', { waitUntil: 'domcontentloaded' });
    if (isPhone(page)) {
      await page.getByRole('link', { name: 'Buscar película' }).click();
      await expect(page).toHaveURL(/\/buscar$/);
      await expect(
        page.getByText('Escribe el título, el género o el director de la película que buscas.'),
      ).toBeVisible();
      await page.getByRole('main').getByRole('searchbox', { name: 'Buscar película' }).fill('Último Faro');
      await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    } else {
      await page.getByRole('banner').getByRole('combobox', { name: 'Buscar película' }).fill('Último Faro');
      await page.getByRole('banner').getByRole('combobox', { name: 'Buscar película' }).press('Enter');
    }
    // The spelling typed is answered at the normalised address.
    await expect(page).toHaveURL(/\/buscar\?q=ultimo\+faro$/);
    await expect(page).toHaveTitle('Buscar película: ultimo faro | Viziona');
    await expect(page.getByRole('heading', { level: 2, name: '1 resultado para «ultimo faro».' })).toBeVisible();
    const result = page.getByRole('link', { name: /El Último Faro/ });
    await expect(result).toContainText('The Last Lighthouse');
    await expect(result).toContainText('Helena Marsh');
    await result.click();
    await expect(page).toHaveURL(/\/viziona\/pelicula\/el-ultimo-faro$/);

    await page.goto('/buscar?q=faro+azul+inexistente', { waitUntil: 'domcontentloaded' });
    await expect(
      page.getByRole('heading', { level: 2, name: 'No encontramos películas para «faro azul inexistente».' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver cartelera' })).toHaveAttribute('href', '/cartelera');
  });

  test('/buscar forgives a typo without JavaScript', async ({ page }) => {
    await page.goto('/buscar?q=sombas+del+pasado', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 2, name: '1 resultado para «sombas del pasado».' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Sombras del Pasado/ })).toHaveAttribute(
      'href',
      '/viziona/pelicula/sombras-del-pasado',
    );
  });

  test('an upcoming movie is found and links to its page', async ({ page }) => {
    await page.goto('/buscar?q=solar', { waitUntil: 'domcontentloaded' });
    const result = page.getByRole('link', { name: /Tormenta Solar/ });
    await expect(result).toContainText('Preventa');
    await expect(result).toContainText(/Estreno: \d{1,2} de [a-z]+ de \d{4}/);
    await expect(result).toHaveAttribute('href', '/viziona/pelicula/tormenta-solar');
  });
});

test.describe('one address per query', () => {
  // Whether the one address is kept for everybody: a search that finds nothing is nobody else's page (issue 39).
  const cases: Array<[string, string, string, 'public' | 'private']> = [
    ['accents and case', '/buscar?q=%C3%9Altimo%20FARO', '/buscar?q=ultimo+faro', 'public'],
    ['spaces and punctuation', '/buscar?q=++ultimo,,,faro!!', '/buscar?q=ultimo+faro', 'public'],
    ['other parameters', '/buscar?utm_source=x&q=ultimo+faro&q=otra', '/buscar?q=ultimo+faro', 'public'],
    ['control characters', '/buscar?q=%00ultimo%1B%5B31m%0D%0Afaro', '/buscar?q=ultimo+31m+faro', 'private'],
    [
      'a very long query',
      `/buscar?q=${'faro+'.repeat(1_000)}`,
      `/buscar?q=${Array(8).fill('faro').join('+')}`,
      'public',
    ],
    ['nothing searchable', '/buscar?q=%25%25%25', '/buscar', 'public'],
    ['an empty query', '/buscar?q=', '/buscar', 'public'],
  ];
  for (const [what, asked, address, kept] of cases) {
    test(`${what}: a 301 (never stored) to the one address, which answers 200 ${kept}`, async ({ request }) => {
      const redirect = await request.get(asked, { maxRedirects: 0 });
      expect(redirect.status()).toBe(301);
      expect(redirect.headers().location).toBe(address);
      expect(redirect.headers()['cache-control']).toBe('private, no-store');
      const page = await request.get(address, { maxRedirects: 0 });
      expect(page.status()).toBe(200);
      if (kept === 'public') {
        expect(page.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
        expect(page.headers().etag).toBeTruthy();
      } else {
        expect(await page.text()).toContain('No encontramos películas para');
        expect(page.headers()['cache-control']).toBe('private, no-store');
        expect(page.headers().etag).toBeUndefined();
      }
    });
  }

  test('many parameters are answered cleanly too', async ({ request }) => {
    const many = Array.from({ length: 400 }, (_, index) => `p${index}=${index}`).join('&');
    const redirect = await request.get(`/buscar?${many}&q=Galaxia`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe('/buscar?q=galaxia');
  });
});
