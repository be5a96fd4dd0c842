/**
 * A public page compressed once per render (issue 40): the site sends the coding the request
 * asks for (Brotli, else gzip, else the page as it is), with `Vary: Accept-Encoding`, so a
 * shared cache keeps the compressed bytes and never compresses a copy again. nginx chooses
 * among the same three with its `$page_coding` map (docker/nginx.conf.template), asks the
 * site with that one coding and keys its copy on it; the local front door passes the
 * browser's own header on and leaves compressed answers alone (docker/front-door.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type PageCoding = 'br' | 'gzip' | 'identity';

/** The codings we make, best first. */
const MADE: readonly PageCoding[] = ['br', 'gzip'];

/**
 * Which coding a request's `Accept-Encoding` takes (RFC 9110 §12.5.3): the first of ours it
 * accepts with a weight above zero; `identity` when it names none of them (or refuses them).
 */
export function preferredCoding(acceptEncoding: string | null | undefined): PageCoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.replace(/\s+/g, '').startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.replace(/\s+/g, '').slice(2));
    if (Number.isFinite(q) && q > 0) accepted.add(name);
  }
  return MADE.find((coding) => accepted.has(coding)) ?? 'identity';
}

/**
 * The ETag of a coded copy: the page's own tag with its coding, so each stored copy has a
 * strong validator of its own (RFC 9110 §8.8.1), known before compressing, and a 304 costs no
 * compression.
 */
export function codedEntityTag(etag: string, coding: PageCoding): string {
  return coding === 'identity' ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli 6 and gzip 9: home (172 KB of HTML) becomes 14.8 KB and 18.3 KB in a few to twenty
 * milliseconds, once per render (nginx's gzip, level 1 on every answer, sent 22 KB). Brotli
 * 11 saves another 2 KB for a second of CPU: not worth a render's time.
 */
export async function encodePage(body: Uint8Array, coding: Exclude<PageCoding, 'identity'>): Promise<Uint8Array> {
  if (coding === 'gzip') return gzipped(body, { level: 9 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 6,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}
