import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { profiles } from './devices.ts';
import {
  MB,
  executable,
  filesOnDisk,
  pdf,
  png,
  sha256,
  solveCaptcha,
  storedSubmissions,
} from './service-form-helpers.ts';

/**
 * The service forms in a real Chromium: /contactanos (PQR) and /linea-etica (ethics report).
 * The captcha is solved for real by the ALTCHA widget against the BFF; what arrives is read
 * from the sandbox's stored submissions.
 */

/**
 * Clicks 'Enviar' with the request held at the browser, checks the upload dialog (named by the
 * spec's spinner text) and the disabled button while it is in flight, then lets it go.
 */
async function submitAndWatch(page: Page, path: string, spinnerText: string): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('dialog', { name: spinnerText })).toBeVisible();
  await expect(page.locator('form button[type="submit"]')).toBeDisabled();
  release();
}

const PQR_MESSAGES = [
  'El nombre es requerido',
  'El correo electrónico es requerido',
  'El teléfono es requerido',
  'Selecciona un tipo de PQR',
  'El mensaje es requerido',
  'Debes aceptar la Política de Protección de Datos Personales',
  'Por favor, completa el captcha',
];

const TYPE_MESSAGE = 'Solo se permiten archivos: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, JPG, JPEG, PNG o MP4.';

