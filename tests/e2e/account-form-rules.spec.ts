import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { DOCUMENT_NUMBER_MESSAGES, nitCheckDigit } from '#shared/validation/document-number.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import { baseURL } from './playwright.config.ts';
import { profiles } from './devices.ts';
import { solvedRobotCheck, tickRobotCheck } from './robot-check.ts';

/**
 * The account forms' rules as a person meets them, on a phone and on a desktop: the document
 * number follows its type (a passport keeps its letters, a NIT its check digit, a cédula asks
 * for the numeric keyboard), the profile's saved name shows everywhere on the page, and a
 * future birthday is flagged on its field.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
/** A cédula nobody else has: 10 digits. */
const uniqueCedula = () => String(Math.floor(1_000_000_000 + Math.random() * 8_999_999_999));

/** Islands answer once hydrated (Astro drops their `ssr` attribute then). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Tomorrow's date in Bogotá, YYYY-MM-DD. */
function tomorrowInBogota(): string {
  return new Date(Date.now() - 5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/** A new person, registered and logged in through the BFF (the page shares the cookies). */
async function registeredPerson(page: Page): Promise<{ email: string }> {
  const api = page.request;
  const headers = { 'x-viziona-client': 'web', origin: baseURL };
  const captcha = await solvedRobotCheck(api);
  const email = `perfil.${unique()}@correo.test`;
  const doc = uniqueCedula();
  const registered = await api.post('/bff/auth/register', {
    headers,
    data: {
      name: 'Camilo',
      lastname: 'Perfil',
      email,
      confirmEmail: email,
      password: 'Perfil123',
      confirmPassword: 'Perfil123',
      doc_type: 'CC',
      doc_number: doc,
      confirmDocNumber: doc,
      phone: '3001234567',
      birthday: '1990-05-06',
      sex: 'M',
      accept_terms: true,
      accept_privacy: true,
      captcha,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { email };
}

for (const [profileName, profile] of profiles) {
  test.describe(`on a ${profileName}`, () => {
    test.use(profile);
    test.beforeEach(async ({ page }) => {
      // The home page's promotional popup has been seen (site/features/catalogue/popup-element.ts).
      await page.addInitScript(() => sessionStorage.setItem('viziona:popup-visto', '1'));
    });

    test('the document number follows its type: a passport keeps its letters, a NIT its check digit', async ({
      page,
    }) => {
      await page.goto('/registrarme');
      await hydrated(page);
      const docType = page.getByLabel('Tipo de documento');
      const number = page.getByLabel('Número de documento', { exact: true });
      const confirm = page.getByLabel('Confirmar número de documento');

      // A cédula: digits only, with the numeric keyboard. Letters stay as typed and are refused.
      await docType.selectOption('CC');
      await expect(number).toHaveAttribute('inputmode', 'numeric');
      await expect(number).toHaveAttribute('type', 'text');
      await number.fill('AB123456');
      await confirm.fill('AB123456');
      await expect(number).toHaveValue('AB123456');
      await page.getByRole('button', { name: 'Registrarme' }).click();
      await expect(page.getByText(DOCUMENT_NUMBER_MESSAGES.CC, { exact: true })).toBeVisible();
      await expect(number).toHaveAttribute('aria-invalid', 'true');

      // Spaces and other hostile values are refused with the type's message, not changed.
      await docType.selectOption('PPN');
      await expect(number).toHaveAttribute('inputmode', 'text');
      await expect(page.getByText(DOCUMENT_NUMBER_MESSAGES.CC, { exact: true })).toHaveCount(0);
      await number.fill('AB 123<script>');
      await page.getByRole('button', { name: 'Registrarme' }).click();
      await expect(page.getByText(DOCUMENT_NUMBER_MESSAGES.PPN, { exact: true })).toBeVisible();
      await expect(page.getByText(MESSAGES.docNumberMismatch, { exact: true })).toBeVisible();

      // The confirmation keeps the spec's paste block.
      const pasteRefused = await confirm.evaluate((input) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'AB123456');
        const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        input.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(pasteRefused).toBe(true);

      // The desktop registers with a passport, the phone with a NIT and its check digit.
      const base = String(Date.now()).slice(-9);
      const [type, typed, stored] =
        profileName === 'desktop'
          ? (['PPN', `ab${base.slice(-7)}`, `AB${base.slice(-7)}`] as const)
          : (['NIT', `${base}-${nitCheckDigit(base)}`, `${base}-${nitCheckDigit(base)}`] as const);
      const email = `documento.${unique()}@correo.test`;
      await page.getByLabel('Nombre').fill('Sofía');
      await page.getByLabel('Apellido').fill('Documento');
      await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
      await page.getByLabel('Confirmar correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Documento1');
      await page.getByLabel('Confirmar contraseña').fill('Documento1');
      await docType.selectOption(type);
      if (type === 'NIT') await expect(number).toHaveAttribute('placeholder', '900123456-7');
      await number.fill(typed);
      await confirm.fill(typed);
      await expect(number).toHaveValue(typed);
      await page.getByLabel('Celular').fill('3001234567');
      await page.getByLabel('Fecha de nacimiento').fill('1991-08-09');
      await page.getByLabel('Sexo').selectOption('F');
      await page.getByLabel('Acepto los Términos y Condiciones').check();
      await page.getByLabel('Acepto la Política de Privacidad').check();
      await tickRobotCheck(page);
      await page.getByRole('button', { name: 'Registrarme' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      const profile = (await (await page.request.get('/bff/profile')).json()) as {
        doc_type: string;
        doc_number: string;
      };
      expect(profile).toMatchObject({ doc_type: type, doc_number: stored });
    });

    test('the saved name shows in every part of the profile page, and a future birthday is flagged', async ({
      page,
    }) => {
      await registeredPerson(page);
      await page.goto('/mi-perfil');
      await hydrated(page);
      const clubCard = page.locator('#club-card-title');
      const sideMenu = page.locator('#side-menu');
      await expect(clubCard).toHaveText('Camilo Perfil');
      await expect(sideMenu).toContainText('Camilo Perfil');

      await page.getByRole('button', { name: 'Actualizar mi perfil' }).click();
      await page.getByLabel('Nombre').fill('Mariana');
      await page.getByLabel('Apellido').fill('Guardada');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      const saved = page.getByRole('alertdialog', { name: '¡Perfil actualizado exitosamente!' });
      await saved.getByRole('button', { name: 'Aceptar' }).click();
      await expect(saved).toBeHidden();

      // Without a reload: the club card, the side menu and the editor show the saved name.
      await expect(clubCard).toHaveText('Mariana Guardada');
      await expect(sideMenu).toContainText('Mariana Guardada');
      await expect(page.getByRole('main').getByText('Mariana', { exact: true })).toBeVisible();
      if (profileName === 'phone') {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await expect(sideMenu.getByText('Mariana Guardada')).toBeVisible();
        await sideMenu.getByRole('button', { name: 'Cerrar menú' }).click();
      }

      // A birthday in the future is flagged on its field, as registration does, and never sent.
      let profileWrites = 0;
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/bff/profile')) profileWrites += 1;
      });
      await page.getByRole('button', { name: 'Actualizar mi perfil' }).click();
      const birthday = page.getByLabel('Fecha de nacimiento');
      await birthday.fill(tomorrowInBogota());
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(page.getByText(MESSAGES.dateInvalid, { exact: true })).toBeVisible();
      await expect(birthday).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(profileWrites).toBe(0);
    });
  });
}
