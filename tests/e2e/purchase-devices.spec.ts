import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { violationsOf } from './csp-violations.ts';
import { phone } from './devices.ts';
import {
  APPROVED_CARD,
  advanceSandboxClock,
  logIn,
  modal,
  openAs,
  openPayment,
  payByCard,
  pickSeats,
  preparePurchases,
  purchasePath,
  purchasesOf,
  reserve,
  sandboxSeatState,
  takeShowtime,
  toPaymentStatus,
  toTicketsFromSuccess,
} from './purchase-helpers.ts';

/**
 * Every charge is the purchase the customer sees, whatever else the customer does: two tabs
 * on two showtimes, a reload on step 1, a duplicate tab closed, a membership bought on
 * another device, a payment after the cinema let the hold go, a pending card that settles
 * later. Some run on a phone (390 × 844, touch).
 */

test.describe.configure({ timeout: 150_000 });
test.beforeAll(async ({ browser }) => preparePurchases(browser));

const PENDING_CARD = '373118856457642';
const stepSnacks = 'Agrega confitería a tu compra';

test('two tabs on two showtimes: the first tab is not charged for the second one, and says what changed', async ({
  browser,
  pageErrors,
}) => {
  // The first tab's payment is refused.
  pageErrors.expect(
    /\(from https?:\/\/[^)]+\/bff\/payments\/card\): Failed to load resource: the server responded with a status of 409 /,
  );
  const first = takeShowtime();
  const second = takeShowtime();
  // Tab A follows no live stream: it learns at its next action (paying).
  const tabA = await openAs(browser, 'demo', purchasePath(first), { liveSeats: false });
  await pickSeats(tabA, 1);
  await reserve(tabA);
  const tabB = await openAs(browser, 'demo', purchasePath(second), { context: tabA.context() });
  const seatsB = await pickSeats(tabB, 2);
  await reserve(tabB);
  const before = await purchasesOf(tabA);

  const wizard = await openPayment(tabA, 'Tarjeta de crédito o débito');
  // The timer stays in view while the payment dialog covers the page.
  await expect(wizard.getByRole('timer')).toBeInViewport();
  await payByCard(tabA, wizard, APPROVED_CARD);
  await expect(modal(tabA).getByText('Tu compra cambió')).toBeVisible();
  await expect(
    modal(tabA).getByText(
      /^Tu reserva activa ahora es para otra función \(.+\): la hiciste en otra ventana o dispositivo\. No se hizo ningún cobro\./,
    ),
  ).toBeVisible();
  await modal(tabA).getByRole('button', { name: 'Volver a elegir sillas' }).click();
  await expect(tabA.getByRole('heading', { name: 'Selecciona la ubicación' })).toBeVisible();
  expect(await purchasesOf(tabA)).toHaveLength(before.length);
  // Going back to the seats in tab A did not release tab B's hold.
  expect(await sandboxSeatState(second.id, seatsB[0] ?? '')).toBe('O');

  // Tab B pays its own purchase: exactly what it shows.
  const payLabel = await (async () => {
    const wizardB = await openPayment(tabB, 'Tarjeta de crédito o débito');
    const label = (await wizardB.getByRole('button', { name: /^Pagar / }).textContent()) ?? '';
    await payByCard(tabB, wizardB, APPROVED_CARD);
    return label;
  })();
  await toTicketsFromSuccess(tabB);
  await toPaymentStatus(tabB);
  await expect(tabB.getByRole('heading', { name: 'Estado del pago: Aceptada' })).toBeVisible();
  await expect(tabB.getByText(payLabel.replace('Pagar ', ''), { exact: true })).toBeVisible();
  await expect(tabB.getByText(seatsB.join(', '))).toBeVisible();
  expect(await purchasesOf(tabB)).toHaveLength(before.length + 1);
  await tabA.context().close();
});

