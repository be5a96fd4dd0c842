import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import { moviePagePath, pickShowtime, startedShowtime, type TestShowtime } from './showtimes.ts';

/**
 * A movie's hours as a person scans them (issue 30): in time order within each format and
 * version, each naming its room, several to a row on a phone; a showtime that has started is
 * never a link (home, billboard, movie page), also when the page was rendered before it started
 * (the page's own script, driven here by the browser's clock); and on a phone the first hour of
 * a movie page is on the first screen. Runs on the desktop and the phone projects.
 */

/** The panel of the date chosen (a page may hold several date pickers' panels). */
const shownPanel = (page: Page): Locator => page.locator('[data-date-panel]:not([hidden])').first();

interface ListedRow {
  label: string;
  starts: number[];
  rooms: Array<string | undefined>;
  chipTexts: string[];
  tops: number[];
}

/** Every hour list shown in `scope`, with its hours' starts, rooms, texts and positions. */
async function listedRows(scope: Locator): Promise<ListedRow[]> {
  return scope.locator('ul[aria-label^="Horarios de"]').evaluateAll((lists) =>
    lists
      .filter((list) => (list as HTMLElement).offsetParent !== null)
      .map((list) => {
        const items = [...list.querySelectorAll<HTMLElement>('li[data-starts]:not([hidden])')];
        return {
          label: list.getAttribute('aria-label') ?? '',
          starts: items.map((item) => Number(item.dataset.starts)),
          rooms: items.map((item) => item.dataset.room),
          chipTexts: items.map((item) => item.innerText.replace(/\s+/g, ' ').trim()),
          tops: items.map((item) => Math.round(item.getBoundingClientRect().top + window.scrollY)),
        };
      }),
  );
}

async function expectScannableHours(scope: Locator, options: { roomNamed: boolean; phone: boolean }): Promise<void> {
  const rows = await listedRows(scope);
  expect(rows.length, 'hour lists shown').toBeGreaterThan(0);
  let rowsWithSeveral = 0;
  for (const row of rows) {
    // In time order, whatever the room.
    expect(row.starts, row.label).toEqual([...row.starts].sort((a, b) => a - b));
    // Grouped by format and version only: the room is named at each hour instead.
    expect(row.label).toMatch(/^Horarios de .+: [^·]+ · [^·]+$/);
    if (options.roomNamed)
      row.chipTexts.forEach((text, index) => {
        if (!text.includes('En curso')) expect(text).toContain(row.rooms[index]!);
      });
    if (row.tops.length >= 3) {
      rowsWithSeveral += 1;
      // Several to a row, on a phone too: the first three share a line.
      expect(new Set(row.tops.slice(0, 3)).size, `${row.label}: ${row.chipTexts.join(', ')}`).toBe(1);
    }
  }
  if (options.phone) expect(rowsWithSeveral, 'a list with three hours or more').toBeGreaterThan(0);
}

const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 0) < 500;

test("a day's hours read in time order, each naming its room, on home, billboard, movie and room pages", async ({
  page,
  request,
}) => {
  const phone = isPhone(page);
  // Today as the page opens, and tomorrow, a whole day at any hour (late in the evening today
  // has few hours left, too few to show several to a row).
  const tomorrow = bogotaDate(Date.now() + 86_400_000);
  await page.goto('/');
  const home = page.getByRole('region', { name: 'Cartelera' });
  await expectScannableHours(home, { roomNamed: true, phone: false });
  test.info().annotations.push({
    type: 'home height',
    description: String(await page.evaluate(() => document.documentElement.scrollHeight)),
  });
  await page.goto(`/?date=${tomorrow}`);
  await expectScannableHours(home, { roomNamed: true, phone });

  await page.goto('/cartelera');
  await expectScannableHours(shownPanel(page), { roomNamed: true, phone: false });
  await page.goto(`/cartelera?date=${tomorrow}`);
  await expectScannableHours(shownPanel(page), { roomNamed: true, phone });

  const showtime = await pickShowtime();
  await page.goto(moviePagePath(showtime));
  await expectScannableHours(shownPanel(page), { roomNamed: true, phone: false });

  const rooms = (await (await request.get('/bff/catalogue/rooms')).json()) as {
    rooms: Array<{ id: number; slug: string }>;
  };
  const room = rooms.rooms.find((candidate) => candidate.id === showtime.room)!;
  await page.goto(`/sala/${room.slug}?date=${showtime.date}`);
  // The room page is one room: its hours do not repeat it.
  await expectScannableHours(shownPanel(page), { roomNamed: false, phone: false });
  const roomRows = await listedRows(shownPanel(page));
  for (const row of roomRows) for (const text of row.chipTexts) expect(text).not.toContain('Sala');
});

