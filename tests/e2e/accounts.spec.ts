import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { failedLoad, test } from './fixtures.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import { fillRegistration, newPerson } from './registration-helpers.ts';
import { watchOverlayTexts } from './overlay-watch.ts';

/**
 * The account flows as a new person lives them, in order: registration (and its validation
 * messages), e-mail verification with the code from the sandbox outbox, logging out, the
 * login guard and its return, the login dialog, the profile editor, a password change and a
 * password recovery through the outbox link. Texts quoted by the spec are written out here,
 * so a changed text fails the test.
 */

test.describe.configure({ mode: 'serial' });

// One browser page for the whole journey: the person stays logged in from one step to the
// next, as they would (and the BFF's login rate limit is spent only where a step logs in).
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  // The home page's promotional popup shows once per browser session; this person has
  // already seen it (the flag of site/features/catalogue/popup-element.ts).
  await page.addInitScript(() => sessionStorage.setItem('viziona:popup-visto', '1'));
});
test.afterAll(async () => {
  await page.close();
});

const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';
const person = newPerson();
const passwords = { first: 'Inicio123', changed: 'Cambio456', recovered: 'Nuevo789' };

type OutboxKind = 'verification-code' | 'password-reset';
interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  code: string | null;
  link: string | null;
}

async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxEntry[]> {
  const response = await request.get(`${sandboxUrl}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: OutboxEntry[] };
  return body.data;
}

/** The newest message of a kind that arrived after `afterId`. */
async function newestMessage(request: APIRequestContext, kind: OutboxKind, afterId: number): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      const entries = await readOutbox(request, person.email);
      found = entries.filter((entry) => entry.kind === kind && entry.id > afterId).sort((a, b) => b.id - a.id)[0];
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no ${kind} message for ${person.email}`);
  return found;
}

async function newestOutboxId(request: APIRequestContext): Promise<number> {
  const entries = await readOutbox(request, person.email);
  return entries.reduce((max, entry) => Math.max(max, entry.id), 0);
}

/** Islands answer clicks once hydrated (Astro drops their `ssr` attribute then). */
async function hydrated(): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function open(path: string): Promise<void> {
  await page.goto(path);
  await hydrated();
}

/** The status modal: it must survive Escape, then its button closes it. */
async function confirmStatus(title: string, button = 'Aceptar'): Promise<void> {
  const modal = page.getByRole('alertdialog', { name: title });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: button }).click();
  await expect(modal).toBeHidden();
}

async function logOutFromHeader(): Promise<void> {
  await hydrated();
  // Logging out always loads the home page, also from the home page itself: wait for that load,
  // or the test's next navigation is cut off by it (the header shows the guest before it comes).
  const homeLoaded = page.waitForEvent('load');
  // The header's logout icon (the profile page also has a 'Cerrar Sesión' tab).
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' }).click();
  await homeLoaded;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
}

