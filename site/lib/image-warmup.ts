/**
 * Which resized photos a page will be asked for (issue 40): read from the page's own markup,
 * each `<picture>`'s AVIF candidates and its `sizes`, for the screens most visitors bring, and
 * picked as Chromium picks (the narrowest candidate at least as dense as the screen). The
 * warmer (`image-warmer.ts`) has them made before anybody asks. Pure: no I/O.
 */

/**
 * The request id a warm-up request carries (`X-Request-Id`, kept by nginx's internal port and
 * the site): its log lines say it was the site's own, not a visitor's.
 */
export const WARM_UP_ID_PREFIX = 'image-warm-up-';

export interface Screen {
  /** Viewport width, CSS px. */
  width: number;
  /** Device pixels a CSS px. */
  dpr: number;
}

/**
 * The chain's visitors' screens: phones 390 px wide at 2, 2.625 (Pixel 7) and 3 device pixels
 * a CSS pixel, then laptops at 1366 and desktops at 1920 px. The phones come first: a page's
 * largest paint on a phone is what the budget holds (ARCHITECTURE.md).
 */
export const WARM_SCREENS: readonly Screen[] = [
  { width: 390, dpr: 2 },
  { width: 390, dpr: 2.625 },
  { width: 390, dpr: 3 },
  { width: 1366, dpr: 1 },
  { width: 1920, dpr: 1 },
];

export interface Candidate {
  url: string;
  width: number;
}

export interface PagePicture {
  /** The AVIF candidates, narrowest first. */
  candidates: Candidate[];
  sizes: string;
  /** In the first screen (`loading="eager"`): what the page's largest paint waits for. */
  eager: boolean;
}

const decodeAttribute = (value: string): string =>
  value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeAttribute(match[1]!) : null;
}

/** Every `<picture>` of a page with AVIF candidates, in the page's order. */
export function picturesOf(html: string): PagePicture[] {
  const pictures: PagePicture[] = [];
  for (const [, inner = ''] of html.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>/g)) {
    const source = /<source\b[^>]*\btype="image\/avif"[^>]*>/.exec(inner)?.[0];
    const image = /<img\b[^>]*>/.exec(inner)?.[0] ?? '';
    const srcset = source ? attribute(source, 'srcset') : null;
    const sizes = source ? attribute(source, 'sizes') : null;
    if (!srcset || !sizes) continue;
    const candidates = srcset
      .split(/,\s+/)
      .map((entry) => /^(\S+)\s+(\d+)w$/.exec(entry.trim()))
      .filter((match) => match !== null)
      .map((match) => ({ url: match[1]!, width: Number(match[2]) }))
      .sort((a, b) => a.width - b.width);
    if (candidates.length > 0) pictures.push({ candidates, sizes, eager: attribute(image, 'loading') === 'eager' });
  }
  return pictures;
}

/** Splits at the commas outside parentheses (`min(100vw, 1280px)` keeps its own). */
function topLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/**
 * A CSS length of `sizes` in px for a viewport `vw` px wide: numbers in px or vw, `calc()`,
 * `min()`, `max()`, + − × ÷ and parentheses (what our layouts write). Null for anything else.
 */
export function lengthIn(expression: string, vw: number): number | null {
  const tokens = expression.match(/\d*\.?\d+(?:px|vw)?|[a-z]+\(|[()+\-*/,]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];

  function primary(): number | null {
    const token = next();
    if (token === undefined) return null;
    if (token === '(' || token === 'calc(') {
      const value = sum();
      return next() === ')' ? value : null;
    }
    if (token === 'min(' || token === 'max(') {
      const values: number[] = [];
      for (;;) {
        const value = sum();
        if (value === null) return null;
        values.push(value);
        const separator = next();
        if (separator === ')') break;
        if (separator !== ',') return null;
      }
      return token === 'min(' ? Math.min(...values) : Math.max(...values);
    }
    const number = /^(\d*\.?\d+)(px|vw)?$/.exec(token);
    if (!number) return null;
    const value = Number(number[1]);
    return number[2] === 'vw' ? (value * vw) / 100 : value;
  }
  function product(): number | null {
    let value = primary();
    while (value !== null && (peek() === '*' || peek() === '/')) {
      const operator = next();
      const right = primary();
      if (right === null) return null;
      value = operator === '*' ? value * right : value / right;
    }
    return value;
  }
  function sum(): number | null {
    let value = product();
    while (value !== null && (peek() === '+' || peek() === '-')) {
      const operator = next();
      const right = product();
      if (right === null) return null;
      value = operator === '+' ? value + right : value - right;
    }
    return value;
  }
  const value = sum();
  return at === tokens.length ? value : null;
}

/** The slot a `sizes` gives an image on a viewport `vw` px wide: its first entry whose media condition holds. */
export function slotWidth(sizes: string, vw: number): number | null {
  for (const entry of topLevel(sizes, ',')) {
    const condition = /^\((min|max)-width:\s*(\d+)px\)\s*(.*)$/.exec(entry);
    if (!condition) return lengthIn(entry, vw);
    const limit = Number(condition[2]);
    if (condition[1] === 'min' ? vw >= limit : vw <= limit) return lengthIn(condition[3]!, vw);
  }
  return null;
}

/** The candidate a screen takes: the narrowest at least as dense as the screen, else the widest. */
export function candidateFor(candidates: Candidate[], slot: number, dpr: number): Candidate | undefined {
  return candidates.find((candidate) => candidate.width / slot >= dpr) ?? candidates.at(-1);
}

export interface PhotoToWarm {
  url: string;
  /** Shown in the page's first screen on some screen: what its largest paint waits for. */
  firstScreen: boolean;
}

/**
 * The photos to make ahead for a page, each once: those of its first screen on every screen of
 * `WARM_SCREENS` first, then the rest, phones before desktops.
 */
export function imagesToWarm(html: string, screens: readonly Screen[] = WARM_SCREENS): PhotoToWarm[] {
  const pictures = picturesOf(html);
  const photos = new Map<string, PhotoToWarm>();
  for (const eager of [true, false])
    for (const screen of screens)
      for (const picture of pictures.filter((one) => one.eager === eager)) {
        const slot = slotWidth(picture.sizes, screen.width);
        const chosen = slot && slot > 0 ? candidateFor(picture.candidates, slot, screen.dpr) : undefined;
        if (chosen && !photos.has(chosen.url)) photos.set(chosen.url, { url: chosen.url, firstScreen: eager });
      }
  return [...photos.values()];
}
