import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { test } from './fixtures.ts';
import { desktop, phone } from './devices.ts';
import { baseURL } from './playwright.config.ts';
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '#site/lib/page-cache.ts';
import { filterValue } from '#site/features/catalogue/showtime-filters.ts';
import type { BillboardWeekView, MovieDetailView, RoomDetailView } from '#shared/views/catalogue.ts';
import { bogotaToday } from '#shared/format/bogota-time.ts';

/**
 * Finding the showtime one wants: the version, format and room filters of the billboard, a
 * movie page and a room page (links kept in the query, combined with the date, working
 * without JavaScript, one cached copy per filter set, hostile queries sent to the canonical
 * address), and 'Compartir' on a movie page (share sheet, or the link copied). On a 390 px
 * phone and a 1366 px screen. What each page shows is read from the BFF's views, so the
 * expectations hold at any hour.
 */

const screens = { 'a phone': phone, 'a desktop': desktop } as const;
const EMPTY_TEXT = 'No hay funciones disponibles para tu selección. Intenta con otra fecha u horario.';
const COPIED_TEXT = 'Enlace copiado. Ya puedes pegarlo donde quieras.';

type Group = { format: string; version: string; roomName: string };
type Key = 'version' | 'format' | 'room';
const GROUP_NAMES: Record<Key, string> = { version: 'Versión', format: 'Formato', room: 'Sala' };
const labelOf = (group: Group, key: Key): string =>
  key === 'version' ? group.version : key === 'format' ? group.format : group.roomName;
const valuesOf = (groups: readonly Group[], key: Key): string[] =>
  [...new Set(groups.map((group) => labelOf(group, key)))].sort();

async function read<View>(request: APIRequestContext, path: string): Promise<View> {
  const answer = await request.get(path);
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as View;
}

/** The first date (from the second on: the first is also the default) whose groups offer two values of `key`. */
function dateOffering<Day extends { date: string }>(
  days: readonly Day[],
  groupsOf: (day: Day) => Group[],
  key: Key,
): { day: Day; values: string[] } {
  for (const day of [...days.slice(1), ...days.slice(0, 1)]) {
    const values = valuesOf(groupsOf(day), key);
    if (values.length >= 2) return { day, values };
  }
  throw new Error(`no date offers two values of ${key}`);
}

const billboardGroups = (day: BillboardWeekView['days'][number]): Group[] =>
  day.movies.flatMap((movie) => movie.groups);

async function openAs(browser: Browser, profile: BrowserContextOptions, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ ...profile, ...options });
  return { context, page: await context.newPage() };
}

/** The panel of the chosen date. */
const shownPanel = (scope: Locator): Locator => scope.locator('[data-date-panel]:not([hidden])');

/** The headings of the hour lists shown ('Horarios de X: 2D · Doblada'). */
async function shownGroupLabels(panel: Locator): Promise<string[]> {
  return panel
    .locator('ul[aria-label^="Horarios de"]')
    .evaluateAll((lists) => lists.map((list) => list.getAttribute('aria-label') ?? ''));
}

/** Every list shown is of `label` (a format or a version: the lists' headings). */
async function expectOnlyGroupsWith(panel: Locator, label: string): Promise<void> {
  await expect(panel.locator('ul[aria-label^="Horarios de"]').first()).toBeVisible();
  const labels = await shownGroupLabels(panel);
  expect(labels.length).toBeGreaterThan(0);
  for (const shown of labels) expect(shown.split(': ').at(-1)!.split(' · ')).toContain(label);
}

/** Every hour shown is in `room` (each hour names its room). */
async function expectOnlyRoom(panel: Locator, room: string): Promise<void> {
  await expect(panel.locator('ul[aria-label^="Horarios de"]').first()).toBeVisible();
  const rooms = await panel.locator('li[data-room]').evaluateAll((items) => items.map((item) => item.dataset.room));
  expect(rooms.length).toBeGreaterThan(0);
  for (const shown of rooms) expect(shown).toBe(room);
}

function filterLink(panel: Locator, key: Key, label: string): Locator {
  return panel
    .getByRole('group', { name: GROUP_NAMES[key], exact: true })
    .getByRole('link', { name: label, exact: true });
}

