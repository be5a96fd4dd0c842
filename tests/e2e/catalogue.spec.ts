import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { failedLoad, test } from './fixtures.ts';
import { misfitOf, watchDialogs } from './dialog-fit.ts';
import { baseURL } from './playwright.config.ts';
import { moviePagePath, pickShowtime } from './showtimes.ts';
import { solvedRobotCheck } from './robot-check.ts';
import { PUBLIC_PAGE_CACHE_CONTROL } from '#site/lib/page-cache.ts';

/**
 * The public catalogue as a person browses it: every page shows its data, the date pickers
 * switch the showtimes, presales carry their badge, "aval" products stay hidden, the home
 * popup shows once per browser session, and an hour asks a visitor to log in but takes a
 * logged-in person to the purchase route. (Pages rendering from the BFF's cache while the
 * cinema API is down: outage.spec.ts.)
 */

interface MovieCard {
  slug: string;
  title: string;
}

async function nowShowing(request: APIRequestContext): Promise<MovieCard[]> {
  const response = await request.get('/bff/catalogue/movies');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { movies: MovieCard[] }).movies;
}

async function firstRoom(request: APIRequestContext): Promise<{ slug: string; name: string }> {
  const response = await request.get('/bff/catalogue/rooms');
  const rooms = ((await response.json()) as { rooms: Array<{ slug: string; name: string }> }).rooms;
  expect(rooms.length).toBeGreaterThan(0);
  return rooms[0]!;
}

/** Islands and custom elements have taken over the server's HTML. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () => customElements.get('vz-date-picker') !== undefined || !document.querySelector('vz-date-picker'),
  );
}

/** The hours (`time[datetime]`) listed in the visible panel of a date picker. */
function visibleHours(scope: Locator): Locator {
  return scope.locator('[data-date-panel]:not([hidden]) time[datetime]');
}

async function checkDatePicker(page: Page, picker: Locator): Promise<void> {
  const dates = picker.getByRole('navigation').getByRole('link');
  // The first date, or the next once the first has no hour left on sale (late in the evening:
  // site/decisions/listed-hours.md).
  const current = picker.getByRole('navigation').locator('a[aria-current="date"]');
  await expect(current).toHaveCount(1);
  const firstDate = await current.getAttribute('data-date');
  const shownIndex = (await dates.evaluateAll((links) => links.map((link) => link.getAttribute('data-date')))).indexOf(
    firstDate,
  );
  expect([0, 1]).toContain(shownIndex);
  expect(await dates.count()).toBeGreaterThan(shownIndex + 1);
  const firstHours = await visibleHours(picker).evaluateAll((items) =>
    items.map((item) => item.getAttribute('datetime')),
  );
  expect(firstHours.length).toBeGreaterThan(0);
  for (const hour of firstHours) expect(hour?.startsWith(firstDate!)).toBe(true);

  const second = dates.nth(shownIndex + 1);
  const secondDate = await second.getAttribute('data-date');
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'date');
  await expect(dates.nth(shownIndex)).not.toHaveAttribute('aria-current', 'date');
  await expect(page).toHaveURL(new RegExp(`date=${secondDate}`));
  await expect
    .poll(async () => (await visibleHours(picker).first().getAttribute('datetime'))?.slice(0, 10))
    .toBe(secondDate);
  const secondHours = await visibleHours(picker).evaluateAll((items) =>
    items.map((item) => item.getAttribute('datetime')),
  );
  for (const hour of secondHours) expect(hour?.startsWith(secondDate!)).toBe(true);
  expect(secondHours).not.toEqual(firstHours);
}

