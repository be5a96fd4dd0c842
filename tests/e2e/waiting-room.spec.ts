import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { failedLoad, test, type PageErrors } from './fixtures.ts';
import { wcagViolations } from './axe-audit.ts';
import { violationsOf, watchViolations } from './csp-violations.ts';
import { APPROVED_CARD, openPayment, payByCard, pickSeats, reserve, toTicketsFromSuccess } from './purchase-helpers.ts';
import { logIn, registerCustomer, type Customer } from './route-samples.ts';
import { pickShowtime, purchasePath, type TestShowtime } from './showtimes.ts';
import {
  changeEvent,
  endEvent,
  endLeftoverEvents,
  eventFigures,
  freeEvent,
  newEvent,
  openEvent,
  othersArrive,
  pauseEvent,
  pausedEvent,
  resumeEvent,
  revokePass,
  sellOut,
} from './waiting-room-helpers.ts';
import { baseURL } from './playwright.config.ts';
import { routes } from '#site/lib/routes.ts';
import { WAITING_ROOM_TEXTS } from '#shared/waiting-room/texts.ts';

/**
 * The presale waiting room as people live it, on the phone profile and on a desktop: a
 * customer opens a covered purchase, waits in line (place, people ahead, the estimate, the
 * progress bar, the free seats), is let in and buys; a showtime that sells out while people
 * wait; the page without JavaScript; the captcha to join, by keyboard. Events are made through
 * the operators' routes for the test's own showtime only, paused until the test lets the queue
 * move, and ended in `finally` (and `afterAll`): other specs buy tickets meanwhile.
 * Screenshots of the page go to /tmp/w23-shots/ (`<project>-waiting.png`, `-admitted`,
 * `-purchase-turn`, `-sold-out`).
 */

// Each step waits for the page's next read of its place (up to ~18 s while the queue is paused).
test.describe.configure({ timeout: 180_000 });
const NEXT_READ = { timeout: 30_000 };
const SHOTS = '/tmp/w23-shots';
// The site's service worker (registered by the home page) would answer navigations before
// `page.route` sees them; the waiting page has none of its own.
test.use({ serviceWorkers: 'block' });

let customer: Customer;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  customer = await registerCustomer(context.request);
  await context.close();
});
test.afterAll(endLeftoverEvents);

const waitingPath = (showtime: TestShowtime) => routes.waitingRoom('viziona', showtime.movie.slug, showtime.id);
const placePath = (showtime: TestShowtime) => routes.waitingRoomPlace('viziona', showtime.movie.slug, showtime.id);

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The value a figure of the page shows ('Tu lugar en la fila' → '5'). */
const figure = (page: Page, term: string): Locator =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

/**
 * Notes every notification a page makes (title and body) in the page's `shownNotifications`,
 * while still making it: the browser's own Notification, observed.
 */
function observeNotifications(): void {
  const Browser = window.Notification;
  const shown: string[] = [];
  class Observed extends Browser {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push(`${title} | ${options?.body ?? ''}`);
    }
  }
  Object.assign(window, { Notification: Observed, shownNotifications: shown });
}

const shownNotifications = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);

