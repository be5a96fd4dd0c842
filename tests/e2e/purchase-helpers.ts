import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import jsQR from 'jsqr';
import { watchViolations } from './csp-violations.ts';
import { watchDialogs, type DialogWatch } from './dialog-fit.ts';
import { pickShowtimes, type TestShowtime } from './showtimes.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';
import { freeSeatRuns, seatsLeavingNoneAlone } from '../seat-runs.ts';

/** What the purchase journeys share: the sandbox's showtimes and seats, people, and the steps a customer takes. */

export const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';
export const APPROVED_CARD = '4575623182290326';
export const DECLINED_CARD = '4151611527583283';

/**
 * Untouched 2D showtimes with General seats (the prices the journeys assert), two hours ahead
 * or more whatever the hour, chosen through tests/e2e/showtimes.ts; one per test so holds never meet.
 * The purchase specs run in one worker whose claims add up (a spec takes at most 9), so each
 * claims a few more than it needs, not the week's whole supply.
 */
const SHOWTIMES_PER_SPEC = 12;
let upcoming: TestShowtime[] = [];
let next = 0;
export function takeShowtime(): TestShowtime {
  const showtime = upcoming[next];
  next += 1;
  if (!showtime) throw new Error(`a purchase spec takes at most ${SHOWTIMES_PER_SPEC} showtimes`);
  return showtime;
}
export { purchasePath } from './showtimes.ts';

// One log-in per person for the whole file (the BFF rate-limits log-ins).
const people = {
  demo: { email: 'demo@viziona.co', password: 'Demo1234' },
  nuevo: { email: 'nuevo@viziona.co', password: 'Nuevo1234' },
  club: { email: 'club@viziona.co', password: 'Club1234' },
} as const;
export type Person = keyof typeof people;
const sessions = new Map<Person, Awaited<ReturnType<BrowserContext['storageState']>>>();

/**
 * Chooses the spec's showtimes (by need: 2D, General seats, two hours ahead, untouched) and logs
 * in each person once (the BFF rate-limits log-ins). Call from each spec's `beforeAll`.
 */
export async function preparePurchases(browser: Browser): Promise<void> {
  upcoming = await pickShowtimes(SHOWTIMES_PER_SPEC, { format: '2D', zones: ['General'] });
  next = 0;
  for (const person of Object.keys(people) as Person[]) {
    if (sessions.has(person)) continue;
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, person);
    sessions.set(person, await context.storageState());
    await context.close();
  }
}

/** Logs in through the page, as a person does (another device gets a session of its own). */
export async function logIn(page: Page, person: Person): Promise<void> {
  await page.goto('/iniciar-sesion');
  await hydrated(page);
  await page.getByLabel('Correo electrónico').fill(people[person].email);
  await page.getByLabel('Contraseña', { exact: true }).fill(people[person].password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/iniciar-sesion'));
}

/** Islands answer clicks once hydrated (Astro drops their `ssr` attribute then). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

export interface OpenOptions {
  fakeClock?: boolean;
  liveSeats?: boolean;
  /** Open as a phone (`phone` of devices.ts) or with other context options. */
  device?: BrowserContextOptions;
  /** Another tab of this context (the same browser) instead of a new context. */
  context?: BrowserContext;
}

/** Every dialog each purchase page opened that did not fit its screen (dialog-fit.ts). */
const dialogWatches = new WeakMap<Page, DialogWatch>();
export const dialogMisfits = (page: Page): string[] => dialogWatches.get(page)?.misfits ?? [];

/** A browser of its own (a device) logged in as `person`. */
export function contextAs(browser: Browser, person: Person, device?: BrowserContextOptions): Promise<BrowserContext> {
  return browser.newContext({ ...device, storageState: sessions.get(person) });
}

