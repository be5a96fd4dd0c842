import { readFile } from 'node:fs/promises';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { desktop, phone } from './devices.ts';
import { watchViolations, violationsOf } from './csp-violations.ts';
import { readQr } from './purchase-helpers.ts';
import { loadSampleData, logIn, registerCustomer, type Customer } from './route-samples.ts';
import { wcagViolations } from './axe-audit.ts';
import { componentsOf, parseIcs, property, text } from '../icalendar-parser.ts';

/**
 * "My ticket without signal" and "Agregar a mi calendario" (issue 22), on a phone and a
 * desktop: the service worker keeps a ticket page a customer opened, which then reloads with
 * the browser offline, QR codes included; any other page offline is the offline page, listing
 * the kept tickets; the worker never answers nor keeps a BFF answer; logging out, another
 * person logging in, or a session ending without a log-out (cookies expired or cleared) leaves
 * nothing of the previous person's tickets.
 */

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const KEPT = 'Disponible sin conexión en este dispositivo.';
/** The errors Chromium logs for what a page asks the network while offline (the session read). */
const OFFLINE_LOAD = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;
/** A photo the last page was still loading when the signal went (the home popup's, after a log-out). */
const PHOTO_CUT_OFF = /\(from https?:\/\/[^/]+\/_image\?[^)]*\): Failed to load resource: net::ERR_FAILED/;

interface Purchase {
  customer: Customer;
  bill: string;
}

/** A new customer with one accepted ticket purchase, logged in in a context of the profile. */
async function customerWithTicket(
  browser: Browser,
  profile: typeof phone,
): Promise<Purchase & { context: BrowserContext }> {
  const context = await browser.newContext({ ...profile });
  const customer = await registerCustomer(context.request);
  await logIn(context.request, customer);
  const { bill } = await loadSampleData(context.request);
  return { context, customer, bill };
}

/** A customer's ticket page, opened under the worker, which says it kept it. */
async function ticketKept(browser: Browser, profile: typeof phone) {
  const purchase = await customerWithTicket(browser, profile);
  const page = await purchase.context.newPage();
  await page.goto('/');
  await workerInCharge(page);
  await page.goto(`/ticket/${purchase.bill}`);
  await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
  return { ...purchase, page };
}

/** The page is controlled by the active worker (it claims pages when it activates). */
async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every cache of the origin and the addresses it holds: a path for ours, the whole URL for another origin's. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => {
        const url = new URL(request.url);
        return url.origin === location.origin ? url.pathname : url.href;
      });
    }
    return all;
  });
}

/** The QR codes the page shows, read from their pixels as a phone camera would. */
async function readCodes(page: Page): Promise<Array<string | null>> {
  const images = page.locator('img[data-ticket-code]');
  const codes: Array<string | null> = [];
  for (const image of await images.all()) codes.push(await readQr(image));
  return codes;
}

const profiles = { phone, desktop } as const;

