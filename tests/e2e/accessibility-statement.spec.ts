import { expect, request as requests } from '@playwright/test';
import { test } from './fixtures.ts';
import { profiles } from './devices.ts';
import { baseURL } from './playwright.config.ts';
import { logIn } from './route-samples.ts';

/**
 * /accesibilidad, our accessibility statement: reached from every page's footer as
 * 'Accesibilidad', it says the target, how we test, the limits we know and how to report a
 * barrier (the PQR form, reached by keyboard from it), with its date. A public content page:
 * the same HTML for everyone, shareable by caches, no island. axe audits it with the other
 * pages (accessibility.spec.ts) and the layout test visits it on both screens (route registry).
 */

const PUBLIC_CACHE = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/;

for (const [profileName, profile] of profiles) {
  test.describe(`on a ${profileName}`, () => {
    test.use(profile);

    test('the footer leads to the statement, and the statement to the PQR form by keyboard', async ({ page }) => {
      // Any page's footer (the home page's promotion popup would stand in the way first).
      await page.goto('/cartelera');
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Accesibilidad', exact: true });
      await expect(footerLink).toHaveAttribute('href', '/accesibilidad');
      await footerLink.click();
      await page.waitForURL('**/accesibilidad');

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeVisible();
      for (const section of [
        'Nuestro objetivo',
        'Cómo lo comprobamos',
        'Lo que sabemos que falta',
        'Cómo reportar una barrera',
        'Fecha de esta declaración',
      ]) {
        await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
      }
      await expect(main).toContainText('WCAG) 2.2');
      await expect(main).toContainText('axe-core');
      await expect(main.locator('time[datetime]')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
      // A content page: nothing to hydrate.
      await expect(page.locator('astro-island')).toHaveCount(0);

      const report = main.getByRole('link', { name: 'formulario de Contáctanos (PQR)' });
      await expect(report).toHaveAttribute('href', '/contactanos');
      await report.focus();
      await expect(report).toBeFocused();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/contactanos');
      await expect(page.getByRole('form', { name: 'Formulario PQR' })).toBeVisible();
    });
  });
}

test('the statement is the same for everyone and shareable by caches', async () => {
  const visitor = await requests.newContext({ baseURL });
  const member = await requests.newContext({ baseURL });
  try {
    await logIn(member, { email: 'club@viziona.co', password: 'Club1234' });
    const anonymous = await visitor.get('/accesibilidad');
    const personal = await member.get('/accesibilidad');
    expect(anonymous.status()).toBe(200);
    expect(await personal.text()).toBe(await anonymous.text());
    for (const answer of [anonymous, personal]) {
      expect(answer.headers()['cache-control']).toMatch(PUBLIC_CACHE);
      expect(answer.headers()['set-cookie']).toBeUndefined();
    }
    const etag = anonymous.headers()['etag'];
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await member.get('/accesibilidad', { headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
    expect(await (await visitor.get('/sitemap.xml')).text()).toContain('/accesibilidad</loc>');
  } finally {
    await visitor.dispose();
    await member.dispose();
  }
});
