/**
 * The site's image path (site/decisions/image-path.md): the cinema API's photos reach browsers
 * through `/_image`, resized to one of a fixed ladder of widths and re-encoded as AVIF, with a
 * JPEG for browsers without AVIF. Pure: pages, islands and the endpoint share it.
 */

export const IMAGE_ENDPOINT = '/_image';

/**
 * Every width the path makes, in pixels: steps of about 1.2, so the candidate a browser picks
 * is never far above what its screen needs (Chromium picks the nearest in density). Anything
 * else is refused (400), so nobody can fill the edge's cache with widths of their own.
 */
export const IMAGE_WIDTHS = [160, 240, 320, 400, 480, 560, 640, 760, 900, 1080, 1280, 1600, 1920] as const;

export const IMAGE_FORMATS = ['avif', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Photos only: an SVG (a logo, a placeholder) is already as small as it gets and is shown as it is. */
export function isResizable(src: string): boolean {
  if (!/^https?:\/\//.test(src) || !URL.canParse(src)) return false;
  return !new URL(src).pathname.toLowerCase().endsWith('.svg');
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

/** What `/_image?…` asks for, or null when the query is anything but the one spelling `imageUrl` writes. */
export function readImageRequest(search: string): ImageRequest | null {
  const query = new URLSearchParams(search);
  const src = query.get('src');
  const width = Number(query.get('w'));
  const format = IMAGE_FORMATS.find((candidate) => candidate === query.get('f'));
  if (src === null || format === undefined || !IMAGE_WIDTHS.some((allowed) => allowed === width)) return null;
  if (!isResizable(src) || `?${search.replace(/^\?/, '')}` !== `?${imageUrl(src, width, format).split('?')[1]}`)
    return null;
  return { src, width, format };
}
