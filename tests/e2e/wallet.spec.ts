import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { wcagViolations } from './axe-audit.ts';
import { loadSampleData, logIn, registerCustomer } from './route-samples.ts';
import { keyFilesIn } from '../wallet-keys.ts';
import { manifestProblems, unzipped, verifyPassSignature } from '../wallet-pass-check.ts';

/**
 * "Agregar a Apple Wallet" and "Guardar en Google Wallet" on the ticket page of an accepted
 * purchase (issue 34; issue 38: the device's own wallet first, the QR codes above them), on the phone and the desktop projects, with the keys the run made
 * (playwright.config.ts): the buttons show, the pass downloads as Wallet receives it and passes
 * the checks Wallet makes, the Google button leads to Google's save link. Their absence
 * without keys is proven at the BFF level (tests/bff/wallet.test.ts: the ticket view says no
 * wallet, and the page renders a button only for a wallet the view names).
 */

const SHOTS = '/tmp/w34-shots';

test('the ticket page offers both wallets, and the pass downloads signed', async ({ page }, testInfo) => {
  const request = page.context().request;
  const customer = await registerCustomer(request);
  await logIn(request, customer);
  const { bill } = await loadSampleData(request);

  await page.goto(`/ticket/${bill}`);
  const wallets = page.getByRole('group', { name: 'Llevar tus boletas en el teléfono' });
  const apple = wallets.getByRole('link', { name: 'Agregar a Apple Wallet' });
  const google = wallets.getByRole('link', { name: 'Guardar en Google Wallet' });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  await expect(apple).toHaveAttribute('href', `/bff/wallet/apple/${bill}`);
  await expect(google).toHaveAttribute('href', `/bff/wallet/google/${bill}`);

  // Within the screen, big enough for a thumb, reached by the keyboard.
  const width = page.viewportSize()!.width;
  for (const button of [apple, google]) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  // This browser's own wallet first (Chromium on Linux or Android: Google's), then the other.
  await expect(wallets.getByRole('link')).toHaveText(['Guardar en Google Wallet', 'Agregar a Apple Wallet']);
  await google.focus();
  await page.keyboard.press('Tab');
  await expect(apple).toBeFocused();
  expect(await wcagViolations(page)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await wallets.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, `ticket-wallets-${testInfo.project.name}.png`) });

  // The pass: an attachment Wallet receives, signed by the run's certificate.
  const downloading = page.waitForEvent('download');
  await apple.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`viziona-${bill}.pkpass`);
  const answer = await request.get(`/bff/wallet/apple/${bill}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  const work = mkdtempSync(join(tmpdir(), 'viziona-wallet-e2e-'));
  try {
    const dir = unzipped(readFileSync(await download.path()), work);
    expect(manifestProblems(dir)).toEqual([]);
    const caFile = keyFilesIn(process.env.E2E_WALLET_KEYS_DIR!).wwdrCertificate;
    expect(verifyPassSignature(dir, caFile).status).toBe(0);
    const pass = JSON.parse(readFileSync(join(dir, 'pass.json'), 'utf8')) as { barcodes: Array<{ message: string }> };
    const codes = await page
      .locator('img[data-ticket-code]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('data-ticket-code')));
    expect(pass.barcodes.map((barcode) => barcode.message)).toEqual(codes);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  // Google's button sends the person to Google's save link (not followed: this machine has no internet).
  const save = await request.get(`/bff/wallet/google/${bill}`, { maxRedirects: 0 });
  expect(save.status()).toBe(302);
  expect(save.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
});

/** The ticket page's first QR code lies whole on the screen, under the site's header, without scrolling. */
async function expectFirstCodeWhole(page: Page): Promise<void> {
  const code = page.getByRole('img', { name: /^Código QR de la silla / }).first();
  await expect(code).toBeInViewport({ ratio: 1 });
  const header = await page.locator('header').first().boundingBox();
  const box = await code.boundingBox();
  expect(header && box && box.y >= header.y + header.height).toBe(true);
  expect(await page.evaluate(() => scrollY)).toBe(0);
}

test("at the door: the ticket page's first QR code is whole on the first screen, with the wallet buttons or without", async ({
  page,
  browser,
}, testInfo) => {
  const request = page.context().request;
  const customer = await registerCustomer(request);
  await logIn(request, customer);
  const { bill } = await loadSampleData(request);

  await page.goto(`/ticket/${bill}`);
  await expect(page.getByRole('group', { name: 'Llevar tus boletas en el teléfono' })).toBeVisible();
  await expectFirstCodeWhole(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `ticket-first-screen-${testInfo.project.name}.png`) });

  // A deployment without wallet keys renders the page without the group (WalletButtons.astro):
  // the same page, the group taken out on its way to the browser.
  // (The project's device comes with the context; no service worker, which routes would not see.)
  const bare = await browser.newContext({ storageState: await page.context().storageState(), serviceWorkers: 'block' });
  const withoutWallets = await bare.newPage();
  await withoutWallets.route(`**/ticket/${bill}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<div role="group" aria-label="Llevar tus boletas en el teléfono"[\s\S]*?<\/div>/,
      '',
    );
    await route.fulfill({ response, body: html });
  });
  await withoutWallets.goto(`/ticket/${bill}`);
  await expect(withoutWallets.getByRole('group', { name: 'Llevar tus boletas en el teléfono' })).toHaveCount(0);
  await expectFirstCodeWhole(withoutWallets);
  await bare.close();
});

test('each device meets its own wallet first: Google on Android and other computers, Apple on an iPhone, an iPad and Safari on a Mac', async ({
  page,
  browser,
}) => {
  const request = page.context().request;
  const customer = await registerCustomer(request);
  await logIn(request, customer);
  const { bill } = await loadSampleData(request);
  const storageState = await page.context().storageState();
  const google = 'Guardar en Google Wallet';
  const apple = 'Agregar a Apple Wallet';
  const cases: Array<[string, string, string[]]> = [
    ['an Android phone', devices['Pixel 7'].userAgent, [google, apple]],
    ['an iPhone', devices['iPhone 14'].userAgent, [apple, google]],
    ['an iPad asking for the desktop site', devices['Desktop Safari'].userAgent, [apple, google]],
    ['Chrome on Windows', devices['Desktop Chrome'].userAgent, [google, apple]],
    ['Firefox on a computer', devices['Desktop Firefox'].userAgent, [google, apple]],
  ];
  for (const [device, userAgent, order] of cases) {
    const context = await browser.newContext({ userAgent, storageState });
    const ticket = await context.newPage();
    await ticket.goto(`/ticket/${bill}`);
    const wallets = ticket.getByRole('group', { name: 'Llevar tus boletas en el teléfono' });
    await expect(wallets.getByRole('link'), device).toHaveText(order);
    await context.close();
  }
});