test.describe('pages show their data', () => {
  test('home: carousel, billboard, club promo, how to buy, releases and rooms', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const highlights = page.getByRole('region', { name: 'Destacados' });
    expect(await highlights.getByRole('listitem').count()).toBeGreaterThan(2);
    await expect(highlights.locator('[data-slide="banner"]').first()).toBeAttached();
    await expect(highlights.locator('[data-slide="movie"]').first()).toBeAttached();
    const billboard = page.getByRole('region', { name: 'Cartelera' });
    await expect(billboard.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vive más cine por menos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '¿Cómo comprar tus boletas?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Próximos estrenos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nuestras salas' })).toBeVisible();
    const images = page.locator('main img');
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
    }
  });

  test('home: the carousel autoplays once the page has loaded, and stops under the pointer', async ({ page }) => {
    await page.goto('/');
    const carousel = page.locator('vz-carousel').filter({ has: page.getByRole('region', { name: 'Destacados' }) });
    const track = carousel.locator('[data-track]');
    const offset = () => track.evaluate((element) => Math.round(element.scrollLeft));
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    await expect(carousel).toHaveAttribute('data-playing', '');
    // Every 3000 ms, one slide on: the first move lands within the period and its animation.
    await expect.poll(offset, { timeout: 6_000 }).toBeGreaterThan(0);
    await carousel.dispatchEvent('pointerenter');
    await expect(carousel).not.toHaveAttribute('data-playing');
    // A move already under way lands (1000 ms); then nothing moves for longer than the period.
    await page.waitForTimeout(1_200);
    const held = await offset();
    await page.waitForTimeout(4_000);
    expect(await offset()).toBe(held);
    await carousel.dispatchEvent('pointerleave');
    await expect.poll(offset, { timeout: 6_000 }).not.toBe(held);
  });

  test('billboard: title, movie carousel and the movies of the chosen date', async ({ page, request }) => {
    await page.goto('/cartelera');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cartelera: Vive el mejor entretenimiento' }),
    ).toBeVisible();
    const carousel = page.getByRole('region', { name: 'Películas en cartelera' });
    const movies = await nowShowing(request);
    await expect(carousel.getByRole('link', { name: new RegExp(movies[0]!.title) }).first()).toBeAttached();
    await ready(page);
    await checkDatePicker(page, page.locator('vz-date-picker'));
  });

  test('movie page: every field, collapsible sections, trailer on demand, showtimes by date', async ({
    page,
    request,
  }) => {
    const movie = (await nowShowing(request))[0]!;
    const detail = (await (await request.get(`/bff/catalogue/movies/viziona/${movie.slug}`)).json()) as {
      movie: { director: string; language: string; country: string; genre: string; rating: string; synopsis: string };
    };
    await page.goto(`/viziona/pelicula/${movie.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible();
    for (const value of [
      detail.movie.director,
      detail.movie.language,
      detail.movie.country,
      detail.movie.genre,
      detail.movie.rating,
    ]) {
      await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(detail.movie.synopsis)).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Acerca de la función' })).toBeVisible();

    await ready(page);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.locator('summary', { hasText: 'Tráiler' }).click();
    await page.getByRole('button', { name: 'Reproducir tráiler' }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+/);

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = ld.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
    expect(types).toEqual(expect.arrayContaining(['Movie', 'MovieTheater', 'ScreeningEvent']));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(movie.title));

    await checkDatePicker(page, page.locator('vz-date-picker'));
  });

  test('upcoming releases: grid with the Preventa badge and the how-to-buy card', async ({ page, request }) => {
    const releases = (
      (await (await request.get('/bff/catalogue/releases')).json()) as {
        releases: Array<{ slug: string; title: string; presale: boolean }>;
      }
    ).releases;
    const presale = releases.find((release) => release.presale)!;
    const other = releases.find((release) => !release.presale)!;
    await page.goto('/proximos-estrenos');
    await expect(page.getByRole('heading', { level: 1, name: 'Próximos estrenos' })).toBeVisible();
    const presaleCard = page.locator(`[data-release="${presale.slug}"]`);
    await expect(presaleCard.getByText('Preventa', { exact: true })).toBeVisible();
    await expect(presaleCard.getByRole('heading', { name: presale.title })).toBeVisible();
    await expect(page.locator(`[data-release="${other.slug}"]`).getByText('Preventa', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '¿Cómo comprar tus boletas?' })).toBeVisible();
  });

  test('rooms: highlights, carousel and a room with its showtimes by date', async ({ page, request }) => {
    const room = await firstRoom(request);
    await page.goto('/salas');
    for (const title of ['Tecnología y comodidad', 'Lobby sin filas', 'Parqueadero gratis']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    // Numbers as Colombians write them: a decimal comma and a thousands dot, also in the description.
    await expect(page.getByText('Disfruta de 3,5 horas de parqueadero gratis con tu boleta.')).toBeVisible();
    await expect(page.getByText(/\+1\.300 sillas/)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /más de 1\.300 sillas.* 3,5 horas/,
    );
    await expect(page.getByText(/\d\.\d horas/)).toHaveCount(0);
    const carousel = page.getByRole('region', { name: 'Nuestras salas' });
    await carousel.locator(`a[href="/sala/${room.slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/sala/${room.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    expect(await page.locator('article img[alt^="Sala"]').count()).toBe(2);
    await ready(page);
    await checkDatePicker(page, page.locator('vz-date-picker'));
  });

  test('confectionery: products with placeholder logo, "aval" products hidden', async ({ page }) => {
    await page.goto('/confiteria');
    await expect(page.getByRole('heading', { level: 2, name: 'Crispetas' })).toBeVisible();
    await expect(page.getByText(/aval/i)).toHaveCount(0);
    const withoutImage = page.locator('li', { has: page.getByRole('heading', { name: 'Dulces y chocolates' }) });
    await expect(withoutImage.locator('[data-placeholder] svg[aria-label="Viziona"]')).toBeVisible();
  });

  test('club: benefits and, for a visitor, a link to log in; the club terms are reachable', async ({ page }) => {
    await page.goto('/club-vizionarios');
    await expect(page.getByRole('heading', { name: 'Hasta 20% en boletas' })).toBeVisible();
    // The page is the same for everyone: the offer is in it, shown only to a logged-in person.
    await expect(page.getByText(/Afíliate por solo/)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Inicia sesión para afiliarte' })).toHaveAttribute(
      'href',
      /^\/iniciar-sesion/,
    );
    await page.getByRole('link', { name: 'términos y condiciones del Club Vizionarios' }).click();
    await expect(page).toHaveURL(/\/pagina\/terminos-y-condiciones-club-vizionarios$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('No se encontró contenido.')).toHaveCount(0);
  });

  test('corporate: five numbered sections and the gallery', async ({ page }) => {
    await page.goto('/corporativo');
    const sections = page.locator('[data-section]');
    await expect(sections).toHaveCount(5);
    for (const title of ['Alquiler de sala', 'Bonos', 'Bonos de regalo', 'Branding']) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    expect(await page.getByRole('list', { name: 'Galería de activaciones' }).getByRole('img').count()).toBeGreaterThan(
      0,
    );
  });

  test('search engines: sitemap and robots', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`${baseURL}/cartelera`);
    expect(xml).toMatch(/\/viziona\/pelicula\/[\w-]+<\/loc>/);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

/** The date link lies entirely within its strip's visible part (the strip scrolls sideways). */
async function shownInStrip(date: Locator): Promise<boolean> {
  return date.evaluate((link) => {
    const strip = link.closest('nav')!.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    return box.left >= strip.left - 1 && box.right <= strip.right + 1;
  });
}

test('a date strip that does not fit shows it and scrolls by its buttons, by keyboard and by touch', async ({
  page,
  request,
  hasTouch,
}) => {
  const movie = (await nowShowing(request))[0]!;
  await page.goto(`/viziona/pelicula/${movie.slug}`);
  await ready(page);
  const picker = page.locator('vz-date-picker');
  const dates = picker.getByRole('navigation').getByRole('link');
  const previous = picker.getByRole('button', { name: 'Ver fechas anteriores' });
  const next = picker.getByRole('button', { name: 'Ver fechas siguientes' });
  // A week of 160 px dates is wider than a 1280 px screen's strip, and than a phone's.
  expect(await shownInStrip(dates.last())).toBe(false);
  await expect(next).toBeVisible();
  await expect(next).not.toHaveAttribute('aria-disabled');
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await expect(picker.getByRole('navigation')).toHaveAttribute('data-more-after');

  const press = async (button: Locator) => {
    if (hasTouch) await button.tap();
    else {
      await button.focus();
      await page.keyboard.press('Enter');
    }
  };
  for (let step = 0; step < 10 && (await next.getAttribute('aria-disabled')) === null; step += 1) {
    await press(next);
    await page.waitForTimeout(400);
  }
  await expect.poll(() => shownInStrip(dates.last())).toBe(true);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(previous).not.toHaveAttribute('aria-disabled');
  await expect(picker.getByRole('navigation')).toHaveAttribute('data-more-before');

  // A date reached by the keyboard scrolls into view by itself.
  await dates.first().focus();
  await expect.poll(() => shownInStrip(dates.first())).toBe(true);
});

test('an unknown movie reaches the not-found page', async ({ page, pageErrors }) => {
  pageErrors.expect(failedLoad('/404', 404));
  await page.goto('/viziona/pelicula/esta-pelicula-no-existe');
  await expect(page).toHaveURL(/\/404$/);
  await expect(
    page.getByRole('heading', { name: '¡Ups! No hemos encontrado la página que estás buscando' }),
  ).toBeVisible();
});

test('the home popup shows once per browser session', async ({ page, browser }) => {
  await watchDialogs(page);
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: 'Promoción' });
  await expect(popup).toBeVisible();
  expect(await misfitOf(popup)).toBeNull();
  await popup.getByRole('button', { name: 'Cerrar' }).click();
  await expect(popup).toBeHidden();
  await page.reload();
  await ready(page);
  await expect(page.locator('vz-home-popup dialog')).not.toHaveAttribute('open');

  const fresh = await browser.newPage();
  await fresh.goto(`${baseURL}/`);
  await expect(fresh.getByRole('dialog', { name: 'Promoción' })).toBeVisible();
  await fresh.close();
});