/** No link anywhere on the page leads to the showtime's purchase route; where it is listed, it says 'En curso'. */
async function expectNotSold(page: Page, showtime: TestShowtime): Promise<void> {
  await expect(page.locator(`a[data-showtime="${showtime.id}"]`)).toHaveCount(0);
  await expect(page.locator(`a[href$="/funcion/${showtime.id}"]`)).toHaveCount(0);
  const listed = page.locator(`li[data-id="${showtime.id}"]`);
  for (const item of await listed.all()) {
    if (await item.isHidden()) continue;
    await expect(item).toContainText('En curso');
    await expect(item.getByRole('link')).toHaveCount(0);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a showtime that has started is never offered as a link on home, billboard or its movie page', async ({
      page,
    }) => {
      // The sandbox keeps a started showtime every day, whatever the hour; the server renders
      // it without a link, and the page's script keeps it so.
      const started = await startedShowtime();
      for (const path of ['/', '/cartelera', `/viziona/pelicula/${started.movie.slug}`, moviePagePath(started)]) {
        await page.goto(path);
        await expectNotSold(page, started);
      }
    });
  });
}

test.describe('a page rendered before an hour starts', () => {
  test('turns the hour into "En curso" once it starts, without a reload, and a tap on it stays put', async ({
    page,
  }) => {
    const showtime = await pickShowtime();
    // The browser's clock, not the machine's: the page is rendered now, the browser lives on.
    await page.clock.install();
    await page.goto(moviePagePath(showtime));
    const link = shownPanel(page).locator(`a[data-showtime="${showtime.id}"]`);
    await expect(link).toBeVisible();

    // A minute after the start, before the page's next look at the clock: the tap is kept.
    await page.clock.setSystemTime(showtime.startsAt + 60_000);
    const address = page.url();
    await link.click();
    expect(page.url()).toBe(address);
    await expectNotSold(page, showtime);
    await expect(shownPanel(page).locator(`li[data-id="${showtime.id}"]`)).toContainText('En curso');
  });

  test('leaves an hour out once its movie is over, and says so when none is left', async ({ page }) => {
    const showtime = await pickShowtime();
    await page.clock.install();
    await page.goto(moviePagePath(showtime));
    const panel = shownPanel(page);
    await expect(panel.locator(`a[data-showtime="${showtime.id}"]`)).toBeVisible();
    const lastEnd = await panel
      .locator('li[data-ends]')
      .evaluateAll((items) => Math.max(...items.map((item) => Number((item as HTMLElement).dataset.ends))));

    await page.clock.setSystemTime(showtime.startsAt + 1);
    await page.clock.runFor(20_000);
    await expect(panel.locator(`li[data-id="${showtime.id}"]`)).toContainText('En curso');

    await page.clock.setSystemTime(lastEnd);
    await page.clock.runFor(20_000);
    await expect(panel.locator('li[data-starts]:visible')).toHaveCount(0);
    await expect(panel.getByText('Ya no quedan funciones de esta película en esta fecha.')).toBeVisible();
  });
});

test('on a movie page the dates and the first hours come first: the first hour on the first screen', async ({
  page,
}) => {
  const showtime = await pickShowtime();
  await page.goto(moviePagePath(showtime));
  const firstHour = shownPanel(page).locator('li[data-starts]').first();
  const box = (await firstHour.boundingBox())!;
  const bottom = box.y + box.height;
  const screenHeight = page.viewportSize()!.height;
  test.info().annotations.push({ type: 'first hour bottom', description: String(bottom) });
  // 844 px on the phone (issue 30: 1,630 px before); the laptop's 768 px screen too.
  expect(bottom).toBeLessThanOrEqual(screenHeight);
  const dates = page.getByRole('navigation', { name: `Fechas de ${showtime.movie.title}` });
  const datesBox = (await dates.boundingBox())!;
  expect(datesBox.y + datesBox.height).toBeLessThanOrEqual(screenHeight);
  // Synopsis, details and trailer follow the hours.
  const synopsis = (await page.getByText('Sinopsis', { exact: true }).boundingBox())!;
  expect(synopsis.y).toBeGreaterThan(bottom);
});
