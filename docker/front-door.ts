import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { originPath } from '#shared/http/origin-path.ts';
import type { SessionView } from '#shared/views/session.ts';
import { createAddressLimit } from './address-limit.ts';
import { createImageCache, isImagePath } from './image-cache.ts';

/**
 * The local stand-in for the production load balancer: one origin where `/bff/*` reaches the
 * BFF and everything else reaches the site. It also compresses text answers, as the load
 * balancer does in production.
 */
export interface FrontDoorOptions {
  bffUrl: string;
  siteUrl: string;
  /** Multiplies the image requests one address may send on to the site (`RATE_LIMIT_FACTOR`, as the BFF's limits). */
  rateLimitFactor?: number;
}

/** As nginx's `gzip_min_length` (nginx.conf.template): below a kilobyte deflate saves nothing worth its CPU. */
const GZIP_MIN_LENGTH = 1024;
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** What the site and the BFF answer; anything else (TRACE, TRACK, CONNECT, WebDAV…) stops here. */
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/** How long the rest of a body nobody reads any more is read and dropped before the connection is cut. */
const DISCARD_BODY_MS = 30_000;

/**
 * A session read without a session cookie has one answer, the BFF's for nobody logged in: the
 * edge gives it, as nginx does (nginx.conf.template, `$anonymous_session_read`).
 */
const ANONYMOUS_SESSION: SessionView = { user: null };
const SESSION_COOKIE = /(^|;)\s*(__Host-)?viziona_session=[^;]/;

function isAnonymousSessionRead(req: http.IncomingMessage): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    (req.url ?? '').split('?')[0] === '/bff/session' &&
    !SESSION_COOKIE.test(req.headers.cookie ?? '')
  );
}

function answerAnonymousSession(res: http.ServerResponse): void {
  const body = JSON.stringify(ANONYMOUS_SESSION);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': randomUUID(),
    'content-length': Buffer.byteLength(body),
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** As nginx's `images` cache zone holds more on disk; the local door keeps what a person browsing needs. */
const IMAGE_CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Image requests one address may send on to the site, as nginx's `limit_req zone=image_misses`
 * (nginx.conf.template): a page's photos at once (a phone without JavaScript asks every one of
 * home's forty), then ten a second.
 */
const IMAGE_MISSES_PER_ADDRESS = { perSecond: 10, burst: 60 };

function answerBadGateway(res: http.ServerResponse): void {
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      error: {
        code: 'BAD_GATEWAY',
        message: 'El servicio no está disponible en este momento. Intenta de nuevo.',
      },
    }),
  );
}