test('a visitor clicking an hour is asked to log in', async ({ page, hasTouch }) => {
  // An hour that has not started, whatever the hour the suite runs at.
  const showtime = await pickShowtime({ zones: ['General'] });
  const movie = showtime.movie;
  const showtimeId = String(showtime.id);
  await watchDialogs(page);
  await page.goto(moviePagePath(showtime));
  await page.waitForLoadState('networkidle');
  const hour = page.locator(`[data-date-panel]:not([hidden]) a[data-showtime="${showtimeId}"]`);
  // On the phone project, a tap (touch events), as a customer does.
  await (hasTouch ? hour.tap() : hour.click());
  const dialog = page.getByRole('dialog', { name: 'Inicia Sesión' });
  await expect(dialog).toBeVisible();
  expect(await misfitOf(dialog)).toBeNull();
  await expect(page).toHaveURL(new RegExp(`/viziona/pelicula/${movie.slug}\\?date=${showtime.date}$`));

  // Logging in through the prompt leads straight to the showtime that was chosen.
  await dialog.getByLabel('Correo electrónico').fill('demo@viziona.co');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('Demo1234');
  const submit = dialog.getByRole('button', { name: 'Ingresar' });
  await (hasTouch ? submit.tap() : submit.click());
  await expect(page).toHaveURL(new RegExp(`/viziona/pelicula/${movie.slug}/funcion/${showtimeId}$`));
});