test.describe('/contactanos', () => {
  test('a PQR with two attachments reaches the cinema API with its fields and files', async ({ page }) => {
    const marker = `PQR de prueba ${Date.now()} ${Math.random().toString(36).slice(2)}`;
    const letter = pdf(120 * 1024);
    const photo = png(30 * 1024);

    await page.goto('/contactanos');
    await expect(page.getByRole('heading', { name: 'Contáctanos', level: 1 })).toBeVisible();
    const intro = page.getByRole('main');
    await expect(intro.getByRole('link', { name: 'cartelera', exact: true })).toHaveAttribute('href', '/cartelera');
    await expect(intro.getByRole('link', { name: 'próximos estrenos', exact: true })).toHaveAttribute(
      'href',
      '/proximos-estrenos',
    );

    await page.getByLabel('Nombre').fill('Ana Pérez');
    await page.getByLabel('Correo electrónico').fill('ana.perez@example.com');
    // The phone is a number input that refuses e, E, ., - and + once the form is interactive
    // (before hydration it is a plain number input; Astro drops `ssr` from hydrated islands).
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('Teléfono').pressSequentially('300e-1.2+34567');
    await expect(page.getByLabel('Teléfono')).toHaveValue('3001234567');
    await page.getByLabel('Tipo de PQR').selectOption('Reclamo');
    await expect(page.getByLabel('Mensaje')).toHaveAttribute('rows', '4');
    await page.getByLabel('Mensaje').fill(marker);
    await page.getByLabel('Archivos adjuntos').setInputFiles([
      { name: 'carta.pdf', mimeType: 'application/pdf', buffer: letter },
      { name: 'foto.png', mimeType: 'image/png', buffer: photo },
    ]);
    const chosen = page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem');
    await expect(chosen).toHaveCount(2);
    await page.getByLabel('He leído y acepto la Política de Protección de Datos Personales').check();
    await solveCaptcha(page);

    await submitAndWatch(page, '/bff/forms/pqr', 'Enviando PQR...');
    const modal = page.getByRole('alertdialog');
    await expect(modal.getByText('¡Tu PQR fue enviado con éxito!')).toBeVisible();
    await expect(modal.getByText('Gracias por contactarnos. Pronto nos comunicaremos contigo.')).toBeVisible();

    const stored = (await storedSubmissions()).find((entry) => entry.fields.message === marker);
    expect(stored?.kind).toBe('pqrs');
    expect(stored?.fields).toEqual({
      name: 'Ana Pérez',
      email: 'ana.perez@example.com',
      phone: '3001234567',
      type_pqr: 'Reclamo',
      message: marker,
      accept_terms: '1',
    });
    expect(stored?.attachments.map(({ field, name, size, sha256: hash }) => ({ field, name, size, hash }))).toEqual([
      { field: 'attachments[]', name: 'carta.pdf', size: letter.length, hash: sha256(letter) },
      { field: 'attachments[]', name: 'foto.png', size: photo.length, hash: sha256(photo) },
    ]);

    // The form resets once the person confirms the success.
    await modal.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByLabel('Nombre')).toHaveValue('');
    await expect(page.getByLabel('Mensaje')).toHaveValue('');
    await expect(chosen).toHaveCount(0);
    await expect(page.getByLabel('He leído y acepto la Política de Protección de Datos Personales')).not.toBeChecked();
  });

  test('shows every validation message and refuses other types and a sixth file', async ({ page }) => {
    await page.goto('/contactanos');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar' }).click();
    for (const message of PQR_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
    // The first field in error takes the focus, and its message is its description.
    await expect(page.getByLabel('Nombre')).toBeFocused();
    await expect(page.getByLabel('Nombre')).toHaveAccessibleDescription('El nombre es requerido');

    await page.getByLabel('Correo electrónico').fill('ana@');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Correo electrónico inválido', { exact: true })).toBeVisible();

    const input = page.getByLabel('Archivos adjuntos');
    await input.setInputFiles([
      { name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await expect(page.getByText(`«programa.exe»: ${TYPE_MESSAGE}`, { exact: true })).toBeVisible();

    const chosen = page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem');
    await input.setInputFiles(
      Array.from({ length: 5 }, (_, index) => ({
        name: `doc${index + 1}.PDF`,
        mimeType: 'application/pdf',
        buffer: pdf(2048),
      })),
    );
    await expect(chosen).toHaveCount(5);
    await expect(page.getByText('Máximo 5 archivos permitidos.', { exact: true })).toBeVisible();
    await input.setInputFiles([{ name: 'sexto.pdf', mimeType: 'application/pdf', buffer: pdf(2048) }]);
    await expect(page.getByText('Máximo 5 archivos permitidos', { exact: true })).toBeVisible();
    await expect(chosen).toHaveCount(5);

    await page.getByRole('button', { name: 'Quitar doc3.PDF' }).click();
    await expect(chosen).toHaveCount(4);
    await expect(page.getByText('doc3.PDF')).toHaveCount(0);
  });
});

const ETHICS_MESSAGES = [
  'Los detalles del reporte son requeridos',
  'La empresa o entidad es requerida',
  'Selecciona el tipo de denunciante',
  'Por favor, completa el captcha',
];

test.describe('/linea-etica', () => {
  test('an ethics report without name and e-mail arrives without those fields', async ({ page }) => {
    const marker = `Reporte de prueba ${Date.now()} ${Math.random().toString(36).slice(2)}`;
    await page.goto('/linea-etica');
    await expect(page.getByRole('heading', { name: 'Línea ética', level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(/PQRS\) las atiende nuestro equipo de servicio al cliente/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Contáctanos', exact: true })).toHaveAttribute('href', '/contactanos');
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);

    await expect(page.getByLabel('Detalles del reporte')).toHaveAttribute('rows', '4');
    await expect(page.getByLabel('Empresa o entidad reportada')).toHaveAttribute('rows', '2');
    await page.getByLabel('Detalles del reporte').fill(marker);
    await page.getByLabel('Empresa o entidad reportada').fill('Proveedor de confitería');
    await page.getByLabel('Tipo de denunciante').selectOption('Otro interesado');
    await solveCaptcha(page);
    await submitAndWatch(page, '/bff/forms/ethics', 'Enviando...');

    const modal = page.getByRole('alertdialog');
    await expect(modal.getByText('¡Envío exitoso!')).toBeVisible();
    await expect(
      modal.getByText(
        'Su mensaje fue enviado exitosamente. gracias por comunicase con nosotros, su opinión y comentarios son muy importantes para nosotros.',
      ),
    ).toBeVisible();

    const stored = (await storedSubmissions()).find((entry) => entry.fields.details === marker);
    expect(stored?.kind).toBe('ethics');
    expect(stored?.fields).not.toHaveProperty('name');
    expect(stored?.fields).not.toHaveProperty('email');
    expect(stored?.fields).toMatchObject({ company: 'Proveedor de confitería', whistleblower: 'Otro interesado' });

    await modal.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByLabel('Detalles del reporte')).toHaveValue('');
  });

  test('shows every validation message and refuses a 6 MB total', async ({ page }) => {
    await page.goto('/linea-etica');
    await page.getByRole('button', { name: 'Enviar' }).click();
    for (const message of ETHICS_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();

    await page.getByLabel('Nombre (opcional)').fill('R2D2');
    await page.getByLabel('Correo electrónico (opcional)').fill('no-es-correo');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Solo se permiten letras', { exact: true })).toBeVisible();
    await expect(page.getByText('Correo electrónico inválido', { exact: true })).toBeVisible();

    await expect(page.getByText('Máximo 5242880 bytes permitidos en total.', { exact: true })).toBeVisible();
    const chosen = page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem');
    await page.getByLabel('Archivos adjuntos').setInputFiles([
      { name: 'parte1.pdf', mimeType: 'application/pdf', buffer: pdf(3 * MB) },
      { name: 'parte2.pdf', mimeType: 'application/pdf', buffer: pdf(3 * MB) },
    ]);
    await expect(page.getByText('El tamaño total de los archivos no debe superar 5 MB', { exact: true })).toBeVisible();
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText('parte1.pdf');
  });
});

const CONTENT_MESSAGE = 'El contenido del archivo no corresponde a su tipo';
test.describe('attachments are checked as they are chosen', () => {
  const hostileName = '<img src=x onerror=alert(1)><script>alert(2)<script>.pdf';

  for (const [profileName, profile] of profiles) {
    test.describe(`on a ${profileName}`, () => {
      test.use(profile);

      for (const path of ['/contactanos', '/linea-etica']) {
        test(`${path}: a file whose content is not its type is named and left out; the same file is listed once`, async ({
          page,
        }, testInfo) => {
          const dialogs: string[] = [];
          page.on('dialog', (dialog) => {
            dialogs.push(dialog.message());
            void dialog.dismiss();
          });
          const files = filesOnDisk(testInfo.outputPath('adjuntos'), {
            'carta.pdf': pdf(4096),
            'foto.png': pdf(4096),
            [hostileName]: executable(4096),
          });
          await page.goto(path);
          await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
          const input = page.getByLabel('Archivos adjuntos');
          const chosen = page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem');

          await input.setInputFiles([files['carta.pdf']!, files['foto.png']!, files[hostileName]!]);
          await expect(page.getByText(`«foto.png»: ${CONTENT_MESSAGE}`)).toBeVisible();
          await expect(page.getByText(`«${hostileName}»: ${CONTENT_MESSAGE}`)).toBeVisible();
          await expect(chosen).toHaveCount(1);
          await expect(chosen).toContainText('carta.pdf');

          // The same file again, alone or twice in one choice: still listed once.
          await input.setInputFiles([files['carta.pdf']!]);
          await input.setInputFiles([files['carta.pdf']!, files['carta.pdf']!]);
          await expect(chosen).toHaveCount(1);
          expect(dialogs).toEqual([]);
        });
      }

      test('a file chosen without a network, before any was checked, is not taken and the field says why; back online it is', async ({
        page,
        pageErrors,
      }, testInfo) => {
        pageErrors.expect(/Failed to (load resource|fetch dynamically imported module)/);
        const files = filesOnDisk(testInfo.outputPath('adjuntos'), { 'carta.pdf': pdf(4096) });
        await page.goto(profileName === 'phone' ? '/contactanos' : '/linea-etica');
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        const input = page.getByLabel('Archivos adjuntos');
        const chosen = page.getByRole('list', { name: 'Archivos seleccionados' }).getByRole('listitem');

        await page.context().setOffline(true);
        await input.setInputFiles([files['carta.pdf']!]);
        await expect(page.getByText('No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.')).toBeVisible();
        await expect(chosen).toHaveCount(0);

        await page.context().setOffline(false);
        await input.setInputFiles([files['carta.pdf']!]);
        await expect(chosen).toHaveCount(1);
        await expect(chosen).toContainText('carta.pdf');
        await expect(page.getByText('No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.')).toBeHidden();
      });
    });
  }
});