/** Presses Tab until `target` has the focus (as a keyboard user moves through the page). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 15; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element.matches(':focus'))) return;
  }
  throw new Error('Tab never reached the element');
}

test('a customer joins, waits, is let in and buys: the place kept on return, the progress announced, the ticket', async ({
  page,
}, info) => {
  const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
  const event = await pausedEvent(showtime.id, 'compra', { maxBuyers: 2 });
  try {
    await logIn(page.context().request, customer);
    await othersArrive(showtime.id, 4);
    await watchViolations(page);
    await page.addInitScript(observeNotifications);

    // The purchase sends them to the waiting room; four people came first.
    await page.goto(purchasePath(showtime));
    await expect(page).toHaveURL(waitingPath(showtime));
    await expect(page.getByRole('heading', { level: 1, name: 'Sala de espera' })).toBeVisible();
    await expect(page.getByText(showtime.movie.title, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Estás en la fila', exact: true })).toBeVisible();
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText('5');
    await expect(figure(page, 'Personas delante de ti')).toHaveText('4');
    await expect(page.getByText('La fila está en pausa por unos momentos. Conservas tu lugar.')).toBeVisible();
    await expect(figure(page, 'Sillas libres en esta función')).toHaveText(/^\d[\d.]*$/);
    // Logged in: no invitation to log in.
    await expect(page.getByRole('link', { name: 'Inicia sesión mientras esperas' })).toBeHidden();
    // Another tab's title says the place; a notification can be asked for the turn.
    await expect(page).toHaveTitle(/^Lugar 5 en la fila · Sala de espera/);
    const notify = page.getByRole('button', { name: 'Avísame cuando sea mi turno' });
    await expect(notify).toBeVisible();
    expect(await wcagViolations(page), 'waiting').toEqual([]);
    await page.context().grantPermissions(['notifications']);
    await notify.click();
    await expect(
      page.getByText('Te avisaremos con una notificación cuando sea tu turno, mientras esta página siga abierta.'),
    ).toBeVisible();
    await expect(notify).toBeHidden();

    // The page is the same for everybody: cached publicly, no cookie, nothing of this person.
    const mine = await page.context().request.get(waitingPath(showtime));
    const anybody = await fetch(`${baseURL}${waitingPath(showtime)}`);
    expect(mine.headers()['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
    expect(mine.headers()['set-cookie']).toBeUndefined();
    expect(await mine.text()).toBe(await anybody.text());
    expect(await mine.text()).not.toContain(customer.email);

    // Back from the same browser: the same place.
    await page.goto(routes.home);
    await page.goto(purchasePath(showtime));
    await expect(page).toHaveURL(waitingPath(showtime));
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText('5');
    // The frame a page without JavaScript shows, on its own: the same place, and accessible.
    await page.goto(placePath(showtime));
    await expect(page.getByRole('definition').first()).toHaveText('5');
    expect(await wcagViolations(page), 'the place frame').toEqual([]);
    await page.goto(waitingPath(showtime));
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText('5');

    // The queue moves: two of the four are let in (two buyers at once), and the page follows.
    await resumeEvent(event);
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText('3', NEXT_READ);
    await expect(figure(page, 'Personas delante de ti')).toHaveText('2');
    await expect(figure(page, 'Espera estimada')).not.toHaveText('En pausa');
    const progress = page.getByRole('progressbar', { name: 'Avance en la fila' });
    await expect(progress).toHaveAttribute('aria-valuenow', '50');
    await expect(progress).toHaveAttribute('aria-valuetext', 'Llevas el 50 % del camino: faltan 2 personas.');
    await expect(page.locator('[aria-live="polite"]')).toHaveText(/^Estás en la fila\. Espera estimada: .+\.$/);
    await shoot(page, info, 'waiting');
    expect(await violationsOf(page)).toEqual([]);

    // Their turn: the page says so and takes them to the purchase. That navigation is answered
    // 204 No Content the first time (the browser then stays on the page) for the picture.
    let sentOn = false;
    await page.route(`**${purchasePath(showtime)}`, async (route) => {
      sentOn = true;
      await route.fulfill({ status: 204 });
    });
    await changeEvent(event, { maxBuyers: 10 });
    await expect(page.getByRole('heading', { name: '¡Es tu turno!' })).toBeVisible(NEXT_READ);
    await expect(page.getByText(/^Tienes hasta las .+ para elegir tus sillas\.$/)).toBeVisible();
    await expect.poll(() => sentOn).toBe(true);
    await expect(page).toHaveTitle(/^¡Es tu turno! · Sala de espera/);
    expect(await shownNotifications(page)).toEqual([
      expect.stringMatching(/^¡Es tu turno! \| Tienes hasta las .+ para elegir tus sillas\.$/),
    ]);
    await shoot(page, info, 'admitted');
    await page.unrouteAll();
    await page.getByRole('link', { name: 'Elegir mis sillas' }).click();
    await page.waitForURL((url) => url.pathname === purchasePath(showtime));
    await expect(page.locator('[data-purchase-ready]')).toBeVisible();
    // Until when the turn lasts unused, said where the seats are chosen.
    const turn = page.getByText(
      /^Es tu turno\. Tienes hasta las .+ para elegir tus sillas\. Si no las eliges a tiempo, tu turno pasa a la siguiente persona de la fila\.$/,
    );
    await expect(turn).toBeVisible();
    await shoot(page, info, 'purchase-turn');

    // The purchase goes as always with the pass: seats, hold, card, ticket.
    await pickSeats(page, 1);
    await reserve(page);
    await expect(turn).toBeHidden();
    const wizard = await openPayment(page, 'Tarjeta de crédito o débito');
    await payByCard(page, wizard, APPROVED_CARD);
    await toTicketsFromSuccess(page);
    await expect(page.getByRole('img', { name: /^Código QR de la silla / })).toHaveCount(1);
    // The paid purchase ended the pass: its place goes to the next person.
    expect((await eventFigures(event)).passes.used).toBe(1);
  } finally {
    await endEvent(event);
  }
});

/**
 * The customer logs in and opens the purchase of an event that lets people in at once (an open
 * sale with room): the waiting page sends them on, and the purchase page is ready.
 */
