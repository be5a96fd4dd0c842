import sanitize, { type Attributes, type IOptions, type Tag } from 'sanitize-html';

/**
 * The HTML bodies the content service sends (room descriptions, snack descriptions,
 * corporate sections, content pages) are rendered with `set:html`, so they pass an allowlist
 * first: known formatting elements only, a few attributes, http(s)/mailto/tel/relative links.
 * Anything else (scripts, styles, event handlers, iframes, `javascript:` URLs) is dropped.
 * The allowlist is enforced by `sanitize-html` (bff/decisions/html-sanitizer.md): it decodes
 * entities before checking a URL's scheme and escapes every text and attribute value it writes.
 */

/** The elements a body may carry (the XSS corpus' checker holds rendered bodies against these too). */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'blockquote',
  'hr',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
];
/**
 * Dropped with everything inside them; any other element outside the allowlist is unwrapped
 * (its text and allowed children stay). `option` and `xmp` are the library's own defaults.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'form',
  'select',
  'button',
  'input',
  'option',
  'xmp',
];
/** The attributes each allowed element may carry; any other is dropped. */
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};
const LINK_TARGETS = new Set(['_blank', '_self']);
/** Not in the allowlist, so an image renamed to it is dropped. */
const IMAGE_WITHOUT_SOURCE = 'img-without-source';

function trimmed(attribs: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attribs).map(([name, value]) => [name, value.trim()]));
}

/** Only our own `rel`, and it comes with every `target="_blank"`. */
function link(_tagName: string, attribs: Attributes): Tag {
  const kept: Attributes = {};
  for (const [name, value] of Object.entries(trimmed(attribs))) {
    if (name === 'rel' || (name === 'target' && !LINK_TARGETS.has(value))) continue;
    kept[name] = value;
  }
  if (kept.target === '_blank') kept.rel = 'noopener noreferrer';
  return { tagName: 'a', attribs: kept };
}

/**
 * Where content images may come from: the cinema API's image origins (IMAGE_ORIGINS, by
 * default the cinema API's own origin), set once a process by the BFF from its configuration
 * (`useContentImageOrigins`). None until then: every content image's source is refused. A
 * content page must never make a visitor's browser request one of our own routes (an
 * `<img src="/bff/waiting-room/…">` would join a queue) or any other host.
 */
let contentImageOrigins: ReadonlySet<string> = new Set();

export function useContentImageOrigins(origins: ReadonlyArray<string>): void {
  contentImageOrigins = new Set(origins.map((origin) => new URL(origin).origin));
}

/** Whether a content image's source is an absolute http(s) URL on one of the image origins. */
function isContentImage(src: string): boolean {
  if (!/^https?:\/\//i.test(src) || !URL.canParse(src)) return false;
  return contentImageOrigins.has(new URL(src).origin);
}

/** An image with no source at all goes; one whose source is refused (or off the image origins) keeps its alt text. */
function image(_tagName: string, attribs: Attributes): Tag {
  if (!attribs.src) return { tagName: IMAGE_WITHOUT_SOURCE, attribs: {} };
  const { loading: _loading, decoding: _decoding, src, ...rest } = trimmed(attribs);
  const source: Attributes = src && isContentImage(src) ? { src } : {};
  return { tagName: 'img', attribs: { ...source, ...rest, loading: 'lazy', decoding: 'async' } };
}

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: ['br', 'hr', 'img'],
  parseStyleAttributes: false,
  transformTags: {
    // A page has one h1 (its title); a body's own h1 becomes an h2.
    h1: (_tagName, attribs) => ({ tagName: 'h2', attribs }),
    a: link,
    img: image,
    '*': (tagName, attribs) => ({ tagName, attribs: trimmed(attribs) }),
  },
};

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, OPTIONS).trim();
}
