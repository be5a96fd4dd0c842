import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { desktop, phone } from './devices.ts';
import { fillRegistration, newPerson } from './registration-helpers.ts';

/**
 * Right after registering (issue 30): the page the person lands on opens the verification
 * screen by itself, saying where the code went ('Te enviamos un código a …'), in front of
 * everything (the home page's promotional popup waits for a later visit), and the header
 * names the person by the name they typed, not by their e-mail's local part.
 */

const screens = { 'a phone': phone, 'a desktop': desktop } as const;

for (const [screen, profile] of Object.entries(screens)) {
  test(`on ${screen}, after registering the code's address is said where the person looks and the header shows the name typed`, async ({
    browser,
  }) => {
    // A browser that has not seen the home page's popup yet: it would open on landing.
    const context = await browser.newContext({ ...profile });
    const page = await context.newPage();
    const person = newPerson('Mariángeles');
    await page.goto('/registrarme');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await fillRegistration(page, person, 'Inicio123');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page).toHaveURL(/\/$/);

    const verification = page.getByRole('dialog', { name: 'Verifica el correo' });
    // The screen's code loads on arrival (a first fetch after a build is slow on a busy machine).
    await expect(verification).toBeVisible({ timeout: 30_000 });
    await expect(verification).toContainText(`Te enviamos un código a ${person.email}.`);
    await expect(verification.getByLabel('Código de verificación')).toBeInViewport();
    // Nothing in front of it: the promotional popup keeps to itself on this landing.
    await expect(page.locator('vz-home-popup dialog[open]')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/i30a/after-register-${profile.isMobile ? 'phone' : 'desktop'}.png` });

    // The header names the person as typed (on a phone the name is the account link's name).
    const header = page.getByRole('banner');
    await expect(header.locator('vz-account-corner vz-session-name')).toHaveText(person.name);
    await expect(header).not.toContainText(person.email.split('@')[0]!);

    // The note is read once: the next page opens no screen by itself (the header still asks).
    await verification.getByRole('button', { name: 'Cerrar' }).click();
    await page.reload();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Verifica el correo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Verifica tu correo' }).first()).toBeAttached();
    await context.close();
  });
}
