import type { Page } from '@playwright/test';

/**
 * Records every CSP violation of each document the page loads (the browser's own event,
 * listened to before any script of the page runs). Call once per page, before navigating.
 */
export async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI || 'inline'} at ${location.pathname}`);
    });
  });
}

/** The violations of the document shown now. */
export function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