export async function openAs(browser: Browser, person: Person, path: string, options: OpenOptions = {}): Promise<Page> {
  const context = options.context ?? (await contextAs(browser, person, options.device));
  const page = await context.newPage();
  await watchViolations(page);
  dialogWatches.set(page, await watchDialogs(page));
  if (options.fakeClock) await page.clock.install();
  // A page without its live stream, as behind a proxy that will not carry it: 204 No Content is
  // how a server tells an EventSource to stop for good. (Aborting the request instead made Chromium
  // log net::ERR_FAILED at every reconnection, every 3 s: a network error of the test's making.)
  if (options.liveSeats === false)
    await page.route('**/bff/booking/*/events', (route) => route.fulfill({ status: 204 }));
  await page.goto(path);
  await expect(page.locator('[data-purchase-ready]')).toBeVisible();
  return page;
}

export const availableSeats = (page: Page): Locator =>
  page.getByRole('button', { name: /^Fila [A-Z]+, silla \d+, disponible$/ });

/** A seat's button on the map, by its label ('F-7') and the state it is announced in. */
export function seatButton(page: Page, seat: string, state: 'disponible' | 'seleccionada' | 'ocupada'): Locator {
  const [row, number] = seat.split('-');
  return page.getByRole('button', { name: `Fila ${row}, silla ${number}, ${state}`, exact: true });
}

/** The free seats of the zone shown, as runs side by side in map order ('F-7' labels; tests/seat-runs.ts). */
export async function freeRuns(page: Page): Promise<string[][]> {
  return page.getByRole('grid', { name: 'Mapa de sillas' }).evaluate(freeSeatRuns);
}

/** `count` free seats of the zone shown that leave no seat alone (tests/seat-runs.ts). */
export async function seatsToPick(page: Page, count: number): Promise<string[]> {
  return seatsLeavingNoneAlone(await freeRuns(page), count);
}

/** Clicks `count` free seats of the zone shown (`seatsToPick`) and answers their labels ('F-7'). */
export async function pickSeats(page: Page, count: number): Promise<string[]> {
  const seats = await seatsToPick(page, count);
  for (const seat of seats) {
    await seatButton(page, seat, 'disponible').click();
    await expect(seatButton(page, seat, 'seleccionada')).toBeVisible();
  }
  return seats;
}

/** What the bar under the map says about the picked seats ('Sillas seleccionadas: F-7 · $ 14.000'). */
export const selectionBar = (page: Page): Locator => page.getByText(/^(Sillas seleccionadas: |Elige tus sillas)/);

export async function reserve(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar con la compra' }).click();
  await expect(page.getByRole('heading', { name: 'Agrega confitería a tu compra' })).toBeVisible();
  await expect(page.getByRole('timer').first()).toContainText('Tiempo restante');
}

export const modal = (page: Page): Locator => page.getByRole('alertdialog');

/**
 * The card form's captcha solves itself in the background as the form opens (ALTCHA's
 * `auto: 'onload'`): nobody ticks it; this waits for its 'Verificado'.
 */
