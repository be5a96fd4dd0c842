import type { Page } from '@playwright/test';

/**
 * Watches the documents of a page for what a person sees while a log-in or a registration
 * moves on to the next page (features/account/stores.ts, `continueSignedIn`). Playwright's
 * locators wait for a navigation in flight before they look, so the page records it itself:
 * on the document shown now and on every one it loads next.
 */
let watches = 0;

async function watch<T>(page: Page, kind: string, observe: (name: string) => void): Promise<T[]> {
  const seen: T[] = [];
  // A name of its own: a page may be watched again by a later step of the same spec.
  watches += 1;
  const name = `${kind}${watches}`;
  await page.exposeFunction(name, (value: T) => seen.push(value));
  await page.addInitScript(observe, name);
  if (page.url().startsWith('http')) await page.evaluate(observe, name);
  return seen;
}

/** What the loading overlay said, in order ('Ingresando...', 'Inicio de sesión exitoso.'). */
export function watchOverlayTexts(page: Page): Promise<string[]> {
  return watch<string>(page, 'noteOverlayText', (name) => {
    const note = (window as unknown as Record<string, (text: string) => void>)[name];
    let last = '';
    new MutationObserver(() => {
      const open = [...document.querySelectorAll('dialog[open][aria-label]')].map(
        (dialog) => dialog.getAttribute('aria-label') ?? '',
      );
      const text = open.at(-1) ?? '';
      if (text && text !== last) note?.(text);
      last = text;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'aria-label'] });
  });
}

/**
 * For every time the header turned from a visitor's to a logged-in person's: whether the
 * loading overlay was in front of the page at that moment. Issue 41 saw the page reload 1–4 s
 * after the header showed the name, and the taps in between were lost.
 */
export function watchHeaderTurning(page: Page): Promise<boolean[]> {
  return watch<boolean>(page, 'noteHeaderTurned', (name) => {
    const note = (window as unknown as Record<string, (overlay: boolean) => void>)[name];
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.oldValue !== 'guest' || document.documentElement.dataset.session !== 'member') continue;
        note?.(document.querySelector('dialog[open][aria-label]:not([aria-label="Cargando"])') !== null);
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['data-session'],
    });
  });
}