/** A whole answer of the site to an image request (always a GET: a HEAD's empty body must never be kept). */
function readFromSite(site: URL, agent: http.Agent, req: http.IncomingMessage) {
  return new Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const upstreamReq = http.request(
      { host: site.hostname, port: site.port, method: 'GET', path: req.url, headers: forwardHeaders(req, site), agent },
      (upstream) => {
        const chunks: Buffer[] = [];
        upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstream.on('error', reject);
        upstream.on('end', () => {
          const headers = { ...upstream.headers };
          for (const name of HOP_BY_HOP) delete headers[name];
          delete headers['content-length'];
          resolve({ status: upstream.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    upstreamReq.on('error', reject);
    upstreamReq.end();
  });
}

function isBffPath(url: string): boolean {
  return url === '/bff' || url.startsWith('/bff/') || url.startsWith('/bff?');
}

function forwardHeaders(req: http.IncomingMessage, target: URL): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  // The edge says who the client is; whatever the client claimed is dropped, never appended.
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? target.host;
  return headers;
}

function wantsGzip(req: http.IncomingMessage, upstream: http.IncomingMessage): boolean {
  const type = String(upstream.headers['content-type'] ?? '');
  const length = upstream.headers['content-length'];
  return (
    (length === undefined || Number(length) >= GZIP_MIN_LENGTH) &&
    req.method !== 'HEAD' &&
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
    !upstream.headers['content-encoding'] &&
    upstream.statusCode !== 204 &&
    upstream.statusCode !== 304 &&
    COMPRESSIBLE.test(type)
  );
}

/**
 * The exchange is over but the browser is still sending its body (the upstream answered
 * before reading it all: a refused upload). The body stops going upstream (that request never
 * goes back to the keep-alive pool half sent) and the rest is read and dropped here, so the
 * browser's next request on this connection is read instead of waiting behind it. A body that
 * has not ended within DISCARD_BODY_MS cuts the connection.
 */
function discardRestOfBody(req: http.IncomingMessage, upstreamReq: http.ClientRequest): void {
  req.unpipe(upstreamReq);
  upstreamReq.destroy();
  if (req.complete || req.destroyed) return;
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_BODY_MS);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** Tunnels WebSocket upgrades (the dev server's hot reload) to the site. */
function tunnelUpgrade(target: URL, req: http.IncomingMessage, socket: net.Socket, head: Buffer): void {
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
}

/** Percent-encoded characters a path never needs encoded (RFC 3986 unreserved): `%63` is `c`. */
const ENCODED_UNRESERVED = /%(2[DdEe]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|5[Ff]|7[Ee])/g;

/**
 * A page's own address when the request wrote its path another way (`////cartelera`,
 * `/%63artelera`, an encoded `#` as in `/cartelera%23x`, a raw `#` only a raw client sends, a
 * backslash a browser reads as a slash), else null: as nginx does (nginx.conf.template,
 * `$page_path_is_canonical`), one address and one cache key per page, and always on this origin
 * (`originPath`: `//\evil.example` is not another host).
 */
export function canonicalPageUrl(url: string): string | null {
  if (!url.startsWith('/')) return null;
  // A raw `#` starts the fragment: it and everything after it are not the address.
  const address = url.split('#')[0] ?? '';
  const queryAt = address.indexOf('?');
  const raw = queryAt < 0 ? address : address.slice(0, queryAt);
  const query = queryAt < 0 ? '' : address.slice(queryAt);
  const path = originPath(
    raw
      .replace(/%23.*$/i, '')
      .replace(ENCODED_UNRESERVED, (encoded) => String.fromCharCode(parseInt(encoded.slice(1), 16))),
  ).replace(/\/{2,}/g, '/');
  return path === raw && address === url ? null : `${path || '/'}${query}`;
}

export function createFrontDoor(options: FrontDoorOptions): http.Server {
  const bff = new URL(options.bffUrl);
  const site = new URL(options.siteUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const images = createImageCache({
    maxBytes: IMAGE_CACHE_BYTES,
    misses: createAddressLimit({
      perSecond: IMAGE_MISSES_PER_ADDRESS.perSecond * (options.rateLimitFactor ?? 1),
      burst: IMAGE_MISSES_PER_ADDRESS.burst * (options.rateLimitFactor ?? 1),
    }),
  });

  const server = http.createServer((req, res) => {
    if (!ALLOWED_METHODS.has(req.method ?? '')) {
      req.resume();
      res.writeHead(405, {
        allow: [...ALLOWED_METHODS].join(', '),
        'content-type': 'application/json; charset=utf-8',
        connection: 'close',
      });
      res.end(JSON.stringify({ error: { code: 'METHOD_NOT_ALLOWED', message: 'Método no permitido.' } }));
      return;
    }
    if (isAnonymousSessionRead(req)) return answerAnonymousSession(res);
    if (isImagePath(req.url ?? '/') && (req.method === 'GET' || req.method === 'HEAD')) {
      req.resume();
      images.serve(req, res, (request) => readFromSite(site, agent, request)).catch(() => answerBadGateway(res));
      return;
    }
    const target = isBffPath(req.url ?? '/') ? bff : site;
    const canonical = target === site ? canonicalPageUrl(req.url ?? '/') : null;
    if (canonical !== null) {
      req.resume();
      res.writeHead(301, { location: canonical, 'content-length': 0, 'x-request-id': randomUUID() });
      res.end();
      return;
    }
    const upstreamReq = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardHeaders(req, target),
        agent,
      },
      (upstream) => {
        // The browser went away before the answer came (a navigation): nothing to pipe into,
        // and nothing to drain either (an event stream never ends by itself).
        if (res.destroyed) {
          upstream.destroy();
          return;
        }
        const headers = { ...upstream.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        if (wantsGzip(req, upstream)) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : 'Accept-Encoding';
          res.writeHead(upstream.statusCode ?? 502, headers);
          pipeline(upstream, zlib.createGzip({ level: 6 }), res, () => undefined);
        } else {
          res.writeHead(upstream.statusCode ?? 502, headers);
          if (String(upstream.headers['content-type'] ?? '').startsWith('text/event-stream')) res.flushHeaders();
          pipeline(upstream, res, () => undefined);
        }
      },
    );
    upstreamReq.on('error', () => {
      // The upstream stopped reading (it answered early and closed): what the browser still
      // sends is read and dropped, so the answer reaches it instead of a reset.
      discardRestOfBody(req, upstreamReq);
      if (!res.headersSent) {
        answerBadGateway(res);
      } else if (!res.writableFinished) {
        // An answer cut in the middle: the browser must not take it for a whole one.
        res.destroy();
      }
    });
    // The browser left (before or during the answer): the upstream request ends with it.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    // The whole answer went out before the whole body came in (the BFF refused an upload).
    res.on('finish', () => {
      if (!req.complete) discardRestOfBody(req, upstreamReq);
    });
    req.pipe(upstreamReq);
    req.on('error', () => upstreamReq.destroy());
  });
  // CONNECT never reaches the request handler: refuse it on the socket.
  server.on('connect', (_req: http.IncomingMessage, socket: net.Socket) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
    tunnelUpgrade(site, req, socket, head),
  );
  return server;
}
