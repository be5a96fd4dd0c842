import type http from 'node:http';
import type { AddressLimit } from './address-limit.ts';

/**
 * The front door's copy of nginx's `location = /_image` (nginx.conf.template): the site's
 * resized images kept in memory, one entry per URL (the site answers only one spelling of
 * each image, width and format), served while the site or the image host fails. Only what the
 * site marks `public` and `immutable` is kept, never an answer with Set-Cookie; one request a
 * URL goes to the site at a time. The oldest-used entries go first beyond `maxBytes`. What one
 * client address makes the site do is limited (`misses`), as nginx's resizer hop does; what
 * is kept is served to anybody without counting. A URL with a raw `#` is refused (400): the
 * site never writes one, and each such spelling would be an entry of its own.
 */
export interface ImageCacheOptions {
  maxBytes: number;
  /** Requests one address may send on to the site. */
  misses: AddressLimit;
}

interface Entry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export type FetchFromSite = (req: http.IncomingMessage) => Promise<Entry>;

export const IMAGE_PATH = '/_image';

export function isImagePath(url: string): boolean {
  return url.split(/[?#]/)[0] === IMAGE_PATH;
}

function answerJson(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  error: { code: string; message: string },
  headers: http.OutgoingHttpHeaders = {},
): void {
  const body = JSON.stringify({ error });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function keepable({ status, headers }: Entry): boolean {
  const cacheControl = String(headers['cache-control'] ?? '');
  return (
    status === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    /\bimmutable\b/.test(cacheControl) &&
    headers['set-cookie'] === undefined
  );
}

export function createImageCache({ maxBytes, misses }: ImageCacheOptions) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();
  let bytes = 0;

  function keep(key: string, entry: Entry): void {
    if (entry.body.length > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const [oldKey, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= old.body.length;
    }
  }

  function send(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, cacheStatus: string): void {
    res.writeHead(entry.status, {
      ...entry.headers,
      'content-length': entry.body.length,
      'x-cache-status': cacheStatus,
    });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  }

  return {
    /** Answers an image request from the cache, or from the site (one request a URL at a time). */
    async serve(req: http.IncomingMessage, res: http.ServerResponse, fetchFromSite: FetchFromSite): Promise<void> {
      const key = req.url ?? '';
      if (key.includes('#'))
        return answerJson(req, res, 400, {
          code: 'BAD_IMAGE_REQUEST',
          message: 'La imagen pedida no existe en los tamaños y formatos del sitio.',
        });
      const kept = entries.get(key);
      if (kept !== undefined) {
        // Most recently used last: eviction takes the front.
        entries.delete(key);
        entries.set(key, kept);
        return send(req, res, kept, 'HIT');
      }
      let pending = inFlight.get(key);
      if (pending === undefined) {
        const verdict = misses.take(req.socket.remoteAddress ?? '');
        if (!verdict.allowed)
          return answerJson(
            req,
            res,
            429,
            { code: 'RATE_LIMITED', message: 'Demasiadas imágenes pedidas a la vez. Intenta de nuevo en un momento.' },
            { 'retry-after': String(verdict.retryAfterSeconds) },
          );
        pending = fetchFromSite(req);
        inFlight.set(key, pending);
        pending
          .then((entry) => (keepable(entry) ? keep(key, entry) : undefined))
          .catch(() => undefined)
          .finally(() => inFlight.delete(key));
      }
      const entry = await pending;
      // As nginx says it: MISS whether or not the answer was kept.
      send(req, res, entry, 'MISS');
    },
  };
}