async function letInAtOnce(page: Page, showtime: TestShowtime): Promise<void> {
  await logIn(page.context().request, customer);
  await page.goto(purchasePath(showtime));
  await page.waitForURL((url) => url.pathname === purchasePath(showtime), NEXT_READ);
  await expect(page.locator('[data-purchase-ready]')).toBeVisible();
}

/** 'Continuar con la compra' without a live turn: the hold is refused (429) and the page is the waiting room's. */
async function holdRefusedBackToWaiting(page: Page, pageErrors: PageErrors, showtime: TestShowtime): Promise<void> {
  // The refused hold, as Chromium logs it on the purchase page.
  pageErrors.expect(failedLoad(purchasePath(showtime), 429));
  const refused = page.waitForResponse((answer) => answer.url().endsWith(`/bff/booking/${showtime.id}/reserve`));
  await page.getByRole('button', { name: 'Continuar con la compra' }).click();
  expect((await refused).status()).toBe(429);
  await expect(page).toHaveURL(waitingPath(showtime), NEXT_READ);
}

test('a pass revoked in the middle of a purchase: the hold is refused and the person is back at the waiting room', async ({
  page,
  pageErrors,
}) => {
  const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
  const event = await newEvent(showtime.id, 'revocada', { maxBuyers: 10 });
  try {
    await letInAtOnce(page, showtime);
    await pickSeats(page, 1);

    expect(await revokePass(event, customer.email)).toBe(true);
    // The revoked turn puts the person at the end of the line: paused, the queue (empty but for
    // them) does not let them in again before the page is read (CI once saw the next round win).
    await pauseEvent(event);
    await holdRefusedBackToWaiting(page, pageErrors, showtime);
    await expect(page.getByRole('heading', { level: 1, name: 'Sala de espera' })).toBeVisible();
    expect((await eventFigures(event)).passes.revoked).toBe(1);
  } finally {
    await endEvent(event);
  }
});

test('a turn that ends unused: the purchase page said until when, and the waiting room says so on return', async ({
  page,
  pageErrors,
}) => {
  const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
  const event = await newEvent(showtime.id, 'vencida', { maxBuyers: 10, ttlSeconds: 30 });
  try {
    await letInAtOnce(page, showtime);
    await expect(page.getByText(/^Es tu turno\. Tienes hasta las .+ para elegir tus sillas\./)).toBeVisible();
    await pickSeats(page, 1);

    // Thirty seconds without holding them: the turn goes to the next person.
    await expect.poll(async () => (await eventFigures(event)).passes.expired, { timeout: 60_000 }).toBe(1);
    await pauseEvent(event);
    await holdRefusedBackToWaiting(page, pageErrors, showtime);
    await expect(
      page.getByText('Tu turno terminó antes de que completaras la compra: volviste a la fila al final.'),
    ).toBeVisible(NEXT_READ);
    await expect(page.getByRole('heading', { name: 'Estás en la fila', exact: true })).toBeVisible(NEXT_READ);
    expect(await wcagViolations(page), 'turn ended').toEqual([]);
  } finally {
    await endEvent(event);
  }
});

test('a showtime that sells out while people wait: they are told at once and offered the next showtimes', async ({
  page,
}, info) => {
  const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
  const event = await pausedEvent(showtime.id, 'agotada', { maxBuyers: 5 });
  try {
    // A visitor (not logged in) waits, and is invited to log in meanwhile.
    await watchViolations(page);
    await page.goto(purchasePath(showtime));
    await expect(page).toHaveURL(waitingPath(showtime));
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText('1');
    await expect(page.getByRole('link', { name: 'Inicia sesión mientras esperas' })).toBeVisible();

    await sellOut(showtime.id);
    const soldOut = page.getByRole('heading', { name: WAITING_ROOM_TEXTS.soldOut });
    await expect(soldOut).toBeVisible(NEXT_READ);
    await expect(page.locator('[aria-live="polite"]')).toHaveText(WAITING_ROOM_TEXTS.soldOut);
    await expect(page.getByText('Tu lugar en la fila', { exact: true })).toBeHidden();
    const others = page.getByRole('list').getByRole('link');
    await expect(others.first()).toBeVisible();
    const hrefs = await others.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      expect(href).toMatch(new RegExp(`^/viziona/pelicula/${showtime.movie.slug}/funcion/\\d+$`));
      expect(href).not.toBe(purchasePath(showtime));
    }
    await expect(others.first()).toContainText(/sillas libres$/);
    expect(await wcagViolations(page), 'sold out').toEqual([]);
    await shoot(page, info, 'sold-out');
    expect(await violationsOf(page)).toEqual([]);

    // By keyboard to the next showtime: its purchase asks a visitor to log in first.
    await tabTo(page, others.first());
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === routes.login);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(hrefs[0]);
  } finally {
    await endEvent(event);
  }
});

