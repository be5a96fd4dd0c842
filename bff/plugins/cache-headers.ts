import fp from 'fastify-plugin';

/**
 * Cache-Control of every BFF answer: personal or unmarked answers are `private, no-store`;
 * routes marked `config: { cache: PUBLIC_CACHE }` may be cached briefly by browsers and the
 * CDN, unless the answer sets a cookie. Every answer also carries its `x-request-id`, and
 * `nosniff` so a browser never reads a JSON answer as anything else.
 */

export const PUBLIC_CACHE = 'public';
export type CachePolicy = typeof PUBLIC_CACHE;

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=1800';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

export const cacheHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      reply.header('x-content-type-options', 'nosniff');
      const setsCookie = reply.getHeader('set-cookie') !== undefined;
      const isPublic =
        request.routeOptions.config?.cache === PUBLIC_CACHE && reply.statusCode === 200;
      if (setsCookie || !isPublic) {
        if (setsCookie || reply.getHeader('cache-control') === undefined) {
          reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        }
      } else {
        reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      }
      return payload;
    });
  },
  { name: 'viziona-cache-headers', dependencies: ['viziona-session'] },
);
