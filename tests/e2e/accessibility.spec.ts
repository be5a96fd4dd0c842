import { expect, type Page } from '@playwright/test';
import { failedLoad, test } from './fixtures.ts';
import { wcagViolations } from './axe-audit.ts';
import { pickShowtime, purchasePath } from './showtimes.ts';
import { routes } from '#site/lib/routes.ts';

/**
 * Every page, audited by axe-core against WCAG 2.0, 2.1 and 2.2 A and AA (names and labels,
 * contrast, landmarks, ARIA use, label in name, target size...), as served: public pages, the forms, the not-found
 * page, and for a logged-in person the profile, the purchases and the seat map. Keyboard use
 * of the seat map and the dialogs is walked in their own specs.
 */

async function audit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Islands hydrated when seen may wait (the club's offer is in every copy of the page, shown
  // only to a logged-in person); their server HTML is what axe reads anyway.
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
  expect(await wcagViolations(page), path).toEqual([]);
}

test('public pages and forms meet WCAG 2.2 AA as axe sees them', async ({ page, request, pageErrors }) => {
  pageErrors.expect(failedLoad('/pagina-que-no-existe', 404));
  const movies = ((await (await request.get('/bff/catalogue/movies')).json()) as { movies: Array<{ slug: string }> })
    .movies;
  const rooms = ((await (await request.get('/bff/catalogue/rooms')).json()) as { rooms: Array<{ slug: string }> })
    .rooms;
  const paths = [
    '/',
    '/cartelera',
    '/proximos-estrenos',
    '/salas',
    `/sala/${rooms[0]!.slug}`,
    '/confiteria',
    '/club-vizionarios',
    '/corporativo',
    `/viziona/pelicula/${movies[0]!.slug}`,
    '/pagina/terminos-y-condiciones',
    '/contactanos',
    '/linea-etica',
    '/accesibilidad',
    '/iniciar-sesion',
    '/registrarme',
    '/pagina-que-no-existe',
    '/sin-conexion',
  ];
  for (const path of paths) await audit(page, path);
});

test('personal pages and the seat map meet WCAG 2.2 AA as axe sees them', async ({ page }) => {
  await page.goto('/iniciar-sesion');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Correo electrónico').fill('club@viziona.co');
  await page.getByLabel('Contraseña', { exact: true }).fill('Club1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/iniciar-sesion'));

  await audit(page, '/mi-perfil');
  await audit(page, '/mis-tickets');
  // An alert e-mail's cancel page (a well-formed token the BFF never sealed: it asks all the same).
  await audit(page, routes.alertUnsubscribe('muestra'.repeat(8)));
  // A showtime that has not started, whatever the hour: its seat map can be chosen from.
  const path = purchasePath(await pickShowtime({ zones: ['General'] }));
  await page.goto(path);
  await expect(page.locator('[data-purchase-ready]')).toBeVisible();
  expect(await wcagViolations(page), path).toEqual([]);
});
