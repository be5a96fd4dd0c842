import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '#bff/catalogue/sanitize-html.ts';
import { defaultTreeAdapter, html as parse5Html, parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';

/**
 * What a browser would find live in a sanitized body: the markup is parsed the way the page
 * parses it (HTML5 tree construction inside a `<div>`, entities decoded, foreign content
 * switched into SVG/MathML), and every element and attribute is held against the allowlist
 * the content bodies may carry. URLs are read with the WHATWG URL parser, as the browser
 * follows them. Answers one line per finding; an empty list means nothing can run.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export const ALLOWED_ELEMENTS: ReadonlySet<string> = new Set(ALLOWED_TAGS);
const ALLOWED_ATTRIBUTE_SETS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries(ALLOWED_ATTRIBUTES).map(([element, names]) => [element, new Set(names)]),
);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const PAGE = new URL('https://viziona.example/sala/sala-1');

/** The URL parser's own clean-up: C0 controls and spaces at the ends, tabs and newlines anywhere. */
function asBrowserReadsIt(value: string): string {
  // eslint-disable-next-line no-control-regex -- the URL parser strips C0 controls, so must this
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

function urlFinding(tag: string, name: string, value: string): string | null {
  const cleaned = asBrowserReadsIt(value);
  let url: URL;
  try {
    url = new URL(cleaned, PAGE);
  } catch {
    return null; // a URL the browser cannot parse goes nowhere
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return `<${tag} ${name}> leads to ${url.protocol}`;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(cleaned);
  if (!hasScheme && url.origin !== PAGE.origin)
    return `<${tag} ${name}> leaves the site without a scheme (${url.host})`;
  return null;
}

function elementFindings(element: Element): string[] {
  const tag = element.tagName;
  const findings: string[] = [];
  if (element.namespaceURI !== parse5Html.NS.HTML) findings.push(`<${tag}> in the ${element.namespaceURI} namespace`);
  if (!ALLOWED_ELEMENTS.has(tag)) findings.push(`<${tag}> is not allowed`);
  const allowed = ALLOWED_ATTRIBUTE_SETS[tag];
  for (const { name, value } of element.attrs) {
    if (/^on/i.test(name)) findings.push(`<${tag} ${name}> is an event handler`);
    else if (!allowed?.has(name)) findings.push(`<${tag} ${name}> is not allowed`);
    if (URL_ATTRIBUTES.has(name)) {
      const finding = urlFinding(tag, name, value);
      if (finding) findings.push(finding);
    }
  }
  const target = element.attrs.find((attribute) => attribute.name === 'target')?.value;
  const rel = element.attrs.find((attribute) => attribute.name === 'rel')?.value ?? '';
  if (target !== undefined && target !== '_self' && !/\bnoopener\b/.test(rel)) {
    findings.push(`<${tag} target="${target}"> without rel="noopener"`);
  }
  return findings;
}

function walk(node: Node, findings: string[]): void {
  if (defaultTreeAdapter.isCommentNode(node)) findings.push('a comment');
  if (defaultTreeAdapter.isElementNode(node)) findings.push(...elementFindings(node));
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) walk(child, findings);
  if ('content' in node) walk(node.content, findings); // a <template>'s own fragment
}

function parsedInDiv(markup: string): DefaultTreeAdapterMap['documentFragment'] {
  const context = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);
  return parseFragment(context, markup, {});
}

/**
 * Findings in the markup as parsed, and again after one serialise-and-parse round trip: markup
 * that changes shape when re-read (mutation XSS) must be harmless in both readings.
 */
export function executableParts(markup: string): string[] {
  const findings: string[] = [];
  const first = parsedInDiv(markup);
  walk(first, findings);
  walk(parsedInDiv(serialize(first)), findings);
  return [...new Set(findings)];
}