/** The link lies within the visible part of its row (which scrolls sideways on a phone). */
async function shownInRow(link: Locator): Promise<boolean> {
  return link.evaluate((element) => {
    const row = element.closest('[data-scroll-strip]')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.left >= row.left - 1 && box.right <= row.right + 1;
  });
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const [screen, profile] of Object.entries(screens)) {
  test.describe(`on ${screen}`, () => {
    test('the billboard filters by version, then by format on another date, and keeps both in its links', async ({
      browser,
      request,
    }) => {
      const week = await read<BillboardWeekView>(request, '/bff/catalogue/movies/week');
      // Tomorrow: a whole day at any hour (late in the evening the page opens on it anyway).
      const first = week.days[1]!;
      const versions = valuesOf(billboardGroups(first), 'version');
      expect(versions.length).toBeGreaterThanOrEqual(2);
      const version = versions[1]!;
      const { page, context } = await openAs(browser, profile);
      await page.goto(`/cartelera?date=${first.date}`);
      const picker = page.locator('vz-date-picker');
      let panel = shownPanel(picker);
      const versionGroup = panel.getByRole('group', { name: 'Versión', exact: true });
      await expect(versionGroup.getByRole('link', { name: 'Todas', exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await filterLink(panel, 'version', version).click();
      await expect(page).toHaveURL(
        new RegExp(`/cartelera\\?date=${first.date}&version=${filterValue(version)}#funciones$`),
      );
      panel = shownPanel(picker);
      await expect(filterLink(panel, 'version', version)).toHaveAttribute('aria-current', 'true');
      await expectOnlyGroupsWith(panel, version);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // Another date (fetched as a fragment with the filters), then a format on that date.
      const other = week.days
        .slice(2)
        .find(
          (day) =>
            billboardGroups(day).some((group) => group.version === version) &&
            valuesOf(billboardGroups(day), 'format').length >= 2,
        )!;
      const dateLink = picker.locator(`a[data-date="${other.date}"]`);
      await expect(dateLink).toHaveAttribute('href', `?date=${other.date}&version=${filterValue(version)}#funciones`);
      await dateLink.click();
      await expect(page).toHaveURL(new RegExp(`\\?date=${other.date}&version=${filterValue(version)}#funciones$`));
      panel = shownPanel(picker);
      await expect(panel).toHaveAttribute('data-date-panel', other.date);
      await expect(filterLink(panel, 'version', version)).toHaveAttribute('aria-current', 'true');
      await expectOnlyGroupsWith(panel, version);
      const formats = valuesOf(
        billboardGroups(other).filter((group) => group.version === version),
        'format',
      );
      const format = formats[0]!;
      await filterLink(panel, 'format', format).click();
      await expect(page).toHaveURL(
        new RegExp(`\\?date=${other.date}&version=${filterValue(version)}&format=${filterValue(format)}#funciones$`),
      );
      panel = shownPanel(picker);
      await expectOnlyGroupsWith(panel, version);
      await expectOnlyGroupsWith(panel, format);
      // 'Todas' takes the version off and keeps the format.
      await panel.getByRole('group', { name: 'Versión', exact: true }).getByRole('link', { name: 'Todas' }).click();
      await expect(page).toHaveURL(new RegExp(`\\?date=${other.date}&format=${filterValue(format)}#funciones$`));
      await context.close();
    });

    test('the billboard filters by room', async ({ browser, request }) => {
      const week = await read<BillboardWeekView>(request, '/bff/catalogue/movies/week');
      const { day, values } = dateOffering(week.days, billboardGroups, 'room');
      const room = values.at(-1)!;
      const { page, context } = await openAs(browser, profile);
      await page.goto(`/cartelera?date=${day.date}`);
      const panel = shownPanel(page.locator('vz-date-picker'));
      await filterLink(panel, 'room', room).click();
      await expect(page).toHaveURL(new RegExp(`\\?date=${day.date}&room=${filterValue(room)}#funciones$`));
      await expectOnlyRoom(shownPanel(page.locator('vz-date-picker')), room);
      // The chosen room is in view, also at the end of a phone's scrolling row.
      const chosen = filterLink(shownPanel(page.locator('vz-date-picker')), 'room', room);
      await expect.poll(() => shownInRow(chosen)).toBe(true);
      const movies = day.movies.filter((movie) => movie.groups.some((group) => group.roomName === room));
      await expect(shownPanel(page.locator('vz-date-picker')).locator('[data-movie]')).toHaveCount(movies.length);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });

    test('a movie page filters by format and room on the date chosen', async ({ browser, request }) => {
      const { movies } = await read<{ movies: Array<{ slug: string }> }>(request, '/bff/catalogue/movies');
      let found: { detail: MovieDetailView; day: MovieDetailView['days'][number]; rooms: string[] } | null = null;
      for (const { slug } of movies) {
        const detail = await read<MovieDetailView>(request, `/bff/catalogue/movies/viziona/${slug}`);
        // Not today: late in the evening today's hours have started and the page hides them.
        const day = detail.days.find(
          (item) => item.date !== bogotaToday() && valuesOf(item.groups, 'room').length >= 2,
        );
        if (day) {
          found = { detail, day, rooms: valuesOf(day.groups, 'room') };
          break;
        }
      }
      expect(found, 'a movie playing in two rooms on one date').not.toBeNull();
      const { detail, day, rooms } = found!;
      const room = rooms[0]!;
      const format = day.groups.find((group) => group.roomName === room)!.format;
      const path = `/viziona/pelicula/${detail.movie.slug}`;
      const { page, context } = await openAs(browser, profile);
      await page.goto(`${path}?date=${day.date}`);
      const picker = page.locator('vz-date-picker');
      await filterLink(shownPanel(picker), 'room', room).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?date=${day.date}&room=${filterValue(room)}#funciones$`));
      await expectOnlyRoom(shownPanel(picker), room);
      const formatGroup = shownPanel(picker).getByRole('group', { name: 'Formato', exact: true });
      if ((await formatGroup.count()) > 0) {
        await formatGroup.getByRole('link', { name: format, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`&format=${filterValue(format)}&room=${filterValue(room)}#funciones$`));
        await expectOnlyGroupsWith(shownPanel(picker), format);
      }
      // Every date's link keeps the filters; every date's panel is filtered already.
      for (const link of await picker.getByRole('navigation').getByRole('link').all()) {
        await expect(link).toHaveAttribute('href', new RegExp(`room=${filterValue(room)}#funciones$`));
      }
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });

    test('a room page filters by version and format, not by room', async ({ browser, request }) => {
      const { rooms } = await read<{ rooms: Array<{ slug: string }> }>(request, '/bff/catalogue/rooms');
      let found: { slug: string; day: RoomDetailView['days'][number]; versions: string[] } | null = null;
      for (const { slug } of rooms) {
        const detail = await read<RoomDetailView>(request, `/bff/catalogue/rooms/${slug}`);
        const groupsOf = (day: RoomDetailView['days'][number]) => day.movies.flatMap((movie) => movie.groups);
        const day = detail.days.find(
          (item) => item.date !== bogotaToday() && valuesOf(groupsOf(item), 'version').length >= 2,
        );
        if (day) {
          found = { slug, day, versions: valuesOf(groupsOf(day), 'version') };
          break;
        }
      }
      expect(found, 'a room with two versions on one date').not.toBeNull();
      const { slug, day, versions } = found!;
      const { page, context } = await openAs(browser, profile);
      await page.goto(`/sala/${slug}?date=${day.date}`);
      const panel = shownPanel(page.locator('vz-date-picker'));
      await expect(panel.getByRole('group', { name: 'Sala', exact: true })).toHaveCount(0);
      await filterLink(panel, 'version', versions[0]!).click();
      await expect(page).toHaveURL(
        new RegExp(`/sala/${slug}\\?date=${day.date}&version=${filterValue(versions[0]!)}#funciones$`),
      );
      await expectOnlyGroupsWith(shownPanel(page.locator('vz-date-picker')), versions[0]!);
      const movies = day.movies.filter((movie) => movie.groups.some((group) => group.version === versions[0]));
      await expect(shownPanel(page.locator('vz-date-picker')).locator('[data-movie]')).toHaveCount(movies.length);
      // A room filter is not one of this page's: the address drops it.
      await page.goto(`/sala/${slug}?date=${day.date}&room=sala-1`);
      await expect(page).toHaveURL(new RegExp(`/sala/${slug}\\?date=${day.date}$`));
      await context.close();
    });

    test('the filters are reached and followed with the keyboard, their focus visible', async ({ browser }) => {
      const { page, context } = await openAs(browser, profile);
      await page.goto('/cartelera');
      const picker = page.locator('vz-date-picker');
      await picker.getByRole('navigation').getByRole('link').first().focus();
      // From the dates, Tab reaches the first filter (past the strip's other dates and buttons).
      for (let step = 0; step < 20; step += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement?.hasAttribute('data-filter'))) break;
      }
      const focused = page.locator('[data-filter]:focus');
      await expect(focused).toHaveText(/^✓\s*Todas$/);
      expect(await focused.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Tab');
      const next = await page.locator('[data-filter]:focus').getAttribute('href');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${next!.replace(/[?.*+^$()|[\]\\]/g, '\\$&')}$`));
      await context.close();
    });

    test('a filter set with nothing to show says so and offers to take the filters off', async ({
      browser,
      request,
    }) => {
      const week = await read<BillboardWeekView>(request, '/bff/catalogue/movies/week');
      const all = week.days.flatMap(billboardGroups);
      const rooms = valuesOf(all, 'room');
      const formats = valuesOf(all, 'format');
      // A room and a format never shown together on the first date (a 2D-only room and 3D).
      const first = week.days[0]!;
      let pair: [string, string] | null = null;
      for (const room of rooms) {
        for (const format of formats) {
          const together = billboardGroups(first).some((group) => group.roomName === room && group.format === format);
          if (!together && !pair) pair = [room, format];
        }
      }
      expect(pair).not.toBeNull();
      const [room, format] = pair!;
      const { page, context } = await openAs(browser, profile);
      const path = `/cartelera?date=${first.date}&format=${filterValue(format)}&room=${filterValue(room)}`;
      await page.goto(path);
      const panel = shownPanel(page.locator('vz-date-picker'));
      await expect(panel.getByText(EMPTY_TEXT)).toBeVisible();
      await expect(panel.locator('[data-movie]')).toHaveCount(0);
      // The chosen values stay on offer, marked, so each can be taken off.
      await expect(filterLink(panel, 'format', format)).toHaveAttribute('aria-current', 'true');
      await expect(filterLink(panel, 'room', room)).toHaveAttribute('aria-current', 'true');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await panel.getByRole('link', { name: 'Quitar filtros' }).click();
      await expect(page).toHaveURL(new RegExp(`/cartelera\\?date=${first.date}#funciones$`));
      await expect(shownPanel(page.locator('vz-date-picker')).locator('[data-movie]').first()).toBeVisible();
      await context.close();
    });

    test('without JavaScript the filters and the dates are plain links, and Compartir is not shown', async ({
      browser,
      request,
    }) => {
      const week = await read<BillboardWeekView>(request, '/bff/catalogue/movies/week');
      const { day, values } = dateOffering(week.days, billboardGroups, 'format');
      const format = values.at(-1)!;
      const { page, context } = await openAs(browser, profile, { javaScriptEnabled: false });
      await page.goto('/cartelera');
      // The first date's panel is in the page; the other dates are links the server renders.
      const dateLink = page.locator(`vz-date-picker a[data-date="${day.date}"]`);
      await dateLink.click();
      await expect(page).toHaveURL(new RegExp(`\\?date=${day.date}#funciones$`));
      let panel = page.locator(`[data-date-panel="${day.date}"]`);
      await filterLink(panel, 'format', format).click();
      await expect(page).toHaveURL(new RegExp(`\\?date=${day.date}&format=${filterValue(format)}#funciones$`));
      panel = page.locator(`[data-date-panel="${day.date}"]`);
      await expectOnlyGroupsWith(panel, format);
      const other = week.days.find((item) => item.date !== day.date)!;
      await page.locator(`vz-date-picker a[data-date="${other.date}"]`).click();
      await expect(page).toHaveURL(new RegExp(`\\?date=${other.date}&format=${filterValue(format)}#funciones$`));
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      const { movies } = await read<{ movies: Array<{ slug: string; title: string }> }>(
        request,
        '/bff/catalogue/movies',
      );
      await page.goto(`/viziona/pelicula/${movies[0]!.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: movies[0]!.title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Compartir' })).toBeHidden();
      await context.close();
    });

    test('Compartir copies the movie’s link where there is no share sheet, and says so', async ({
      browser,
      request,
    }) => {
      const { movies } = await read<{ movies: Array<{ slug: string }> }>(request, '/bff/catalogue/movies');
      const { page, context } = await openAs(browser, profile);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.addInitScript(() => {
        // A browser without the Web Share API (most desktops).
        Reflect.deleteProperty(Navigator.prototype, 'share');
        Reflect.deleteProperty(Navigator.prototype, 'canShare');
      });
      const path = `/viziona/pelicula/${movies[0]!.slug}`;
      const detail = await read<MovieDetailView>(request, `/bff/catalogue/movies/viziona/${movies[0]!.slug}`);
      await page.goto(`${path}?date=${detail.dates.at(-1)!.date}`);
      const share = page.getByRole('button', { name: 'Compartir' });
      await expect(share).toBeVisible();
      await share.click();
      const status = page.getByRole('status').filter({ hasText: COPIED_TEXT });
      await expect(status).toBeVisible();
      // The movie's own address, without the date or the filters of this visit.
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}`);
      await context.close();
    });

    test('Compartir opens the share sheet where the browser has one', async ({ browser, request }) => {
      const { movies } = await read<{ movies: Array<{ slug: string; title: string }> }>(
        request,
        '/bff/catalogue/movies',
      );
      const { page, context } = await openAs(browser, profile);
      await page.addInitScript(() => {
        const shared: ShareData[] = [];
        Object.defineProperty(window, 'sharedByTest', { value: shared });
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async (data: ShareData) => {
            shared.push(data);
          },
        });
        Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
      });
      const movie = movies[0]!;
      await page.goto(`/viziona/pelicula/${movie.slug}`);
      await page.getByRole('button', { name: 'Compartir' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { sharedByTest: ShareData[] }).sharedByTest))
        .toEqual([
          {
            title: `${movie.title} | Viziona`,
            text: `${movie.title}: funciones y boletas en Viziona.`,
            url: `${baseURL}/viziona/pelicula/${movie.slug}`,
          },
        ]);
      // The sheet is the confirmation: nothing was copied or announced.
      await expect(page.getByRole('status').filter({ hasText: COPIED_TEXT })).toHaveCount(0);
      await context.close();
    });
  });
}

