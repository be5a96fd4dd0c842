import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BffError, ERROR_MESSAGES } from '../errors.ts';

/**
 * Refuses cross-site state changes: every non-GET `/bff/*` request must carry
 * `X-Viziona-Client: web` (a header a cross-site page cannot send without a CORS preflight,
 * which this BFF never grants) and must not come from another site according to the
 * browser's `Sec-Fetch-Site` or `Origin`. Requests without either header are not from a
 * browser (the site's own server) and pass on the custom header alone. A route that changes
 * nothing and must take what browsers send on their own (CSP reports) opts out with
 * `config: { allowCrossSite: true }`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    allowCrossSite?: boolean;
  }
}

export const CLIENT_HEADER = 'x-viziona-client';
export const CLIENT_HEADER_VALUE = 'web';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

function isSameSiteRequest(request: FastifyRequest, siteOrigin: string): boolean {
  if (request.headers[CLIENT_HEADER] !== CLIENT_HEADER_VALUE) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (typeof fetchSite === 'string') return TRUSTED_FETCH_SITES.has(fetchSite);
  if (typeof origin === 'string') return origin === siteOrigin;
  return true;
}

export const sameOriginPlugin = fp(
  async (app) => {
    const { siteOrigin } = app.config;
    // A callback hook, not an async one: every request passes here, most of them at once.
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossSite === true) return done();
      if (!isSameSiteRequest(request, siteOrigin))
        return done(new BffError(403, 'CROSS_SITE', ERROR_MESSAGES.crossSite));
      done();
    });
  },
  { name: 'viziona-same-origin', dependencies: ['viziona-config'] },
);