export async function captchaSolved(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await expect(widget.getByText('Verificado', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/**
 * From step 1: 'Finalizar compra', then in 'Detalle de la Compra' the method of the one pay
 * brand (its methods are offered there), which opens its form at once ('Paso 2 de 2').
 */
export async function openPayment(
  page: Page,
  method: 'Tarjeta de crédito o débito' | 'PSE (débito desde tu cuenta bancaria)',
): Promise<Locator> {
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  return choosePayMethod(page, method);
}

/** A way to pay in 'Detalle de la Compra': a method of a pay brand, named by both ('Tarjeta · ePayco'). */
export const payWay = (
  checkout: Locator,
  brand: string,
  method: 'Tarjeta de crédito o débito' | 'PSE (débito desde tu cuenta bancaria)',
): Locator =>
  checkout.getByRole('button', { name: `${method.startsWith('Tarjeta') ? 'Tarjeta' : 'PSE'} · ${brand}`, exact: true });

/** In the open 'Detalle de la Compra': a way to pay, which opens its form ('Paso 2 de 2'). */
export async function choosePayMethod(
  page: Page,
  method: 'Tarjeta de crédito o débito' | 'PSE (débito desde tu cuenta bancaria)',
): Promise<Locator> {
  const checkout = page.getByRole('dialog', { name: 'Detalle de la Compra' });
  await expect(checkout.getByText('Pagar en línea con:')).toBeVisible();
  await payWay(checkout, 'ePayco', method).click();
  const wizard = page.getByRole('dialog', { name: 'Pago en línea' });
  await expect(wizard.getByText('Paso 2 de 2')).toBeVisible();
  return wizard;
}

/**
 * Fills the card form as a browser's saved card does (one action for a person) and pays once
 * the captcha has solved itself; `beforePay` runs with the form filled, at the pay button.
 */
export async function payByCard(
  page: Page,
  wizard: Locator,
  cardNumber: string,
  beforePay?: () => Promise<void>,
): Promise<void> {
  await wizard.getByLabel('Nombre del titular').fill('Daniela Gómez');
  await wizard.getByLabel('Número de la tarjeta').fill(cardNumber);
  await wizard.getByLabel('Mes de vencimiento (MM)').fill('12');
  await wizard.getByLabel('Año de vencimiento (AAAA)').fill(String(new Date().getFullYear() + 2));
  await wizard.getByLabel('Código de seguridad (CVC)').fill('123');
  await captchaSolved(page);
  await wizard.getByRole('button', { name: /^Pagar / }).scrollIntoViewIfNeeded();
  await beforePay?.();
  await wizard.getByRole('button', { name: /^Pagar / }).click();
}

/** The success modal of a paid ticket purchase: its 'VER MIS CÓDIGOS QR' opens the ticket page. */
export async function toTicketsFromSuccess(page: Page): Promise<void> {
  await expect(modal(page).getByText('¡Transacción exitosa!')).toBeVisible();
  await modal(page).getByRole('button', { name: 'VER MIS CÓDIGOS QR' }).click();
  await page.waitForURL(/\/ticket\//);
}

/** From the ticket page, the payment's status page ('Ver el detalle del pago'). */
export async function toPaymentStatus(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Ver el detalle del pago' }).click();
  await page.waitForURL(/\/estado-transaccion\//);
}

/** Reads a QR image of the page the way a phone camera would: its pixels through jsQR. */
export async function readQr(image: Locator): Promise<string | null> {
  const pixels = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  if (!pixels) return null;
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

export async function sandboxSeatState(showtimeId: number, label: string): Promise<string | undefined> {
  const [row, number] = label.split('-');
  const layout = (await (
    await fetch(`${sandboxUrl}/api/v1/room/${showtimeId}`, { headers: SANDBOX_HEADERS })
  ).json()) as {
    data: { layout: Array<{ FilaRelativa: string; ColumnaRelativa: number; FilaTotal: number; ColumnaTotal: number }> };
  };
  const position = layout.data.layout.find(
    (cell) => cell.FilaRelativa === row && cell.ColumnaRelativa === Number(number),
  );
  const status = (await (
    await fetch(`${sandboxUrl}/api/v1/room/${showtimeId}/status`, { headers: SANDBOX_HEADERS })
  ).json()) as {
    data: Array<{ filTot: number; DescripcionSilla: Array<{ Columna: number; EstadoSilla: string }> }>;
  };
  return status.data
    .find((line) => line.filTot === position?.FilaTotal)
    ?.DescripcionSilla.find((seat) => seat.Columna === position?.ColumnaTotal)?.EstadoSilla;
}

/** Moves the sandbox's clock (the cinema's): holds expire after 600 s, pending cards settle after 180 s. */
export async function advanceSandboxClock(seconds: number): Promise<void> {
  await fetch(`${sandboxUrl}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
}

/** The person's ticket purchases as "Mis Compras" lists them (through the page's own session). */
export async function purchasesOf(page: Page): Promise<Array<{ bill: string }>> {
  const answer = await page.request.get('/bff/profile/purchases', { headers: { accept: 'application/json' } });
  return ((await answer.json()) as { purchases: Array<{ bill: string }> }).purchases;
}