test('a logged-in person reaches the purchase route from an hour, and sees the club price', async ({ page }) => {
  const api = page.request;
  const headers = { 'x-viziona-client': 'web', origin: baseURL };
  const captcha = await solvedRobotCheck(api);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const email = `catalogo.${unique}@correo.test`;
  const doc = String(Math.floor(1_000_000_000 + Math.random() * 8_999_999_999));
  const registered = await api.post('/bff/auth/register', {
    headers,
    data: {
      name: 'Camilo',
      lastname: 'Cartelera',
      email,
      confirmEmail: email,
      password: 'Cine12345',
      confirmPassword: 'Cine12345',
      doc_type: 'CC',
      doc_number: doc,
      confirmDocNumber: doc,
      phone: '3001234567',
      birthday: '1990-05-06',
      sex: 'M',
      accept_terms: true,
      accept_privacy: true,
      captcha,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await api.post('/bff/auth/login', { headers, data: { email, password: 'Cine12345' } });
  expect(login.status(), await login.text()).toBe(200);

  const showtime = await pickShowtime({ zones: ['General'] });
  const movie = showtime.movie;
  const showtimeId = String(showtime.id);
  // The same shared page as a visitor's (shared-pages.spec.ts): the hour's link is the same too.
  const response = await page.goto(moviePagePath(showtime));
  expect(response?.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  await page.waitForLoadState('networkidle');
  await page.locator(`[data-date-panel]:not([hidden]) a[data-showtime="${showtimeId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/viziona/pelicula/${movie.slug}/funcion/${showtimeId}$`));

  await page.goto('/club-vizionarios');
  // The purchase itself is the membership purchase island's (a button); before it, a link.
  const price = /^Afíliate por solo \$ \d{1,3}(\.\d{3})+$/;
  await expect(page.getByRole('button', { name: price }).or(page.getByRole('link', { name: price }))).toBeVisible();
});