test('when the operator asks for the captcha, a person joins by keyboard', async ({ page }) => {
  const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
  const event = await pausedEvent(showtime.id, 'captcha', { maxBuyers: 5, captcha: true });
  try {
    await watchViolations(page);
    await page.goto(purchasePath(showtime));
    await expect(page).toHaveURL(waitingPath(showtime));
    await expect(page.getByRole('heading', { name: 'Confirma que no eres un robot' })).toBeVisible();
    const checkbox = page.locator('altcha-widget').getByRole('checkbox');
    await expect(checkbox).toBeVisible();
    expect(await wcagViolations(page), 'captcha').toEqual([]);

    await tabTo(page, checkbox);
    await page.keyboard.press('Space');
    await expect(page.locator('altcha-widget').getByText('Verificado', { exact: true })).toBeVisible(NEXT_READ);
    await tabTo(page, page.getByRole('button', { name: 'Hacer la fila' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Estás en la fila', exact: true })).toBeVisible();
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText('1', NEXT_READ);
    // The widget, its styles and its worker: nothing tripped the Content Security Policy.
    expect(await violationsOf(page)).toEqual([]);
  } finally {
    await endEvent(event);
  }
});

test('before the sale: the pre-queue says when it opens and that arriving early gains nothing; the opening draws the places', async ({
  page,
}) => {
  const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
  // One admission a minute: nobody is let in for a minute after the opening.
  const event = await newEvent(showtime.id, 'previa', { maxBuyers: 1, saleInMinutes: 60, perMinute: 1 });
  try {
    await othersArrive(showtime.id, 2);
    await page.goto(purchasePath(showtime));
    await expect(page).toHaveURL(waitingPath(showtime));
    await expect(page.getByRole('heading', { name: 'Estás en la fila previa' })).toBeVisible();
    await expect(page.getByText(/^La venta abre a las \d{1,2}:\d{2} [ap]\. m\.$/)).toBeVisible();
    await expect(page.getByText(/^Llegar antes no te adelanta/)).toBeVisible();
    await expect(figure(page, 'Personas en la fila')).toHaveText('3');
    expect(await wcagViolations(page), 'pre-queue').toEqual([]);

    // The operator opens the sale early: the three were drawn in some order. An hour from the
    // sale, the page reads every 30 s (±20 %).
    await openEvent(event);
    await expect(page.getByRole('heading', { name: 'Estás en la fila', exact: true })).toBeVisible({
      timeout: 45_000,
    });
    await expect(figure(page, 'Tu lugar en la fila')).toHaveText(/^[123]$/);
    // Nobody let in yet, so no rate measured: only the head knows it is next.
    const first = (await figure(page, 'Tu lugar en la fila').textContent()) === '1';
    await expect(figure(page, 'Espera estimada')).toHaveText(
      first ? 'Menos de un minuto' : 'Aún no la sabemos: la fila todavía no avanza',
    );
  } finally {
    await endEvent(event);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page refreshes itself, shows the place in a frame, and takes the person to the purchase when let in', async ({
    page,
  }) => {
    const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
    const event = await pausedEvent(showtime.id, 'sin-js', { maxBuyers: 5 });
    try {
      await logIn(page.context().request, customer);
      await othersArrive(showtime.id, 1);
      await page.goto(purchasePath(showtime));
      await expect(page).toHaveURL(waitingPath(showtime));
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
        'content',
        `20; url=${purchasePath(showtime)}`,
      );
      const place = page.frameLocator('iframe[title="Tu lugar en la fila"]');
      await expect(place.getByText('Tu lugar en la fila')).toBeVisible();
      await expect(place.getByRole('definition').first()).toHaveText('2');
      await expect(page.getByText(/^Esta página se actualiza sola cada 20 segundos/)).toBeVisible();

      // The frame is the one page ours may frame, personal and never cached; the waiting page
      // may frame only this site; every other page keeps refusing frames.
      const framed = await page.context().request.get(placePath(showtime));
      expect(framed.headers()['x-frame-options']).toBe('SAMEORIGIN');
      expect(framed.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(framed.headers()['cache-control']).toBe('private, no-store');
      const framing = await page.context().request.get(waitingPath(showtime));
      expect(framing.headers()['x-frame-options']).toBe('DENY');
      expect(framing.headers()['content-security-policy']).toMatch(/frame-src 'self' /);
      expect(framing.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

      // Everybody through: the next refresh lands on the purchase.
      await freeEvent(event);
      await page.waitForURL((url) => url.pathname === purchasePath(showtime), { timeout: 45_000 });
      await expect(page).toHaveTitle(`Compra: ${showtime.movie.title} | Viziona`);
    } finally {
      await endEvent(event);
    }
  });
});