for (const [profileName, profile] of Object.entries(profiles)) {
  test.describe(`on a ${profileName}`, () => {
    test('a ticket opened online reloads offline with its QR codes; other pages show the offline page', async ({
      browser,
      pageErrors,
    }) => {
      pageErrors.expect(OFFLINE_LOAD);
      pageErrors.expect(PHOTO_CUT_OFF);
      const { context, bill } = await customerWithTicket(browser, profile);
      const page = await context.newPage();
      await watchViolations(page);
      const bffFromWorker: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/bff/') && response.fromServiceWorker())
          bffFromWorker.push(response.url());
      });

      await page.goto('/');
      await workerInCharge(page);
      const online = await page.goto(`/ticket/${bill}`);
      // The policy lets our own worker and manifest in, and nothing else's.
      const policy = online?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("worker-src 'self';");
      expect(policy).toContain("manifest-src 'self';");
      const title = await page.getByRole('heading', { level: 1 }).innerText();
      const codes = await page
        .locator('img[data-ticket-code]')
        .evaluateAll((images) => images.map((image) => image.getAttribute('data-ticket-code')));
      expect(codes.length).toBeGreaterThan(0);
      expect(await readCodes(page)).toEqual(codes);
      await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();

      // The worker keeps the ticket page and its assets, a shell for this release, and no BFF answer.
      const cached = await cachedAddresses(page);
      const names = Object.keys(cached).sort();
      expect(names).toEqual([expect.stringMatching(/^viziona-shell-[0-9a-f]{16}$/), 'viziona-tickets-v1']);
      const everything = Object.values(cached).flat();
      expect(everything.filter((address) => address.includes('/bff/'))).toEqual([]);
      // Of our own addresses: build assets, the offline page, this ticket page and its poster
      // through the image path, nothing else; nothing of other origins.
      const pages = everything.filter((address) => address.startsWith('/') && !address.startsWith('/_astro/'));
      expect(pages.sort()).toEqual([
        '/_image',
        '/favicon.svg',
        '/manifest.webmanifest',
        '/sin-conexion',
        `/ticket/${bill}`,
      ]);
      expect(everything.filter((address) => !address.startsWith('/'))).toEqual([]);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await readCodes(page)).toEqual(codes);
      // The poster, through our image path, came from the copy too.
      expect(
        await page
          .locator('article img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0);
      // Offline the person is still the one the page was rendered for, not a visitor.
      await expect(page.locator('html')).toHaveAttribute('data-session', 'member');
      // A BFF answer is never the worker's: offline it simply fails.
      expect(
        await page.evaluate(() =>
          fetch('/bff/session').then(
            (answer) => `answered ${answer.status}`,
            () => 'failed',
          ),
        ),
      ).toBe('failed');

      // Another page offline: the offline page, which leads to the kept ticket.
      await page.goto('/cartelera');
      await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
      const kept = page.getByRole('region', { name: 'Tus boletas en este dispositivo' }).getByRole('link');
      await expect(kept).toHaveCount(1);
      await expect(kept).toContainText(title);
      await kept.click();
      await expect(page).toHaveURL(new RegExp(`/ticket/${bill}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

      await context.setOffline(false);
      expect(bffFromWorker).toEqual([]);
      expect(await violationsOf(page)).toEqual([]);
      await context.close();
    });

    test('a session that ends without a log-out takes its kept ticket with it: the next person offline sees none', async ({
      browser,
      pageErrors,
    }) => {
      pageErrors.expect(OFFLINE_LOAD);
      pageErrors.expect(PHOTO_CUT_OFF);
      const { context, bill, page } = await ticketKept(browser, profile);
      // While the session lasts, the ticket reloads offline.
      await context.setOffline(true);
      await page.reload();
      await expect(page.locator('img[data-ticket-code]').first()).toBeVisible();
      await context.setOffline(false);

      // The session ends without a log-out (its cookies expired or were cleared), and someone
      // else opens the browser with no signal: neither the ticket nor its name in the list.
      await context.clearCookies();
      await context.setOffline(true);
      await page.goto(`/ticket/${bill}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
      await expect(page.locator('img[data-ticket-code]')).toHaveCount(0);
      await expect(page.getByText('Aún no hay boletas guardadas en este dispositivo.', { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(bill) })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/i32-offline-after-session-${profileName}.png` });
      await context.setOffline(false);
      expect((await cachedAddresses(page))['viziona-tickets-v1'] ?? []).not.toContain(`/ticket/${bill}`);
      await context.close();
    });

    test('after logging out, or another person logging in, the ticket is not kept', async ({ browser, pageErrors }) => {
      pageErrors.expect(OFFLINE_LOAD);
      pageErrors.expect(PHOTO_CUT_OFF);
      const { context, bill, page } = await ticketKept(browser, profile);

      await page.goto('/mi-perfil');
      await page.getByRole('button', { name: 'Cerrar Sesión' }).last().click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(Object.keys(await cachedAddresses(page))).not.toContain('viziona-tickets-v1');

      await context.setOffline(true);
      await page.goto(`/ticket/${bill}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
      await expect(page.getByText('Aún no hay boletas guardadas en este dispositivo.', { exact: false })).toBeVisible();
      await context.setOffline(false);

      // Someone else on the same device: the first person keeps a ticket, their session ends
      // without a log-out (cookies cleared), and the second person logs in.
      await page.goto('/iniciar-sesion');
      const first = await customerWithTicket(browser, profile);
      await first.context.close();
      await logIn(context.request, first.customer);
      await page.goto(`/ticket/${first.bill}`);
      await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
      await context.clearCookies();
      const elsewhere = await browser.newContext();
      const second = await registerCustomer(elsewhere.request);
      await elsewhere.close();
      await page.goto('/iniciar-sesion');
      await page.getByLabel('Correo electrónico').fill(second.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(second.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/iniciar-sesion'));
      await context.setOffline(true);
      await page.goto(`/ticket/${first.bill}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(first.bill) })).toHaveCount(0);
      await context.setOffline(false);
      await context.close();
    });
  });
}

test('the ticket page offers its showtime as a calendar file, and meets WCAG 2.2 AA with the offline page', async ({
  browser,
}) => {
  const { context, bill } = await customerWithTicket(browser, desktop);
  const page = await context.newPage();
  await page.goto(`/ticket/${bill}`);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Agregar a mi calendario' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`viziona-${bill}.ics`);
  const event = componentsOf(parseIcs(await readFile(await download.path(), 'utf8')), 'VEVENT')[0]!;
  expect(text(event, 'SUMMARY')).toContain(title);
  expect(property(event, 'DTSTART').params.TZID).toBe('America/Bogota');
  expect(await wcagViolations(page)).toEqual([]);

  // The status page of the same purchase offers it too.
  await page.goto(`/estado-transaccion/${bill}`);
  await expect(page.getByRole('link', { name: 'Agregar a mi calendario' })).toHaveAttribute(
    'href',
    `/bff/tickets/${bill}/calendar.ics`,
  );

  await page.goto('/sin-conexion');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await context.close();
});

test('the worker drops caches of earlier releases and leaves other caches alone', async ({ page }) => {
  await page.addInitScript(async () => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    await caches.open('viziona-shell-0000000000000000');
    await caches.open('viziona-tickets-v0');
    await caches.open('otra-aplicacion');
  });
  await page.goto('/');
  await workerInCharge(page);
  const names = Object.keys(await cachedAddresses(page)).sort();
  expect(names).toEqual(['otra-aplicacion', expect.stringMatching(/^viziona-shell-[0-9a-f]{16}$/)]);
  expect(names).not.toContain('viziona-shell-0000000000000000');
});