async function fillLogin(scope: Page | Locator, email: string, password: string): Promise<void> {
  await scope.getByLabel('Correo electrónico').fill(email);
  await scope.getByLabel('Contraseña', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Ingresar' }).click();
}

test('the registration form shows every validation message', async () => {
  await open('/registrarme');
  // The robot check is the ALTCHA widget (lazy: it loads as it nears the screen), with the spec's label.
  await page.locator('altcha-widget').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(page.getByLabel('Confirmar que no soy un robot')).toBeVisible();

  await page.getByRole('button', { name: 'Registrarme' }).click();
  for (const message of [
    'El nombre es requerido',
    'El apellido es requerido',
    'El correo electrónico es requerido',
    'La contraseña debe tener de 8 a 12 caracteres, incluir al menos una letra mayúscula, una minúscula, un número y no contener caracteres especiales',
    MESSAGES.docTypeRequired,
    MESSAGES.docNumberRequired,
    MESSAGES.phoneRequired,
    MESSAGES.birthdayRequired,
    'Seleccione un sexo',
    'Debes aceptar los Términos y Condiciones',
    'Debes aceptar la Política de Privacidad',
    'Debes confirmar que no eres un robot',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel('Correo electrónico', { exact: true }).fill('no-es-un-correo');
  await page.getByLabel('Confirmar correo electrónico').fill('otro@correo.test');
  await page.getByLabel('Contraseña', { exact: true }).fill('corta');
  await page.getByLabel('Confirmar contraseña').fill('distinta');
  await page.getByLabel('Número de documento', { exact: true }).fill('123');
  await page.getByLabel('Confirmar número de documento').fill('456');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  for (const message of [
    'Correo electrónico inválido',
    'Los correos electrónicos no coinciden',
    'Las contraseñas no coinciden',
    'Los números de documento no coinciden',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^Debe tener de 8 a 12/)).toBeVisible();
  // A refused submit focuses the first field in error, and again a task later (react-hook-form's
  // setTimeout): under load that second focus landed mid-typing and took the keys below.
  await expect(page.getByLabel('Nombre', { exact: true })).toBeFocused();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

  // Number inputs (the phone) take digits only; the document number is text (a passport has
  // letters, a NIT a dash: account-form-rules.spec.ts); confirm inputs refuse pasting.
  const cellphone = page.getByLabel('Celular');
  await cellphone.fill('');
  await cellphone.pressSequentially('1e2.3-4+5E');
  await expect(cellphone).toHaveValue('12345');
  for (const label of ['Confirmar correo electrónico', 'Confirmar contraseña', 'Confirmar número de documento']) {
    const refused = await page.getByLabel(label).evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'pegado');
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      input.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(refused, `${label} must refuse pasting`).toBe(true);
  }
});

test('a new person registers and verifies the e-mail with the code from the outbox', async ({
  request,
  pageErrors,
}) => {
  // The wrong code is refused by the server.
  pageErrors.expect(failedLoad('/', 422));
  await open('/registrarme');
  await fillRegistration(page, person, passwords.first);
  // The success text shows in the overlay while home loads at once: the page records it.
  const overlay = await watchOverlayTexts(page);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => overlay).toContain('Registro exitoso.');

  // Registration sent a first code: the verification screen opens by itself on the page the
  // person lands on, saying where the code went (registration-arrival.spec.ts: phone and laptop).
  await hydrated();
  const first = await newestMessage(request, 'verification-code', 0);
  expect(first.code).toBeTruthy();
  const prompt = page.getByRole('button', { name: 'Verifica tu correo' });
  const screen = page.getByRole('dialog', { name: 'Verifica el correo' });
  // The screen's code loads on arrival (a first fetch after a build is slow on a busy machine).
  await expect(screen).toBeVisible({ timeout: 30_000 });
  await expect(screen).toContainText(`Te enviamos un código a ${person.email}.`);
  await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');

  // 'solicita uno nuevo' clears the field and sends another code.
  await screen.getByLabel('Código de verificación').fill('borrador');
  await screen.getByRole('button', { name: 'solicita uno nuevo' }).click();
  await confirmStatus('¡Listo!');
  await expect(screen.getByLabel('Código de verificación')).toHaveValue('');
  const message = await newestMessage(request, 'verification-code', first.id);
  expect(message.code).toBeTruthy();

  // A blank code is refused before any request, a wrong one by the server.
  await screen.getByRole('button', { name: 'Verificar' }).click();
  await confirmStatus('Datos incompletos');
  await screen.getByLabel('Código de verificación').fill('000000-no');
  await screen.getByRole('button', { name: 'Verificar' }).click();
  const invalid = page.getByRole('alertdialog', { name: '¡Código inválido!' });
  await expect(
    invalid.getByText('El código que ingresaste no es correcto o ha expirado, solicita uno nuevo.'),
  ).toBeVisible();
  await invalid.getByRole('button', { name: 'Aceptar' }).click();

  await screen.getByLabel('Código de verificación').fill(message.code ?? '');
  await screen.getByRole('button', { name: 'Verificar' }).click();
  await expect(screen).toBeHidden();
  await expect(prompt).toBeHidden();
  // Page scrolling is given back when the screen closes.
  await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe('');

  // Still verified on the next page load (the session view says so).
  await page.reload();
  await hydrated();
  await expect(page.getByRole('link', { name: /Mi perfil/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verifica tu correo' })).toHaveCount(0);
});

test('after logging out, a protected page sends the person to log in and back', async () => {
  await logOutFromHeader();

  await open('/mi-perfil');
  await expect(page).toHaveURL(/\/iniciar-sesion\?returnTo=%2Fmi-perfil$/);
  const overlay = await watchOverlayTexts(page);
  await fillLogin(page.getByRole('main'), person.email, passwords.first);
  await expect(page).toHaveURL(/\/mi-perfil$/);
  await expect.poll(() => overlay).toContain('Inicio de sesión exitoso.');
  await hydrated();
  await expect(page.getByRole('tab', { name: 'Mi perfil' })).toHaveAttribute('aria-selected', 'true');

  // A guest-only page sends a logged-in person home.
  await open('/iniciar-sesion');
  await expect(page).toHaveURL(/\/$/);
});

test('the login dialog shows the server message and brings the person back to the page', async ({ pageErrors }) => {
  // The wrong password is refused by the server.
  pageErrors.expect(failedLoad('/pagina/terminos-y-condiciones', 422));
  await logOutFromHeader();
  await open('/pagina/terminos-y-condiciones');
  await page.getByRole('link', { name: 'Iniciar Sesión' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inicia Sesión' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Regístrate/ })).toHaveAttribute('href', '/registrarme');

  await fillLogin(dialog, person.email, 'Equivocada1');
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  // The same page loads again at once, now with the session, the success said meanwhile.
  const overlay = await watchOverlayTexts(page);
  const reloaded = page.waitForEvent('load');
  await fillLogin(dialog, person.email, passwords.first);
  await reloaded;
  await expect.poll(() => overlay).toContain('Inicio de sesión exitoso.');
  await hydrated();
  await expect(page).toHaveURL(/\/pagina\/terminos-y-condiciones$/);
  await expect(page.getByRole('link', { name: /Mi perfil/ })).toBeVisible();
});

test('the person edits the profile and changes the password', async ({ pageErrors }) => {
  // After the change, the old password is refused by the server.
  pageErrors.expect(failedLoad('/iniciar-sesion', 422));
  await open('/mi-perfil');
  const main = page.getByRole('main');
  await expect(main.getByText(person.email)).toBeVisible();
  await page.getByRole('button', { name: 'Actualizar mi perfil' }).click();

  await expect(page.getByLabel('Correo electrónico')).toHaveJSProperty('readOnly', true);
  await expect(page.getByLabel('Número de documento')).toHaveJSProperty('readOnly', true);
  await page.getByLabel('Nombre').fill('Valeria');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await confirmStatus('¡Perfil actualizado exitosamente!');
  await expect(page.getByRole('button', { name: 'Actualizar mi perfil' })).toBeVisible();
  await expect(main.getByText('Valeria', { exact: true })).toBeVisible();

  // Cancel leaves the profile as it was.
  await page.getByRole('button', { name: 'Actualizar mi perfil' }).click();
  await page.getByLabel('Apellido').fill('Descartado');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(main.getByText('Descartado')).toHaveCount(0);

  // The password section: its rules, then a change.
  await page.getByRole('button', { name: 'Actualizar mi perfil' }).click();
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(passwords.changed);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Confirma la contraseña', { exact: true })).toBeVisible();
  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('Otra12345');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Las contraseñas deben coincidir', { exact: true })).toBeVisible();
  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill(passwords.changed);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await confirmStatus('¡Perfil actualizado exitosamente!');

  // The profile's 'Cerrar Sesión' tab logs out; then the new password is the one that works.
  await main.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await open('/iniciar-sesion');
  await fillLogin(page.getByRole('main'), person.email, passwords.first);
  await expect(page.getByRole('main').getByRole('alert')).not.toBeEmpty();
  await fillLogin(page.getByRole('main'), person.email, passwords.changed);
  await expect(page).toHaveURL(/\/$/);
});

test('the person recovers the password through the link in the outbox', async ({ request }) => {
  await logOutFromHeader();
  const before = await newestOutboxId(request);
  await page.getByRole('link', { name: 'Iniciar Sesión' }).click();
  await page
    .getByRole('dialog', { name: 'Inicia Sesión' })
    .getByRole('button', { name: 'Olvidé mi contraseña' })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Olvidé mi contraseña' });
  await expect(forgot).toBeVisible();
  await forgot.getByLabel('Correo electrónico').fill(person.email);
  await forgot.getByRole('button', { name: 'Enviar enlace' }).click();
  const sent = page.getByRole('alertdialog', { name: '¡Correo de recuperación enviado!' });
  await expect(
    sent.getByText('Revisa tu bandeja de entrada. Hemos enviado un enlace para que puedas restablecer tu contraseña.'),
  ).toBeVisible();
  await confirmStatus('¡Correo de recuperación enviado!', 'Ok');
  await expect(forgot).toBeHidden();

  const message = await newestMessage(request, 'password-reset', before);
  const link = new URL(message.link ?? '');
  expect(link.pathname).toMatch(/^\/forgot-password\/.+/);
  await open(`${link.pathname}${link.search}`);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(passwords.recovered);
  await page.getByLabel('Confirmar contraseña').fill('NoCoincide1');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden', { exact: true })).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill(passwords.recovered);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const done = page.getByRole('alertdialog', { name: '¡Contraseña actualizada exitosamente!' });
  await expect(done.getByText('Ahora inicia sesión con tu nueva contraseña.')).toBeVisible();
  await confirmStatus('¡Contraseña actualizada exitosamente!');
  await expect(page).toHaveURL(/\/iniciar-sesion$/);
  await hydrated();

  await fillLogin(page.getByRole('main'), person.email, passwords.recovered);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Mi perfil/ })).toBeVisible();
});
