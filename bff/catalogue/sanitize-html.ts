import { COMMENT_NODE, DOCUMENT_NODE, ELEMENT_NODE, TEXT_NODE, parse } from 'ultrahtml';

/**
 * The HTML bodies the content service sends (room descriptions, snack descriptions,
 * corporate sections) are rendered with `set:html`, so they pass an allowlist first: known
 * formatting elements only, a few attributes, http(s)/mailto/tel/relative links, and every
 * value re-escaped on output. Anything else (scripts, styles, event handlers, iframes,
 * `javascript:` URLs) is dropped. The tree is serialised here rather than by the parser's
 * renderer, which writes attribute values back unescaped.
 */

const keptElements = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sup', 'sub', 'span', 'div',
  'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'blockquote', 'hr', 'img',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
]);
/** Dropped with everything inside them. */
const droppedElements = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'form', 'select', 'button', 'input']);
const voidElements = new Set(['br', 'hr', 'img']);
/** A page has one h1 (its title); a body's own h1 becomes an h2. */
const renamedElements: Record<string, string> = { h1: 'h2' };

const keptAttributes: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'title', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
  ol: new Set(['start']),
};
const urlAttributes = new Set(['href', 'src']);
const safeUrlPattern = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|[^:/?#]+(?:[/?#]|$))/i;

interface HtmlNode {
  type: number;
  name?: string;
  value?: string;
  attributes?: Record<string, string>;
  children?: HtmlNode[];
}

const escapeText = (text: string): string => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string): string =>
  value.replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const compact = value.replace(/[\u0000-\u0020]/g, '');
  return compact !== '' && safeUrlPattern.test(compact);
}

function attributesOf(name: string, attributes: Record<string, string> = {}): string {
  const allowed = keptAttributes[name];
  const kept: string[] = [];
  if (allowed) {
    for (const [key, raw] of Object.entries(attributes)) {
      const attribute = key.toLowerCase();
      if (!allowed.has(attribute)) continue;
      const value = String(raw ?? '').trim();
      if (urlAttributes.has(attribute) && !isSafeUrl(value)) continue;
      if (attribute === 'target' && value !== '_blank' && value !== '_self') continue;
      kept.push(`${attribute}="${escapeAttribute(value)}"`);
    }
  }
  if (name === 'a' && attributes.target === '_blank') kept.push('rel="noopener noreferrer"');
  if (name === 'img') kept.push('loading="lazy"', 'decoding="async"');
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

function serialise(node: HtmlNode): string {
  if (node.type === TEXT_NODE) return escapeText(node.value ?? '');
  if (node.type === COMMENT_NODE) return '';
  const children = (node.children ?? []).map(serialise).join('');
  if (node.type === DOCUMENT_NODE) return children;
  if (node.type !== ELEMENT_NODE || !node.name) return '';

  const original = node.name.toLowerCase();
  if (droppedElements.has(original)) return '';
  const name = renamedElements[original] ?? original;
  // Unknown elements are unwrapped: their text stays, the element does not.
  if (!keptElements.has(name)) return children;
  if (name === 'img' && !node.attributes?.src) return '';
  const open = `<${name}${attributesOf(name, node.attributes)}>`;
  return voidElements.has(name) ? open : `${open}${children}</${name}>`;
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return serialise(parse(html) as HtmlNode).trim();
}
