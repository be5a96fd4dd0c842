import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { wcagViolations } from './axe-audit.ts';
import { loadSampleData, logIn, registerCustomer } from './route-samples.ts';
import { keyFilesIn } from '../wallet-keys.ts';
import { manifestProblems, unzipped, verifyPassSignature } from '../wallet-pass-check.ts';

/**
 * "Agregar a Apple Wallet" and "Guardar en Google Wallet" on the ticket page of an accepted
 * purchase (issue 34), on the phone and the desktop projects, with the keys the run made
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
  await apple.focus();
  await page.keyboard.press('Tab');
  await expect(google).toBeFocused();
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
