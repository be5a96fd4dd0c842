import { expect } from '@playwright/test';
import { test } from './fixtures.ts';

// The fixture of fixtures.ts itself: what fails a test, and what a test may declare.

test('an uncaught exception on a page fails the test that did not declare it', async ({ page }) => {
  test.fail();
  await page.setContent('<script>throw new Error("sin declarar")</script>');
  await expect(page.locator('script')).toHaveCount(1);
});

test("a console error on a page of a context the test opened itself fails it too", async ({ browser }) => {
  test.fail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.evaluate(() => console.error('otro dispositivo'));
  await context.close();
});

test('a console error the test declares does not fail it', async ({ page, pageErrors }) => {
  pageErrors.expect(/: esperado$/);
  await page.evaluate(() => console.error('esperado'));
  await expect(page.locator('body')).toBeAttached();
});
