import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { failedLoad, test } from './fixtures.ts';
import { routes } from '#site/lib/routes.ts';
import { desktop, phone } from './devices.ts';
import { misfitOf, openDialogs, watchDialogs } from './dialog-fit.ts';
import {
  everyPagePath,
  loadSampleData,
  logIn,
  registerCustomer,
  type Customer,
  type SampleData,
} from './route-samples.ts';

/**
 * Every page of the route registry, on a 390 px phone and a 1366 px screen, for a visitor and
 * for a logged-in customer: the page never scrolls sideways, and every dialog it can open
 * (the home popup, the side menu, the login dialog from any login link, and whatever a
 * button marked `aria-haspopup="dialog"` opens, one level deep: forgot password, e-mail
 * verification, membership, payment...) opens inside the screen with its controls in reach.
 * A page added to the registry is visited without changing this file. The purchase page's
 * own dialogs (combo, checkout, payment, status modals) are watched along the purchase
 * journeys of purchase.spec.ts, which also run on the phone.
 */

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

const screens = { 'a 390 px phone': phone, 'a 1366 px screen': desktop } as const;

let customer: Customer;
let samples: SampleData;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  customer = await registerCustomer(context.request);
  await logIn(context.request, customer);
  samples = await loadSampleData(context.request);
  await context.close();
});

async function openAs(browser: Browser, profile: BrowserContextOptions, loggedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ ...profile });
  if (loggedIn) await logIn(context.request, customer);
  return context.newPage();
}

/** Islands and custom elements have taken over the server's HTML (`client:visible` ones once in view). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
  await page.waitForLoadState('load');
}

async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** Marks the dialogs open now, to tell afterwards which ones a step closed or opened. */
const MARK = 'data-open-before';
const markOpen = (page: Page) =>
  openDialogs(page).evaluateAll((open, mark) => open.forEach((element) => element.setAttribute(mark, '')), MARK);
const unmark = (page: Page) =>
  page
    .locator(`[${MARK}]`)
    .evaluateAll((marked, mark) => marked.forEach((element) => element.removeAttribute(mark)), MARK);

/**
 * Closes what is open with Escape, as a person would. One Escape closes the topmost dialog,
 * which may bring back the one it replaced (a payment step back to the purchase detail).
 */
async function closeAll(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 6 && (await openDialogs(page).count()) > 0; attempt += 1) {
    const open = await openDialogs(page).count();
    await markOpen(page);
    await page.keyboard.press('Escape');
    await expect(openDialogs(page).and(page.locator(`[${MARK}]`))).toHaveCount(open - 1);
    await unmark(page);
  }
  await expect(openDialogs(page)).toHaveCount(0);
}

/** Clicks an opener and checks the dialog that appears; then, one level deep, its own openers. */
async function checkOpener(
  page: Page,
  path: string,
  opener: ReturnType<Page['locator']>,
  depth: number,
): Promise<void> {
  const label = (await opener.getAttribute('aria-label')) ?? (await opener.innerText()).trim();
  // An island that hydrates once in view answers clicks only then.
  await opener.scrollIntoViewIfNeeded();
  await expect(opener.locator('xpath=ancestor::astro-island[@ssr]')).toHaveCount(0);
  // A dialog may open over another one or take its place: what is new counts.
  await markOpen(page);
  await opener.click();
  await expect(
    openDialogs(page).and(page.locator(`:not([${MARK}])`)),
    `${path}: '${label}' opens a dialog`,
  ).not.toHaveCount(0);
  await unmark(page);
  const dialogs = openDialogs(page);
  const count = await dialogs.count();
  for (let index = 0; index < count; index += 1) {
    expect.soft(await misfitOf(dialogs.nth(index)), `${path}: after '${label}'`).toBeNull();
  }
  if (depth > 0) return;
  const inner = page.locator('dialog[open] [aria-haspopup="dialog"]:visible');
  const innerCount = await inner.count();
  for (let index = 0; index < innerCount; index += 1) {
    await checkOpener(page, path, inner.nth(index), depth + 1);
    if (index === innerCount - 1) break;
    await closeAll(page);
    await opener.click();
  }
}

async function checkPage(page: Page, path: string, loggedIn: boolean): Promise<void> {
  await page.goto(path);
  await settled(page);
  const { scrollWidth, clientWidth } = await sidewaysOverflow(page);
  expect
    .soft(scrollWidth, `${path} scrolls sideways (${scrollWidth} px of content in ${clientWidth} px)`)
    .toBeLessThanOrEqual(clientWidth);

  // Dialogs that open by themselves (the home popup).
  const shown = openDialogs(page);
  for (let index = 0; index < (await shown.count()); index += 1) {
    expect.soft(await misfitOf(shown.nth(index)), `${path}: a dialog open on arrival`).toBeNull();
  }
  await closeAll(page);

  const openers = page.locator(
    '[aria-haspopup="dialog"]:visible, [popovertarget]:not([popovertargetaction="hide"]):visible',
  );
  const loginLink = page.locator(`a[href^="${routes.login}"]:visible`).first();
  const all = [...(await openers.all()), ...(!loggedIn && (await loginLink.count()) > 0 ? [loginLink] : [])];
  for (const opener of all) {
    await checkOpener(page, path, opener, 0);
    await closeAll(page);
  }
}

for (const [screen, profile] of Object.entries(screens)) {
  for (const loggedIn of [false, true]) {
    test(`on ${screen}, ${loggedIn ? 'logged in' : 'as a visitor'}: no page scrolls sideways and every dialog opens inside the screen`, async ({
      browser,
      pageErrors,
    }) => {
      pageErrors.expect(failedLoad('/404', 404));
      pageErrors.expect(failedLoad('/servicio-no-disponible', 503));
      const page = await openAs(browser, profile, loggedIn);
      const watch = await watchDialogs(page);
      for (const path of everyPagePath(samples)) {
        await test.step(path, () => checkPage(page, path, loggedIn));
      }
      if (loggedIn) {
        // A status modal, over the verification dialog: a code left blank is refused at once.
        await page.goto(routes.home);
        await settled(page);
        await closeAll(page);
        await page.getByRole('button', { name: 'Verifica tu correo' }).click();
        await page
          .getByRole('dialog', { name: 'Verifica el correo' })
          .getByRole('button', { name: 'Verificar' })
          .click();
        const status = page.getByRole('alertdialog', { name: 'Datos incompletos' });
        await expect(status).toBeVisible();
        expect.soft(await misfitOf(status.locator('xpath=ancestor-or-self::dialog'))).toBeNull();
        await status.getByRole('button', { name: 'Aceptar' }).click();
      }
      expect(watch.misfits).toEqual([]);
      await page.context().close();
    });
  }
}
