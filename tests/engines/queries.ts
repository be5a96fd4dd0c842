/**
 * How the engine tests find what a person sees, the same way in every engine: by role and
 * accessible name, by label, or by text, as the Playwright specs do with `getByRole` and
 * `getByLabel`. The search runs inside the page (`locate` is sent as source and must not close
 * over anything), so Firefox over WebDriver BiDi and WebKit over WebDriver find alike.
 */

export type Role =
  'alertdialog' | 'button' | 'dialog' | 'group' | 'heading' | 'link' | 'radio' | 'region' | 'status' | 'textbox';

export interface Query {
  role?: Role;
  /** The accessible name (or, without a role, the visible text): whole when a string, any match when a pattern. */
  name?: string | { pattern: string; flags?: string };
  /** A field by the text of its label. */
  label?: string;
  /** What the element must also match. */
  css?: string;
  /** Searched only inside the first visible match of this. */
  within?: Query;
}

/** A name by pattern, sendable to the page. */
export const matching = (pattern: RegExp): Query['name'] => ({ pattern: pattern.source, flags: pattern.flags });

/** Describes a query for a test's failure message. */
export function describeQuery(query: Query): string {
  const own = [
    query.role ?? (query.label ? 'field' : 'element'),
    query.label ? `labelled "${query.label}"` : '',
    typeof query.name === 'string' ? `"${query.name}"` : query.name ? `/${query.name.pattern}/` : '',
    query.css ? `(${query.css})` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return query.within ? `${own} in ${describeQuery(query.within)}` : own;
}

/** Runs in the page: every visible element the query finds, in document order. */
export function locate(query: Query): Element[] {
  const roles: Record<Role, string> = {
    alertdialog: '[role="alertdialog"]',
    button: 'button:not([role]),[role="button"],input[type="submit"],input[type="button"]',
    dialog: 'dialog:not([role]),[role="dialog"]',
    group: 'fieldset:not([role]),[role="group"],[role="radiogroup"]',
    heading: 'h1,h2,h3,h4,h5,h6,[role="heading"]',
    link: 'a[href]:not([role]),[role="link"]',
    radio: 'input[type="radio"],[role="radio"]',
    region: 'section[aria-label],section[aria-labelledby],[role="region"]',
    status: '[role="status"],output',
    textbox:
      'input:not([type]),input[type="text"],input[type="email"],input[type="password"],input[type="tel"],input[type="number"],input[type="search"],textarea',
  };
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const visible = (element: Element) => {
    if (element.getClientRects().length === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const textOf = (ids: string) =>
    squash(
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return textOf(labelledBy);
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash([...labels].map((one) => one.textContent).join(' '));
    if (element instanceof HTMLInputElement && ['submit', 'button'].includes(element.type))
      return squash(element.value);
    if (element instanceof HTMLImageElement) return squash(element.alt);
    return squash(element.textContent);
  };
  const fits = (actual: string, wanted: Query['name']) => {
    if (wanted === undefined) return true;
    if (typeof wanted === 'string') return actual === wanted;
    return new RegExp(wanted.pattern, wanted.flags).test(actual);
  };
  const search = (scope: ParentNode, one: Query): Element[] => {
    let found: Element[];
    if (one.label !== undefined) {
      found = [...scope.querySelectorAll('input,select,textarea')].filter((field) =>
        [...((field as HTMLInputElement).labels ?? [])].some((label) => squash(label.textContent) === one.label),
      );
    } else if (one.role) {
      found = [...scope.querySelectorAll(roles[one.role])].filter((element) => fits(nameOf(element), one.name));
    } else if (one.name !== undefined) {
      // By text: the innermost elements whose text matches.
      found = [...scope.querySelectorAll(one.css ?? '*')].filter(
        (element) =>
          fits(squash(element.textContent), one.name) &&
          ![...element.children].some((child) => fits(squash(child.textContent), one.name)),
      );
    } else {
      found = [...scope.querySelectorAll(one.css ?? '*')];
    }
    return found.filter((element) => (!one.css || element.matches(one.css)) && visible(element));
  };
  const scope = query.within ? search(document, query.within)[0] : document;
  return scope ? search(scope, query) : [];
}
