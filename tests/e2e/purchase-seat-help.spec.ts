import { expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { bestSeats } from '#shared/booking/best-seats.ts';
import { formatCop } from '#shared/format/money.ts';
import { computeTotals } from '#shared/booking/totals.ts';
import { segmentsOfRow } from '#shared/booking/lonely-seats.ts';
import type { BookingView, SeatMap } from '#shared/views/booking.ts';
import { wcagViolations } from './axe-audit.ts';
import { desktop, phone } from './devices.ts';
import { test } from './fixtures.ts';
import {
  APPROVED_CARD,
  contextAs,
  freeRuns,
  modal,
  openAs,
  payByCard,
  preparePurchases,
  purchasePath,
  reserve,
  sandboxSeatState,
  seatButton,
  selectionBar,
  takeShowtime,
} from './purchase-helpers.ts';

/**
 * What the purchase screen does beyond the spec (issue 22), on a laptop and on a phone: the
 * best seats for a count, the picked seats someone else took named under the map, the single
 * seat a pick would leave alone, and a member renewing Club Vizionarios.
 */

test.describe.configure({ timeout: 120_000 });
test.beforeAll(async ({ browser }) => preparePurchases(browser));

const DEVICES: Record<'desktop' | 'phone', BrowserContextOptions> = { desktop, phone };
const LONELY = 'Tu selección deja una silla sola. Elige la silla de al lado o deja un espacio de al menos dos.';
const NO_ROOM = 'No hay sillas disponibles para esa cantidad en esta zona.';

/** The purchase page's booking view, through the page's own session. */
async function bookingView(page: Page, showtimeId: number): Promise<BookingView> {
  return (await (await page.request.get(`/bff/booking/${showtimeId}`)).json()) as BookingView;
}

/** What the bar under the map says `seats` seats of `zone` cost: the amount charged, service included. */
const amountFor = (view: BookingView, zone: string, seats: number): number =>
  computeTotals({
    seats,
    ticketUnitPrice: view.zones.find((offer) => offer.zone === zone)?.price ?? 0,
    ticketSavingPerSeat: 0,
    snacks: [],
    fees: view.fees,
  }).total;

/** Whether the seat sits right beside a wheelchair space of its row. */
const besideWheelchairSpace = (map: SeatMap, seat: string): boolean =>
  map.rows.some((row) =>
    segmentsOfRow(row).some((segment) =>
      segment.some(
        (cell, index) =>
          cell.id === seat && [segment[index - 1], segment[index + 1]].some((next) => next?.state === 'disabled'),
      ),
    ),
  );

for (const device of ['desktop', 'phone'] as const) {
  test(`${device}: 'Elegir las mejores sillas' picks the count asked, as if clicked, and beside a wheelchair space when asked`, async ({
    browser,
  }) => {
    const showtime = takeShowtime();
    const page = await openAs(browser, 'demo', purchasePath(showtime), { device: DEVICES[device] });
    const view = await bookingView(page, showtime.id);
    const best = bestSeats(view.seatMap, { zone: 'General', count: 3 });
    if (!best.found) throw new Error('an untouched room has three General seats together');

    await page.getByLabel('Cantidad de sillas').selectOption('3');
    const pick = page.getByRole('button', { name: 'Elegir las mejores sillas' });
    if (device === 'desktop') {
      // From the keyboard: the count, then Tab to the button and Enter.
      await page.getByLabel('Cantidad de sillas').focus();
      await page.keyboard.press('Tab');
      await expect(pick).toBeFocused();
      await page.keyboard.press('Enter');
    } else await pick.tap();
    for (const seat of best.seats) await expect(seatButton(page, seat, 'seleccionada')).toBeVisible();
    await expect(page.locator('button[data-seat][aria-pressed="true"]')).toHaveCount(3);
    const amount = (seats: number) => amountFor(view, 'General', seats);
    await expect(selectionBar(page)).toHaveText(
      `Sillas seleccionadas: ${best.seats.join(', ')} · ${formatCop(amount(3))}`,
    );
    expect(await wcagViolations(page)).toEqual([]);

    // Each can be changed as if clicked by hand; the bar follows.
    const [, , last = ''] = best.seats;
    await seatButton(page, last, 'seleccionada').click();
    await expect(selectionBar(page)).toHaveText(
      `Sillas seleccionadas: ${best.seats.slice(0, 2).join(', ')} · ${formatCop(amount(2))}`,
    );
    await seatButton(page, last, 'disponible').click();
    await reserve(page);
    for (const seat of best.seats) expect(await sandboxSeatState(showtime.id, seat)).toBe('O');
    await page
      .getByRole('button', { name: 'Cambiar datos anteriores (Deberás volver a seleccionar tu confitería)' })
      .click();
    await expect(page.getByRole('heading', { name: 'Selecciona la ubicación' })).toBeVisible();

    // Preferencial holds the room's wheelchair spaces (its back row): beside one, when asked.
    await page
      .getByRole('radiogroup', { name: 'Ubicación' })
      .locator('label')
      .filter({ hasText: 'Preferencial' })
      .click();
    const beside = page.getByRole('checkbox', { name: 'Junto a un espacio para silla de ruedas' });
    await beside.check();
    await expect(beside).toHaveAccessibleDescription(/se reservan en taquilla/);
    await page.getByLabel('Cantidad de sillas').selectOption('2');
    await pick.click();
    const room = (await bookingView(page, showtime.id)).seatMap;
    const companions = bestSeats(room, { zone: 'Preferencial', count: 2, besideWheelchairSpace: true });
    if (!companions.found) throw new Error('the back row has seats beside its wheelchair spaces');
    expect(companions.seats.some((seat) => besideWheelchairSpace(room, seat))).toBe(true);
    for (const seat of companions.seats) await expect(seatButton(page, seat, 'seleccionada')).toBeVisible();
    await expect(page.locator('button[data-seat][aria-pressed="true"]')).toHaveCount(2);

    // Ten beside a wheelchair space do not fit in any sandbox room: said under the control, nothing picked.
    await page.getByLabel('Cantidad de sillas').selectOption('10');
    await pick.click();
    await expect(page.getByText(NO_ROOM)).toBeVisible();
    await expect(page.getByText(NO_ROOM)).toHaveAttribute('aria-live', 'polite');
    await expect(page.locator('button[data-seat][aria-pressed="true"]')).toHaveCount(2);
    await page.context().close();
  });

  test(`${device}: picked seats taken in another browser are named under the map, and the bar's count and total follow`, async ({
    browser,
  }) => {
    const showtime = takeShowtime();
    const path = purchasePath(showtime);
    const watcher = await openAs(browser, 'demo', path, { device: DEVICES[device] });
    const holder = await openAs(browser, 'nuevo', path);
    const run = (await freeRuns(watcher)).find((seats) => seats.length >= 5) ?? [];
    const [first = '', second = '', third = '', fifth = ''] = [run[0], run[1], run[2], run[4]];
    for (const seat of [first, second, third]) await seatButton(watcher, seat, 'disponible').click();
    const view = await bookingView(watcher, showtime.id);
    const amount = (seats: number) => amountFor(view, 'General', seats);
    await expect(selectionBar(watcher)).toHaveText(
      `Sillas seleccionadas: ${first}, ${second}, ${third} · ${formatCop(amount(3))}`,
    );

    // One seat taken on the phone, two on the laptop: one sentence, or the plural.
    const taken = device === 'phone' ? [first] : [first, second];
    for (const seat of taken) await seatButton(holder, seat, 'disponible').click();
    await reserve(holder);
    const notice = watcher.getByText(
      taken.length === 1
        ? `La silla ${first} ya no está disponible. Elige otra.`
        : `Las sillas ${first} y ${second} ya no están disponibles. Elige otras.`,
    );
    // No reload: the watcher's map follows the room through the BFF's live stream.
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toHaveAttribute('aria-live', 'polite');
    await expect(notice).toBeInViewport();
    for (const seat of taken) await expect(seatButton(watcher, seat, 'ocupada')).toBeVisible();
    const kept = [first, second, third].filter((seat) => !taken.includes(seat));
    await expect(selectionBar(watcher)).toHaveText(
      `Sillas seleccionadas: ${kept.join(', ')} · ${formatCop(amount(kept.length))}`,
    );
    expect(await wcagViolations(watcher)).toEqual([]);

    // The next pick replaces the notice.
    await seatButton(watcher, fifth, 'disponible').click();
    await expect(notice).toHaveCount(0);
    await holder
      .getByRole('button', { name: 'Cambiar datos anteriores (Deberás volver a seleccionar tu confitería)' })
      .click();
    await holder.context().close();
    await watcher.context().close();
  });

  test(`${device}: a pick that leaves one seat alone says so before 'Continuar con la compra', which waits`, async ({
    browser,
  }) => {
    const showtime = takeShowtime();
    const page = await openAs(browser, 'demo', purchasePath(showtime), { device: DEVICES[device] });
    const reservations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/reserve')) reservations.push(request.url());
    });
    const run = (await freeRuns(page)).find((seats) => seats.length >= 4) ?? [];
    const [end = '', second = ''] = run;
    await seatButton(page, second, 'disponible').click();
    const warning = page.getByText(LONELY, { exact: true });
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAttribute('aria-live', 'polite');
    const proceed = page.getByRole('button', { name: 'Continuar con la compra' });
    await expect(proceed).toHaveAttribute('aria-disabled', 'true');
    await expect(proceed).toHaveAccessibleDescription(LONELY);
    // The message comes before the button, in reading and in Tab order.
    expect(
      await warning.evaluate(
        (element, button) =>
          Boolean(button && element.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
        await proceed.elementHandle(),
      ),
    ).toBe(true);
    expect(await wcagViolations(page)).toEqual([]);
    // Pressed anyway (it stays focusable and announced, so Playwright's own wait would not press it).
    await proceed.click({ force: true });
    await expect(page.getByRole('heading', { name: 'Selecciona la ubicación' })).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
    expect(reservations).toEqual([]);

    // Taking the seat beside it ends it.
    await seatButton(page, end, 'disponible').click();
    await expect(warning).toHaveCount(0);
    await expect(proceed).not.toHaveAttribute('aria-disabled', 'true');
    await reserve(page);
    expect(reservations).toHaveLength(1);
    await page.context().close();
  });

  test(`${device}: a member sees the club banner and 'Renueva por solo', and the detail says the new end date`, async ({
    browser,
  }) => {
    const context = await contextAs(browser, 'club', DEVICES[device]);
    const page = await context.newPage();
    await page.goto('/club-vizionarios');
    await expect(page.getByText('Ya eres parte del Club Vizionarios')).toBeVisible();
    const until = page.getByText(/^Tu membresía está vigente hasta el \d{1,2} de \w+ de \d{4}\.$/);
    const [, dayMonth = '', year = ''] =
      /hasta el (\d{1,2} de \w+) de (\d{4})\.$/.exec((await until.textContent()) ?? '') ?? [];
    const renewedUntil = `${dayMonth} de ${Number(year) + 1}`;
    const renew = page.getByRole('button', { name: /^Renueva por solo \$ \d{1,3}(\.\d{3})+$/ });
    await expect(renew).toBeVisible();
    await expect(page.getByRole('button', { name: /^Afíliate por solo / })).toHaveCount(0);
    await renew.click();
    const detail = page.getByRole('dialog', { name: 'Membresía Club Vizionarios' });
    await expect(
      detail.getByText(
        `Ya eres parte del Club Vizionarios: al renovarla, tu membresía quedará vigente hasta el ${renewedUntil}, un año más desde su vencimiento actual.`,
      ),
    ).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    if (device === 'phone') {
      await detail.getByRole('button', { name: 'Cerrar' }).tap();
      await expect(detail).toHaveCount(0);
      await context.close();
      return;
    }
    // Renewed on the laptop: the cinema API adds the year, and the page says so.
    await detail.getByRole('button', { name: /ePayco/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Pago en línea' });
    await wizard.getByRole('button', { name: /Tarjeta de crédito/ }).click();
    await payByCard(page, wizard, APPROVED_CARD);
    await expect(modal(page).getByText('¡Transacción exitosa!')).toBeVisible();
    await modal(page).getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByText(`Tu membresía está vigente hasta el ${renewedUntil}.`)).toBeVisible();
    await context.close();
  });
}
