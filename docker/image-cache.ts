import type http from 'node:http';

/**
 * The front door's copy of nginx's `location = /_image` (nginx.conf.template): the site's
 * resized images kept in memory, one entry per URL (the site answers only one spelling of
 * each image, width and format), served while the site or the image host fails. Only what the
 * site marks `public` and `immutable` is kept, never an answer with Set-Cookie; one request a
 * URL goes to the site at a time. The oldest-used entries go first beyond `maxBytes`.
 */
export interface ImageCacheOptions {
  maxBytes: number;
}

interface Entry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export type FetchFromSite = (req: http.IncomingMessage) => Promise<Entry>;

export const IMAGE_PATH = '/_image';

export function isImagePath(url: string): boolean {
  return url.split('?')[0] === IMAGE_PATH;
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

export function createImageCache({ maxBytes }: ImageCacheOptions) {
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
      const kept = entries.get(key);
      if (kept !== undefined) {
        // Most recently used last: eviction takes the front.
        entries.delete(key);
        entries.set(key, kept);
        return send(req, res, kept, 'HIT');
      }
      let pending = inFlight.get(key);
      if (pending === undefined) {
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
