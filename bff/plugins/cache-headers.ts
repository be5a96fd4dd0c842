import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { entityTag, matchesEntityTag } from '#shared/http/entity-tags.ts';
import { sha256Bytes } from '../sha256.ts';

/**
 * Cache-Control of every BFF answer. Personal or unmarked answers are `private, no-store`.
 * Routes marked `config: { cache: PUBLIC_CACHE }` are public reads, the same for everybody:
 * their 200 answers may be kept by browsers and shared caches (our nginx micro-cache,
 * docker/README.md), carry an `ETag` over the body and answer a matching `If-None-Match`
 * with a bodiless `304`. Public reads never read the session (bff/plugins/session.ts), so
 * they never set a cookie; an answer that sets one anyway is private. Every answer also
 * carries its `x-request-id`, and `nosniff` so a browser never reads JSON as anything else.
 */

export const PUBLIC_CACHE = 'public';
type CachePolicy = typeof PUBLIC_CACHE;

/**
 * The lifetimes of a public read, in seconds (bff/README.md, "Public reads"): browsers keep
 * it a minute, the edge micro-caches it a minute (the BFF's own catalogue cache stays fresh
 * for `CATALOGUE_FRESH_SECONDS` behind it), and any cache may serve it stale for the BFF
 * catalogue cache's whole keep window while it refreshes or while we fail.
 */
const PUBLIC_READ_SECONDS = {
  maxAge: 60,
  sMaxAge: 60,
  staleWhileRevalidate: 30 * 60,
  staleIfError: 30 * 60,
} as const;

export const PUBLIC_CACHE_CONTROL =
  `public, max-age=${PUBLIC_READ_SECONDS.maxAge}, s-maxage=${PUBLIC_READ_SECONDS.sMaxAge}, ` +
  `stale-while-revalidate=${PUBLIC_READ_SECONDS.staleWhileRevalidate}, stale-if-error=${PUBLIC_READ_SECONDS.staleIfError}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

/** Whether the route of this request is a public read (it then never touches the session). */
export const isPublicRead = (request: FastifyRequest): boolean =>
  request.routeOptions.config?.cache === PUBLIC_CACHE && (request.method === 'GET' || request.method === 'HEAD');

function sendsBody(payload: unknown): payload is string | Buffer {
  return typeof payload === 'string' || Buffer.isBuffer(payload);
}

function setsCookie(reply: FastifyReply): boolean {
  return reply.getHeader('set-cookie') !== undefined;
}

export const cacheHeadersPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: every answer passes here (no promise and microtask each).
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, cacheHeaders(request, reply, payload));
    });
    // A public read reads no query: one asked with any (`?utm=x`, a bare `?`) is sent to its
    // own path, so a shared cache keeps one copy a read (issue 32). Private, like any redirect.
    app.addHook('onRequest', (request, reply, done) => {
      const queryAt = request.url.indexOf('?');
      if (queryAt < 0 || !isPublicRead(request)) return done();
      void reply.code(301).header('location', request.url.slice(0, queryAt)).send();
    });
  },
  { name: 'viziona-cache-headers', dependencies: ['viziona-session'] },
);

/** The answer's cache headers, and a bodiless 304 when the browser holds the public read already. */
function cacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  reply.header('x-request-id', request.id);
  reply.header('x-content-type-options', 'nosniff');
  if (!setsCookie(reply) && isPublicRead(request) && reply.statusCode === 200 && sendsBody(payload)) {
    // A cached read brings the tag computed when it was stored (bff/plugins/read-cache.ts).
    const stored = reply.getHeader('etag');
    const tag = typeof stored === 'string' ? stored : entityTag(sha256Bytes(payload));
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    reply.header('etag', tag);
    if (matchesEntityTag(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      // Fastify's own HEAD handler runs after this hook and drains a stream but fails on null.
      return request.method === 'HEAD' ? Readable.from([]) : null;
    }
    return payload;
  }
  if (setsCookie(reply) || reply.getHeader('cache-control') === undefined || isPublicRead(request)) {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  }
  return payload;
}