test.describe('one cached copy per filter set', () => {
  test('a filtered page is public with an ETag; other spellings of it are redirected, never stored', async ({
    request,
  }) => {
    const week = await read<BillboardWeekView>(request, '/bff/catalogue/movies/week');
    const day = week.days[1] ?? week.days[0]!;
    const version = filterValue(valuesOf(billboardGroups(day), 'version')[0]!);
    const canonical = `/cartelera?date=${day.date}&version=${version}`;
    const page = await request.get(canonical, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(page.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const etag = page.headers()['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers()['set-cookie']).toBeUndefined();
    const again = await request.get(canonical, { maxRedirects: 0, headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
    // Another filter set is another copy.
    const unfiltered = await request.get(`/cartelera?date=${day.date}`, { maxRedirects: 0 });
    expect(unfiltered.headers()['etag']).not.toBe(etag);

    const spellings = [
      `/cartelera?version=${version}&date=${day.date}`,
      `/cartelera?date=${day.date}&version=${version.toUpperCase()}`,
      `/cartelera?date=${day.date}&version=${version}&version=${version}`,
      `/cartelera?date=${day.date}&version=${encodeURIComponent(version).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      `/cartelera?date=${day.date}&version=${version}&format=imax`,
      `/cartelera?date=${day.date}&version=${version}&version[]=x&utm_source=correo`,
      `/cartelera?date=${day.date}&version=${version}&x=${'y'.repeat(4000)}`,
    ];
    for (const spelling of spellings) {
      const answer = await request.get(spelling, { maxRedirects: 0 });
      expect(answer.status(), spelling).toBe(302);
      expect(answer.headers()['location'], spelling).toBe(canonical);
      expect(answer.headers()['cache-control'], spelling).toBe(PRIVATE_CACHE_CONTROL);
    }
    for (const hostile of ['?version=%00', '?room[0]=1', '?date=2026-13-45', '?__proto__[x]=1', '?format=%C3%B1']) {
      const answer = await request.get(`/cartelera${hostile}`, { maxRedirects: 0 });
      expect(answer.status(), hostile).toBe(302);
      expect(answer.headers()['location'], hostile).toBe('/cartelera');
    }
    // Bytes that are not UTF-8: the site's server refuses the address itself, and nothing keeps that.
    const malformed = await request.get('/cartelera?format=%ff', { maxRedirects: 0 });
    expect(malformed.status()).toBe(400);
    expect(malformed.headers()['cache-control'] ?? '').not.toContain('public');
  });

  test('the fragments the billboard fetches carry the filters, canonical too', async ({ request }) => {
    const week = await read<BillboardWeekView>(request, '/bff/catalogue/movies/week');
    const { day, values } = dateOffering(week.days, billboardGroups, 'format');
    const format = filterValue(values[0]!);
    const path = `/fragmentos/cartelera/${day.date}/filtros?format=${format}`;
    const fragment = await request.get(path, { maxRedirects: 0 });
    expect(fragment.status()).toBe(200);
    expect(fragment.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const html = await fragment.text();
    expect(html).not.toContain('<html');
    expect(html).toContain(`href="?date=${day.date}&amp;format=${format}#funciones"`);
    const other = await request.get(`/fragmentos/cartelera/${day.date}/filtros?format=${format.toUpperCase()}&x=1`, {
      maxRedirects: 0,
    });
    expect(other.status()).toBe(302);
    expect(other.headers()['location']).toBe(path);
  });
});
