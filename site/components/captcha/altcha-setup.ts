/**
 * Browser only (imported dynamically by CaptchaField): defines `<altcha-widget>` from the
 * CSP-friendly build (no inline styles, no blob: workers), its Spanish texts, and the one
 * proof-of-work algorithm the BFF uses, run in a worker served from this site. The widget
 * talks to nothing but the challenge URL it is given.
 *
 * The widget's stylesheets are linked from here rather than imported: Astro hoists a
 * stylesheet imported anywhere in an island's module graph into the page's <head>, where it
 * would block the first paint of every page with a form. They load before the widget is
 * defined, so it never shows unstyled (CaptchaField's stand-in is visible until then).
 */
import 'altcha/i18n/es-419';
import altchaStylesUrl from 'altcha/altcha.css?url';
import overridesUrl from './altcha-overrides.css?url';
import ShaWorker from 'altcha/workers/sha?worker';

function linkStylesheet(href: string): Promise<void> {
  const existing = document.querySelector(`link[rel="stylesheet"][href="${href}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`stylesheet ${href} did not load`));
    };
    document.head.append(link);
  });
}

await Promise.all([linkStylesheet(altchaStylesUrl), linkStylesheet(overridesUrl)]);
// Defines the element (its Spanish texts are registered above).
await import('altcha/external');

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

const labelledLanguages = new Map<string, string>();

/**
 * The widget's Spanish texts with another checkbox label (the registration form's 'Confirmar
 * que no soy un robot'), registered as a language of their own; answers its code.
 */
export function languageWithLabel(label: string): string {
  const known = labelledLanguages.get(label);
  if (known) return known;
  const code = `es-x-label${labelledLanguages.size + 1}`;
  globalThis.$altcha.i18n.set(code, { ...globalThis.$altcha.i18n.get('es-419'), label });
  labelledLanguages.set(label, code);
  return code;
}
