import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ALERT_MESSAGES } from '#shared/alerts/rules.ts';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';
import { createUnsubscribeLinks } from '#bff/alerts/unsubscribe-link.ts';
import { failedLoad, test } from './fixtures.ts';
import { misfitOf, watchDialogs } from './dialog-fit.ts';
import { registerCustomer, type Customer } from './route-samples.ts';

/**
 * "Avísame" as a person uses it, on the phone and the desktop: a visitor taps it on a release,
 * logs in through the dialog it opens and comes back with the alert asked; the profile lists
 * it and cancels it; the release's button follows. A release without showtimes has it on its
 * page too. Each project has its own person and releases, so the two never meet. A person
 * whose e-mail is not verified is asked to verify it first (alerts go only to verified
 * addresses), and an alert e-mail's cancel link asks, then cancels (issue 39). Phone
 * screenshots of each step go to /tmp/a34-shots/.
 */

const SHOTS = '/tmp/a34-shots';

const setups = {
  phone: {
    person: { email: 'club@viziona.co', password: 'Club1234' },
    release: { slug: 'heroes-de-barrio', title: 'Héroes de Barrio' },
    page: { slug: 'viaje-al-centro-del-mar', title: 'Viaje al Centro del Mar' },
  },
  chromium: {
    // Verified, as everybody who asks for alerts must be.
    person: { email: 'demo@viziona.co', password: 'Demo1234' },
    release: { slug: 'viaje-al-centro-del-mar', title: 'Viaje al Centro del Mar' },
    page: { slug: 'heroes-de-barrio', title: 'Héroes de Barrio' },
  },
} as const;

