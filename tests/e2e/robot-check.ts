import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * The registration form's robot check 'Confirmar que no soy un robot' is the ALTCHA proof of
 * work, verified by the BFF before it asks the cinema API for a register token.
 */

/** A solved proof for a registration sent straight to the BFF (test set-up), as the widget makes it. */
export async function solvedRobotCheck(api: APIRequestContext): Promise<string> {
  const challenge = (await (await api.get('/bff/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  ).toString('base64');
}

/** As a person does on the registration form: bring the check into view, tick it, wait for the proof. */
export async function tickRobotCheck(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await widget.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.getByLabel('Confirmar que no soy un robot').click();
  await expect(widget.getByText('Verificado', { exact: true })).toBeVisible({ timeout: 30_000 });
}
