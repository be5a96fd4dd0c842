import type { Locator, Page } from '@playwright/test';
import { APPROVED_CARD } from './purchase-helpers.ts';

/**
 * Counting a purchase as the issues count it (30, 38): each tap one action, each field typed or
 * chosen one, a group of fields the browser fills one. `occasional` are the actions only some
 * visits need (choosing a later day when the hour is not on the first one), left out of a budget.
 */
export class Actions {
  readonly done: string[] = [];
  occasional = 0;

  async tap(what: string, target: Locator): Promise<void> {
    this.done.push(what);
    await target.click();
  }

  async type(what: string, field: Locator, value: string): Promise<void> {
    this.done.push(what);
    await field.fill(value);
  }

  async choose(what: string, field: Locator, value: string): Promise<void> {
    this.done.push(what);
    await field.selectOption(value);
  }

  /** One action that does several things at once (the browser filling a group of fields). */
  async step<T>(what: string, act: () => Promise<T>): Promise<T> {
    this.done.push(what);
    return act();
  }

  /** The card the browser keeps fills the card form: one action (the fields are filled here as it would). */
  async savedCard(form: Locator, holder = 'Daniela Gómez'): Promise<void> {
    this.done.push('the saved card');
    await form.getByLabel('Nombre del titular').fill(holder);
    await form.getByLabel('Número de la tarjeta').fill(APPROVED_CARD);
    await form.getByLabel('Mes de vencimiento (MM)').fill('12');
    await form.getByLabel('Año de vencimiento (AAAA)').fill(String(new Date().getFullYear() + 2));
    await form.getByLabel('Código de seguridad (CVC)').fill('123');
  }

  /** What a budget is held to: every action but the occasional ones. */
  get counted(): number {
    return this.done.length - this.occasional;
  }

  /** 'N actions: a → b → …', for the test's output. */
  toString(): string {
    return `${this.counted} actions: ${this.done.join(' → ')}`;
  }
}

/** With PURCHASE_SHOTS=dir, a phone screenshot of the step (once a smooth scroll has settled). */
export async function stepShot(page: Page, name: string): Promise<void> {
  const shots = process.env.PURCHASE_SHOTS;
  if (!shots) return;
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${shots}/${name}.png` });
}