async function shot(page: Page, name: string, isMobile: boolean): Promise<void> {
  if (!isMobile) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const press = (target: Locator, hasTouch: boolean): Promise<void> => (hasTouch ? target.tap() : target.click());

const alertButton = (page: Page, title: string): Locator => page.getByRole('button', { name: `Avísame: ${title}` });

test('a visitor asks for an alert on a release, logs in from it, and cancels it in the profile', async ({
  page,
  hasTouch,
  isMobile,
}, testInfo) => {
  const setup = setups[testInfo.project.name === 'phone' ? 'phone' : 'chromium'];
  const { release, person } = setup;
  await watchDialogs(page);
  await page.goto('/proximos-estrenos');
  const button = alertButton(page, release.title);
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await page.waitForLoadState('networkidle');
  await shot(page, '1-release-button', isMobile);

  // A visitor's tap asks them to log in, in the site's dialog.
  await press(button, hasTouch);
  const dialog = page.getByRole('dialog', { name: 'Inicia Sesión' });
  await expect(dialog).toBeVisible();
  expect(await misfitOf(dialog)).toBeNull();
  await shot(page, '2-login-dialog', isMobile);
  await dialog.getByLabel('Correo electrónico').fill(person.email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await press(dialog.getByRole('button', { name: 'Ingresar' }), hasTouch);

  // Back on the same page, logged in: the tap is completed.
  await expect(page).toHaveURL(/\/proximos-estrenos$/);
  const asked = alertButton(page, release.title);
  await expect(asked).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(`vz-alert[data-movie="${release.slug}"]`).getByRole('status')).toHaveText(
    'Listo: te escribiremos cuando salgan las boletas.',
  );
  await expect(asked).toBeFocused();
  await shot(page, '3-release-asked', isMobile);

  // The profile lists it, and cancels it.
  await page.goto('/mi-perfil');
  const section = page.getByRole('region', { name: 'Mis avisos' });
  await section.scrollIntoViewIfNeeded();
  const item = section.getByRole('listitem').filter({ hasText: release.title });
  await expect(item).toContainText('Te avisaremos cuando salgan las boletas');
  await expect(item.getByRole('link', { name: release.title })).toHaveAttribute(
    'href',
    `/viziona/pelicula/${release.slug}`,
  );
  await shot(page, '4-profile-listed', isMobile);
  await press(section.getByRole('button', { name: `Cancelar el aviso de ${release.title}` }), hasTouch);
  await expect(section.getByRole('status')).toHaveText(`Cancelaste el aviso de ${release.title}.`);
  await expect(section.getByRole('listitem').filter({ hasText: release.title })).toHaveCount(0);
  await shot(page, '5-profile-cancelled', isMobile);

  // The release's button says so too.
  await page.goto('/proximos-estrenos');
  await expect(alertButton(page, release.title)).toHaveAttribute('aria-pressed', 'false');
});

test('a release without showtimes has "Avísame" on its page; a second tap cancels it', async ({
  page,
  hasTouch,
  isMobile,
}, testInfo) => {
  const setup = setups[testInfo.project.name === 'phone' ? 'phone' : 'chromium'];
  const { person } = setup;
  const movie = setup.page;
  // Logged in first, through the login page.
  await page.goto('/iniciar-sesion');
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/iniciar-sesion'));

  await page.goto(`/viziona/pelicula/${movie.slug}`);
  await expect(page.getByText('Por el momento, no hay fechas disponibles.')).toBeVisible();
  const button = alertButton(page, movie.title);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await press(button, hasTouch);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await shot(page, '6-movie-page-asked', isMobile);
  // Kept: a reload reads it back from the BFF.
  await page.reload();
  await expect(alertButton(page, movie.title)).toHaveAttribute('aria-pressed', 'true');
  await press(alertButton(page, movie.title), hasTouch);
  await expect(alertButton(page, movie.title)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator(`vz-alert[data-movie="${movie.slug}"]`).getByRole('status')).toHaveText('Aviso cancelado.');
});

const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';
const UNASKED_RELEASE = { slug: 'el-secreto-de-la-abuela', title: 'El Secreto de la Abuela' } as const;

async function logInThroughThePage(page: Page, person: Customer): Promise<void> {
  await page.goto('/iniciar-sesion');
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/iniciar-sesion'));
}

async function verificationCode(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.get(`${sandboxUrl}/sandbox/outbox.json?to=${encodeURIComponent(email)}`);
  const { data } = (await answer.json()) as { data: Array<{ kind: string; code: string | null }> };
  const code = data.find((mail) => mail.kind === 'verification-code')?.code;
  if (!code) throw new Error(`no verification code for ${email}`);
  return code;
}

test('a person whose e-mail is not verified is asked to verify it first, and the alert is asked once they do', async ({
  page,
  request,
  pageErrors,
  hasTouch,
  isMobile,
}) => {
  pageErrors.expect(failedLoad('/proximos-estrenos', 403));
  await watchDialogs(page);
  const person = await registerCustomer(request);
  await logInThroughThePage(page, person);
  await page.goto('/proximos-estrenos');
  const button = alertButton(page, UNASKED_RELEASE.title);
  const alert = page.locator(`vz-alert[data-movie="${UNASKED_RELEASE.slug}"]`);
  await button.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await press(button, hasTouch);

  // Refused with why, and the way to fix it right there.
  await expect(alert.getByRole('status')).toHaveText(ALERT_MESSAGES.unverified);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  const verify = alert.getByRole('button', { name: 'Verificar mi correo' });
  await expect(verify).toBeVisible();
  await verify.scrollIntoViewIfNeeded();
  await shot(page, '7-verify-first', isMobile);

  await press(verify, hasTouch);
  const screen = page.getByRole('dialog', { name: 'Verifica el correo' });
  await expect(screen).toBeVisible();
  expect(await misfitOf(screen)).toBeNull();
  await screen.getByLabel('Código de verificación').fill(await verificationCode(request, person.email));
  await shot(page, '8-verification-screen', isMobile);
  await press(screen.getByRole('button', { name: 'Verificar' }), hasTouch);
  await expect(screen).toBeHidden();

  // Verified: the alert the person wanted is asked, and the offer to verify is gone.
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(alert.getByRole('status')).toHaveText('Listo: te escribiremos cuando salgan las boletas.');
  await expect(verify).toBeHidden();
  await shot(page, '9-verified-asked', isMobile);
  await page.reload();
  await expect(alertButton(page, UNASKED_RELEASE.title)).toHaveAttribute('aria-pressed', 'true');
});

test("an alert e-mail's cancel link asks first, then cancels that alert without logging in", async ({
  browser,
  page,
  request,
  hasTouch,
  isMobile,
}) => {
  // A verified person with an alert, as the e-mail would have found them.
  const person = await registerCustomer(request);
  const verified = await request.post('/bff/verification/validate', {
    headers: { 'x-viziona-client': 'web' },
    data: { code: await verificationCode(request, person.email) },
  });
  expect(verified.status()).toBe(200);
  const asked = await request.post('/bff/alerts', {
    headers: { 'x-viziona-client': 'web' },
    data: { movie: UNASKED_RELEASE.slug },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { createdAt } = (await asked.json()) as { createdAt: string };
  // The link the e-mail carries: sealed as the BFF seals it, with the development session key
  // the end-to-end stack runs on.
  const links = createUnsubscribeLinks([Buffer.from(DEV_SECRETS.SESSION_KEYS, 'base64')], 'http://localhost');
  const { page: link } = links.linksOf({
    owner: person.email,
    movie: UNASKED_RELEASE.slug,
    createdAt: Date.parse(createdAt),
  });

  // Opened from the mail app: nobody is logged in in this browser.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Cancelar aviso' })).toBeVisible();
  await expect(page.getByText('Quitaremos este aviso de tus avisos')).toBeVisible();
  await shot(page, '10-cancel-link-asks', isMobile);
  // Opening it cancelled nothing.
  const before = (await (await request.get('/bff/alerts')).json()) as { alerts: Array<{ movie: string }> };
  expect(before.alerts.map((alert) => alert.movie)).toContain(UNASKED_RELEASE.slug);

  await press(page.getByRole('button', { name: 'Cancelar el aviso' }), hasTouch);
  await expect(page.getByRole('status')).toHaveText(
    `Listo: cancelamos tu aviso de ${UNASKED_RELEASE.title}. No te escribiremos más por esta película.`,
  );
  await expect(page.getByRole('button', { name: 'Cancelar el aviso' })).toHaveCount(0);
  await shot(page, '11-cancel-link-done', isMobile);
  const after = (await (await request.get('/bff/alerts')).json()) as { alerts: Array<{ movie: string }> };
  expect(after.alerts.map((alert) => alert.movie)).not.toContain(UNASKED_RELEASE.slug);

  // The same link again, say from another device: already cancelled, nothing else touched.
  const other = await browser.newContext(isMobile ? { isMobile, hasTouch, viewport: { width: 390, height: 844 } } : {});
  try {
    const again = await other.newPage();
    await again.goto(new URL(link, page.url()).pathname);
    await again.getByRole('button', { name: 'Cancelar el aviso' }).click();
    await expect(again.getByRole('status')).toHaveText(
      'Este aviso ya estaba cancelado. No te escribiremos más por él.',
    );
  } finally {
    await other.close();
  }
});

test('a release already on sale offers its hours on /proximos-estrenos, never "Avísame"', async ({ page, request }) => {
  const releases = (
    (await (await request.get('/bff/catalogue/releases')).json()) as {
      releases: Array<{ slug: string; title: string; presale: boolean; days: Array<{ date: string }> }>;
    }
  ).releases;
  // The sandbox's presale sells its showtimes from three days before its release.
  const onSale = releases.find((release) => release.presale && release.days.length > 0)!;
  const waiting = releases.find((release) => release.days.length === 0)!;
  expect(onSale, 'a presale with showtimes').toBeTruthy();

  await page.goto('/proximos-estrenos');
  const card = page.locator(`[data-release="${onSale.slug}"]`);
  await expect(card.getByText('Preventa', { exact: true })).toBeVisible();
  await expect(card.getByText('Boletas a la venta')).toBeVisible();
  const hour = card.locator('a[data-showtime]').first();
  await expect(hour).toBeVisible();
  await expect(hour).toHaveAttribute('href', new RegExp(`/viziona/pelicula/${onSale.slug}/funcion/\\d+$`));
  await expect(card.getByRole('link', { name: `Ver todas las funciones: ${onSale.title}` })).toHaveAttribute(
    'href',
    new RegExp(`/viziona/pelicula/${onSale.slug}\\?date=\\d{4}-\\d{2}-\\d{2}$`),
  );
  await expect(alertButton(page, onSale.title)).toHaveCount(0);
  // A release with nothing on sale keeps "Avísame".
  await expect(alertButton(page, waiting.title)).toBeVisible();

  // Its page, on the date the card names, lists the same hour.
  const showtimeId = await hour.getAttribute('data-showtime');
  await card.getByRole('link', { name: `Ver todas las funciones: ${onSale.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: onSale.title })).toBeVisible();
  await expect(page.locator(`a[data-showtime="${showtimeId}"]`)).toBeVisible();
  await expect(alertButton(page, onSale.title)).toHaveCount(0);
});