test('a tab with its live stream learns at once that the hold moved to another showtime', async ({ browser }) => {
  const first = takeShowtime();
  const second = takeShowtime();
  const tabA = await openAs(browser, 'demo', purchasePath(first));
  await pickSeats(tabA, 1);
  await reserve(tabA);
  const tabB = await openAs(browser, 'demo', purchasePath(second), { context: tabA.context() });
  await pickSeats(tabB, 1);
  await reserve(tabB);
  await expect(modal(tabA).getByText('Tu reserva de sillas ya no está activa')).toBeVisible({ timeout: 20_000 });
  await expect(
    modal(tabA).getByText(/^Reservaste sillas para otra función \(.+\) en otra ventana o dispositivo/),
  ).toBeVisible();
  await modal(tabA).getByRole('button', { name: 'Ok' }).click();
  await expect(tabA.getByRole('heading', { name: 'Selecciona la ubicación' })).toBeVisible();
  await tabB
    .getByRole('button', { name: 'Cambiar datos anteriores (Deberás volver a seleccionar tu confitería)' })
    .click();
  await tabA.context().close();
});

for (const device of ['desktop', 'phone'] as const) {
  test(`${device}: a reload on step 1 resumes the hold with the server's time, and closing a duplicate tab keeps it`, async ({
    browser,
  }) => {
    const showtime = takeShowtime();
    const page = await openAs(browser, 'demo', purchasePath(showtime), device === 'phone' ? { device: phone } : {});
    const [seat] = await pickSeats(page, 1);
    await reserve(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: stepSnacks })).toBeVisible();
    await expect(page.getByRole('timer').first()).toContainText(/00:0\d:\d\d/);
    // A duplicate tab of the same showtime shows the same hold, then goes away.
    const duplicate = await openAs(browser, 'demo', purchasePath(showtime), { context: page.context() });
    await expect(duplicate.getByRole('heading', { name: stepSnacks })).toBeVisible();
    await duplicate.goto('/');
    await duplicate.close();
    // Well past the grace in which a left hold is released: the seat is still held for the first tab.
    await page.waitForTimeout(12_000);
    expect(await sandboxSeatState(showtime.id, seat ?? '')).toBe('O');
    await expect(page.getByRole('heading', { name: stepSnacks })).toBeVisible();
    const wizard = await openPayment(page, 'Tarjeta de crédito o débito');
    await expect(wizard.getByRole('timer')).toBeInViewport();
    await payByCard(page, wizard, APPROVED_CARD);
    await expect(modal(page).getByText('¡Transacción exitosa!')).toBeVisible();
    await page.context().close();
  });
}

test('paying after the cinema let the hold go says the reservation expired and leads back to the seats', async ({
  browser,
  pageErrors,
}) => {
  pageErrors.expect(
    /\(from https?:\/\/[^)]+\/bff\/payments\/card\): Failed to load resource: the server responded with a status of 409 /,
  );
  const showtime = takeShowtime();
  const page = await openAs(browser, 'demo', purchasePath(showtime));
  await pickSeats(page, 1);
  await reserve(page);
  const before = await purchasesOf(page);
  const wizard = await openPayment(page, 'Tarjeta de crédito o débito');
  await advanceSandboxClock(601);
  try {
    await payByCard(page, wizard, APPROVED_CARD);
    await expect(modal(page).getByText('El tiempo de tu reserva ha expirado')).toBeVisible();
    await expect(
      modal(page).getByText('Tu reserva de sillas expiró y no se hizo ningún cobro. Vuelve a seleccionar tus sillas.'),
    ).toBeVisible();
    await modal(page).getByRole('button', { name: 'Volver a elegir sillas' }).click();
    await expect(page.getByRole('heading', { name: 'Selecciona la ubicación' })).toBeVisible();
    expect(await purchasesOf(page)).toHaveLength(before.length);
  } finally {
    await advanceSandboxClock(-601);
  }
  await page.context().close();
});

