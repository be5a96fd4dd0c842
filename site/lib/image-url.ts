/**
 * The site's image path (site/decisions/image-path.md): the cinema API's photos reach browsers
 * through `/_image`, resized to one of a fixed ladder of widths and re-encoded as AVIF, with a
 * JPEG for browsers without AVIF. Pure: pages, islands and the endpoint share it.
 */

export const IMAGE_ENDPOINT = '/_image';

/**
 * Every width the path makes, in pixels: steps of about 1.2 (1.25 at most), so the candidate a
 * browser picks (the narrowest at least as dense as its screen) is never far above what the
 * screen needs: 200 and 280 split the old 160 → 240 → 320, where a movie page's 96 px poster
 * on a phone at DPR 2 took 240 for 192 (1.38× the ideal bytes, issue 40); 360 splits 320 → 400,
 * where the phone's two-column posters (171 px, 342 at DPR 2) took 400 (1.26–1.29× the ideal
 * bytes of cartelera and próximos estrenos); 80 to 140 serve the small posters of a screen at
 * DPR 1 (a laptop's home slide shows its poster 74 to 111 px wide, which took 160). Anything
 * else is refused (400), so nobody can fill the edge's cache with widths of their own.
 */
export const IMAGE_WIDTHS = [
  80, 100, 120, 140, 160, 200, 240, 280, 320, 360, 400, 480, 560, 640, 760, 900, 1080, 1280, 1600, 1920,
] as const;

export const IMAGE_FORMATS = ['avif', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Photos only: an SVG (a logo, a placeholder) is already as small as it gets and is shown as it is. */
export function isResizable(src: string): boolean {
  if (!/^https?:\/\//.test(src) || !URL.canParse(src)) return false;
  return !new URL(src).pathname.toLowerCase().endsWith('.svg');
}

/**
 * A path character the cinema API's image URLs are written with: letters, digits and the
 * punctuation a file name carries, or a percent escape (upper-case hex) of what a path must
 * escape. Nothing an image host might read two ways: no `;` parameters, no `&`.
 */
const PATH_PIECE = /^(?:[A-Za-z0-9\-._~!$'()*+,=:@/]|%[0-9A-F]{2})*$/;
/** Escapes of what needs none (a letter, a digit, `-._~`) or of a separator (`/`, `\`): the same path another way. */
const NEEDLESS_ESCAPE = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E|2F|5C)/;

/**
 * Whether `src` is an image URL in its one canonical spelling, the way the catalogue writes it:
 * exactly what the URL standard makes of it (so no host as a number, no port with a leading
 * zero, no upper-case scheme, no dot segments, no control characters), no user, no query, no
 * fragment, no empty path segment and no needless escape. Any other spelling of the same photo
 * would be one more resize and one more copy at the edge (issue 39).
 */
export function isCanonicalImageSource(src: string): boolean {
  if (!URL.canParse(src)) return false;
  const url = new URL(src);
  return (
    url.href === src &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    !src.includes('?') &&
    !src.includes('#') &&
    !url.hostname.endsWith('.') &&
    !url.pathname.includes('//') &&
    PATH_PIECE.test(url.pathname) &&
    !NEEDLESS_ESCAPE.test(url.pathname)
  );
}

/** The one spelling of an image's URL: the edge keys its cache on it, so no two spellings of one image exist. */
export function imageUrl(src: string, width: number, format: ImageFormat): string {
  return `${IMAGE_ENDPOINT}?src=${encodeURIComponent(src)}&w=${width}&f=${format}`;
}

export interface ImageRequest {
  src: string;
  width: number;
  format: ImageFormat;
}

/**
 * What `/_image?…` asks for, or null when the query is anything but the one spelling `imageUrl`
 * writes, of a source in its own canonical spelling.
 */
export function readImageRequest(search: string): ImageRequest | null {
  const query = new URLSearchParams(search);
  const src = query.get('src');
  const width = Number(query.get('w'));
  const format = IMAGE_FORMATS.find((candidate) => candidate === query.get('f'));
  if (src === null || format === undefined || !IMAGE_WIDTHS.some((allowed) => allowed === width)) return null;
  if (
    !isResizable(src) ||
    !isCanonicalImageSource(src) ||
    `?${search.replace(/^\?/, '')}` !== `?${imageUrl(src, width, format).split('?')[1]}`
  )
    return null;
  return { src, width, format };
}
