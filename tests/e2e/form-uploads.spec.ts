import { expect, type CDPSession, type Page } from '@playwright/test';
import { failedLoad, test } from './fixtures.ts';
import { profiles } from './devices.ts';
import {
  MB,
  filesOnDisk,
  pdf,
  png,
  sha256,
  solveCaptcha,
  storedSubmissions,
  turnIntoExecutable,
} from './service-form-helpers.ts';

/**
 * Sending a service form with attachments of a few megabytes over a slow upload (Chromium's
 * network emulation, through CDP): the upload dialog's bar moves, screen readers hear it in
 * steps of 25 %, 'Cancelar envío' stops it and keeps everything typed and chosen, and a later
 * send arrives once. A send that fails (no network, a file the BFF refuses halfway) keeps
 * everything too. On a phone and on a desktop.
 */

declare global {
  interface Window {
    /** What the upload dialog showed, each change once, recorded by `watchUpload`. */
    uploadSeen?: { values: number[]; announcements: string[] };
  }
}

const STEPS = ['Envío al 25 %', 'Envío al 50 %', 'Envío al 75 %'];
const WAITING = 'Todo enviado. Esperando la confirmación...';
const KEPT = 'Lo que escribiste y tus archivos siguen aquí';

/** Upload at `bytesPerSecond`, as a phone on a weak signal; downloads stay as they are. */
async function throttleUpload(session: CDPSession, bytesPerSecond: number): Promise<void> {
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Records every value of the dialog's bar and every text of its live region, as they change. */
async function watchUpload(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { values: [] as number[], announcements: [] as string[] };
    window.uploadSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('dialog[open] progress');
      if (bar && seen.values.at(-1) !== bar.value) seen.values.push(bar.value);
      // As read out: the percentage's no-break space is a space.
      const said = (document.querySelector('dialog[open] [role="status"]')?.textContent ?? '').replace(/\s+/g, ' ');
      if (said && seen.announcements.at(-1) !== said) seen.announcements.push(said);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const uploadSeen = async (page: Page) => (await page.evaluate(() => window.uploadSeen)) ?? null;

interface FormCase {
  path: string;
  /** The dialog's name: the spec's spinner text. */
  title: string;
  success: string;
  /** Fills every field but the files and the captcha, with `marker` in the long text. */
  fill(page: Page, marker: string): Promise<void>;
  /** What must still be there after a send that did not go through. */
  expectKept(page: Page, marker: string): Promise<void>;
  /** The stored field that holds the marker. */
  markerField: 'message' | 'details';
}

const PQR: FormCase = {
  path: '/contactanos',
  title: 'Enviando PQR...',
  success: '¡Tu PQR fue enviado con éxito!',
  markerField: 'message',
  async fill(page, marker) {
    await page.getByLabel('Nombre').fill('Ana Pérez');
    await page.getByLabel('Correo electrónico').fill('ana.perez@example.com');
    await page.getByLabel('Teléfono').fill('3001234567');
    await page.getByLabel('Tipo de PQR').selectOption('Queja');
    await page.getByLabel('Mensaje').fill(marker);
    await page.getByLabel('He leído y acepto la Política de Protección de Datos Personales').check();
  },
  async expectKept(page, marker) {
    await expect(page.getByLabel('Nombre')).toHaveValue('Ana Pérez');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana.perez@example.com');
    await expect(page.getByLabel('Teléfono')).toHaveValue('3001234567');
    await expect(page.getByLabel('Tipo de PQR')).toHaveValue('Queja');
    await expect(page.getByLabel('Mensaje')).toHaveValue(marker);
    await expect(page.getByLabel('He leído y acepto la Política de Protección de Datos Personales')).toBeChecked();
  },
};

const ETHICS: FormCase = {
  path: '/linea-etica',
  title: 'Enviando...',
  success: '¡Envío exitoso!',
  markerField: 'details',
  async fill(page, marker) {
    await page.getByLabel('Detalles del reporte').fill(marker);
    await page.getByLabel('Empresa o entidad reportada').fill('Proveedor de confitería');
    await page.getByLabel('Tipo de denunciante').selectOption('Empleado');
    await page.getByLabel('Nombre (opcional)').fill('Luis Gómez');
  },
  async expectKept(page, marker) {
    await expect(page.getByLabel('Detalles del reporte')).toHaveValue(marker);
    await expect(page.getByLabel('Empresa o entidad reportada')).toHaveValue('Proveedor de confitería');
    await expect(page.getByLabel('Tipo de denunciante')).toHaveValue('Empleado');
    await expect(page.getByLabel('Nombre (opcional)')).toHaveValue('Luis Gómez');
  },
};

const chosenFiles = (page: Page) => page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem');
const markerOf = (label: string) => `${label} ${Date.now()} ${Math.random().toString(36).slice(2)}`;

async function openForm(page: Page, form: FormCase): Promise<void> {
  await page.goto(form.path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function storedWith(form: FormCase, marker: string) {
  return (await storedSubmissions()).filter((entry) => entry.fields[form.markerField] === marker);
}

for (const [profileName, profile] of profiles) {
  test.describe(`on a ${profileName}`, () => {
    test.use(profile);

    for (const form of [PQR, ETHICS]) {
      test(`${form.path}: the upload shows its progress in steps, can be cancelled, and a later send arrives once`, async ({
        page,
      }, testInfo) => {
        const marker = markerOf('Subida lenta');
        const big = pdf(3 * MB);
        const photo = png(200 * 1024);
        const files = filesOnDisk(testInfo.outputPath('adjuntos'), { 'evidencia.pdf': big, 'foto.png': photo });
        await openForm(page, form);
        await form.fill(page, marker);
        await page.getByLabel('Archivos adjuntos').setInputFiles([files['evidencia.pdf']!, files['foto.png']!]);
        await expect(chosenFiles(page)).toHaveCount(2);
        await solveCaptcha(page);

        const network = await page.context().newCDPSession(page);
        await throttleUpload(network, 256 * 1024);
        await watchUpload(page);
        await page.getByRole('button', { name: 'Enviar' }).click();

        const dialog = page.getByRole('dialog', { name: form.title });
        await expect(dialog).toBeVisible();
        const cancel = dialog.getByRole('button', { name: 'Cancelar envío' });
        await expect(cancel).toBeFocused();
        await expect(dialog.getByRole('progressbar', { name: 'Progreso del envío' })).toBeVisible();
        await expect(dialog.getByRole('status')).toHaveText(STEPS[0]!);
        if (profileName === 'phone' && form === PQR) {
          // For people to look at: the PQR form mid-upload on a phone.
          const path = testInfo.outputPath('pqr-mid-upload-phone.png');
          await page.screenshot({ path });
          await testInfo.attach('pqr-mid-upload-phone', { path, contentType: 'image/png' });
        }
        await cancel.click();

        await expect(dialog).toBeHidden();
        const notice = page.getByRole('status').filter({ hasText: 'Cancelaste el envío.' });
        await expect(notice).toContainText(KEPT);
        await expect(notice).toBeFocused();
        const cancelled = await uploadSeen(page);
        // The bar moved by many small steps; the live region said only the step reached.
        expect(cancelled?.values.length).toBeGreaterThan(3);
        expect(cancelled?.values).toEqual([...(cancelled?.values ?? [])].sort((a, b) => a - b));
        expect(cancelled?.announcements).toEqual([STEPS[0]]);
        await form.expectKept(page, marker);
        await expect(chosenFiles(page)).toHaveCount(2);
        await expect(chosenFiles(page).filter({ hasText: 'evidencia.pdf' })).toBeVisible();
        // The proof may have been spent before the upload stopped: a new one is asked for.
        await expect(page.locator('altcha-widget').getByRole('checkbox')).not.toBeChecked();

        // Sent again, still on the slow network: it arrives, once, with both files whole.
        await solveCaptcha(page);
        await throttleUpload(network, 1024 * 1024);
        await watchUpload(page);
        await page.getByRole('button', { name: 'Enviar' }).click();
        const modal = page.getByRole('alertdialog');
        await expect(modal.getByText(form.success)).toBeVisible({ timeout: 30_000 });
        const sent = await uploadSeen(page);
        expect(sent?.announcements).toEqual([...STEPS, WAITING]);
        expect(sent?.values.at(-1)).toBe(100);
        const stored = await storedWith(form, marker);
        expect(stored).toHaveLength(1);
        expect(stored[0]?.attachments.map(({ name, size, sha256: hash }) => ({ name, size, hash }))).toEqual([
          { name: 'evidencia.pdf', size: big.length, hash: sha256(big) },
          { name: 'foto.png', size: photo.length, hash: sha256(photo) },
        ]);
        await modal.getByRole('button', { name: 'Aceptar' }).click();
        await expect(chosenFiles(page)).toHaveCount(0);
      });
    }

    test('without a network the send fails and keeps everything; back online it arrives', async ({
      page,
      pageErrors,
    }, testInfo) => {
      const form = profileName === 'phone' ? PQR : ETHICS;
      pageErrors.expect(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
      pageErrors.expect(/Error al enviar el formulario NETWORK/);
      const marker = markerOf('Sin señal');
      const files = filesOnDisk(testInfo.outputPath('adjuntos'), { 'acta.pdf': pdf(2 * MB) });
      await openForm(page, form);
      await form.fill(page, marker);
      await page.getByLabel('Archivos adjuntos').setInputFiles([files['acta.pdf']!]);
      await solveCaptcha(page);

      // The signal goes as the person presses 'Enviar'.
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Enviar' }).click();
      const modal = page.getByRole('alertdialog', { name: '¡Error al enviar el reporte!' });
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Ok' }).click();
      const notice = page.getByRole('status').filter({ hasText: KEPT });
      await expect(notice).toContainText('No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.');
      await form.expectKept(page, marker);
      await expect(chosenFiles(page)).toHaveCount(1);
      expect(await storedWith(form, marker)).toHaveLength(0);

      await page.context().setOffline(false);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Enviar' }).click();
      await expect(page.getByRole('alertdialog').getByText(form.success)).toBeVisible();
      await expect(notice).toBeHidden();
      expect(await storedWith(form, marker)).toHaveLength(1);
    });
  });
}

test('a file the BFF refuses halfway through a slow upload keeps everything, keeps the spec modal and marks the file', async ({
  page,
  pageErrors,
}, testInfo) => {
  pageErrors.expect(failedLoad('/contactanos', 422));
  pageErrors.expect(/Error al enviar el formulario FILE_CONTENT_MISMATCH/);
  const marker = markerOf('Rechazo a mitad');
  // The second file changes on disk after it was chosen (same size and date, so the browser
  // sends it): the BFF refuses it when its first bytes arrive, after the first file went.
  const files = filesOnDisk(testInfo.outputPath('cambiado'), { 'carta.pdf': pdf(2 * MB), 'anexo.pdf': pdf(8192) });
  await openForm(page, PQR);
  await PQR.fill(page, marker);
  await page.getByLabel('Archivos adjuntos').setInputFiles([files['carta.pdf']!, files['anexo.pdf']!]);
  await expect(chosenFiles(page)).toHaveCount(2);
  turnIntoExecutable(files['anexo.pdf']!);
  await solveCaptcha(page);

  await throttleUpload(await page.context().newCDPSession(page), 512 * 1024);
  await watchUpload(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  const modal = page.getByRole('alertdialog', { name: '¡Error al enviar el reporte!' });
  await expect(modal).toBeVisible({ timeout: 30_000 });
  expect((await uploadSeen(page))?.announcements).toContain(STEPS[1]);
  await modal.getByRole('button', { name: 'Ok' }).click();

  const refusal = '«anexo.pdf»: El contenido del archivo no corresponde a su tipo';
  await expect(page.getByRole('status').filter({ hasText: KEPT })).toContainText(refusal);
  await expect(chosenFiles(page).filter({ hasText: 'anexo.pdf' })).toContainText(refusal);
  await expect(chosenFiles(page).filter({ hasText: 'carta.pdf' })).not.toContainText(refusal);
  await expect(chosenFiles(page)).toHaveCount(2);
  await PQR.expectKept(page, marker);
  expect(await storedWith(PQR, marker)).toHaveLength(0);
  // A spent captcha is asked for again; removing the file clears its mark with it.
  await expect(page.locator('altcha-widget').getByRole('checkbox')).not.toBeChecked();
  await page.getByRole('button', { name: 'Quitar anexo.pdf' }).click();
  await expect(chosenFiles(page)).toHaveCount(1);
  await expect(page.getByText(refusal)).toHaveCount(1);
});