test('phone: a pending card is told it is being confirmed, and the status page follows it until it is accepted', async ({
  browser,
}) => {
  const showtime = takeShowtime();
  const page = await openAs(browser, 'demo', purchasePath(showtime), { device: phone });
  await pickSeats(page, 1);
  await reserve(page);
  const wizard = await openPayment(page, 'Tarjeta de crédito o débito');
  // Scrolled down to the pay button on the phone, the countdown is still in view.
  await payByCard(page, wizard, PENDING_CARD, () => expect(wizard.getByRole('timer')).toBeInViewport());
  await expect(modal(page).getByText('Estamos confirmando tu pago')).toBeVisible();
  await expect(page.getByText('¡Transacción exitosa!')).toHaveCount(0);
  await modal(page).getByRole('button', { name: 'Aceptar' }).click();
  await page.waitForURL(/\/estado-transaccion\//);
  await expect(page.getByRole('heading', { name: 'Estado del pago: Pendiente' })).toBeVisible();
  await expect(
    page.getByText('Esta página se actualizará sola en cuanto tu entidad financiera confirme o rechace el pago.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'VOLVER A INTENTAR' })).toHaveCount(0);
  // The provider settles it a few minutes later (the sandbox's clock): the page shows it by itself.
  await advanceSandboxClock(181);
  try {
    await expect(page.getByRole('heading', { name: 'Estado del pago: Aceptada' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'VER MIS CÓDIGOS QR' })).toBeVisible();
    // The follower's script and the sticky countdown tripped no Content Security Policy.
    expect(await violationsOf(page)).toEqual([]);
  } finally {
    await advanceSandboxClock(-181);
  }
  await page.context().close();
});

test('a membership bought on a second device gives the first one member prices, also at payment', async ({
  browser,
}) => {
  const showtime = takeShowtime();
  const laptop = await openAs(browser, 'nuevo', purchasePath(showtime));
  const general = laptop.getByRole('radiogroup', { name: 'Ubicación' }).locator('label').filter({ hasText: 'General' });
  await expect(general).toContainText('$ 14.000');

  // The phone: its own log-in, the club page, a card payment.
  const handsetContext = await browser.newContext({ ...phone });
  const handset = await handsetContext.newPage();
  await logIn(handset, 'nuevo');
  await handset.goto('/club-vizionarios');
  const buy = handset.getByRole('button', { name: /^Afíliate por solo / });
  await buy.scrollIntoViewIfNeeded();
  await expect(handset.locator('astro-island[ssr]')).toHaveCount(0);
  await buy.click();
  const detail = handset.getByRole('dialog', { name: 'Membresía Club Vizionarios' });
  await detail.getByRole('button', { name: /ePayco/ }).click();
  const wizard = handset.getByRole('dialog', { name: 'Pago en línea' });
  // The club page announces card or PSE: both are offered.
  await expect(wizard.getByRole('button', { name: /PSE/ })).toBeVisible();
  await wizard.getByRole('button', { name: /Tarjeta de crédito/ }).click();
  await payByCard(handset, wizard, APPROVED_CARD);
  await expect(modal(handset).getByText('¡Transacción exitosa!')).toBeVisible();
  await modal(handset).getByRole('button', { name: 'Aceptar' }).click();
  await handset.waitForLoadState('load');
  // After buying, the club page says so and until when, instead of offering it again.
  await expect(handset.getByText('Ya eres parte del Club Vizionarios')).toBeVisible();
  await expect(handset.getByText(/^Tu membresía está vigente hasta el \d{1,2} de \w+ de \d{4}\.$/)).toBeVisible();
  await expect(handset.getByRole('button', { name: /^Afíliate por solo / })).toHaveCount(0);
  await handsetContext.close();

  // The laptop's cookie still holds its log-in snapshot; its next view follows the cinema.
  await laptop.reload();
  await expect(laptop.locator('[data-purchase-ready]')).toBeVisible();
  await expect(laptop.getByText('Ya eres parte del Club Vizionarios')).toBeVisible();
  await expect(general).toContainText('$ 11.200');
  await general.click();
  await pickSeats(laptop, 1);
  await reserve(laptop);
  const pay = await openPayment(laptop, 'Tarjeta de crédito o débito');
  await expect(pay.getByRole('button', { name: 'Pagar $ 13.200' })).toBeVisible();
  await payByCard(laptop, pay, APPROVED_CARD);
  await toTicketsFromSuccess(laptop);
  await toPaymentStatus(laptop);
  await expect(laptop.getByText('$ 13.200', { exact: true })).toBeVisible();
  await laptop.context().close();
});
