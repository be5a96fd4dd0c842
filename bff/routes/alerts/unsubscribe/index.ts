import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeAlert } from '#bff/alerts/person-alerts.ts';
import { unsubscribePagePath } from '#bff/alerts/unsubscribe-link.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

const minutes = (n: number): number => n * 60_000;

/** A mail provider's one-click POST is tiny: `List-Unsubscribe=One-Click`, form-encoded or multipart. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * An alert e-mail's unsubscribe link (bff/decisions/alerts.md, "Unsubscribing"). RFC 8058's
 * one-click POST comes from the mail provider's servers: no session, no site header, any
 * origin, so the route opts out of the same-origin check; the sealed token alone says which
 * alert it cancels. Only this folder reads form bodies (every other route refuses them, 415).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    // What the provider posts says nothing the token does not: it is read and left.
    (_request, _body, done) => done(null, null),
  );

  endpointRoute(app, 'POST /alerts/unsubscribe', {
    bodyLimit: ONE_CLICK_BODY_LIMIT,
    config: { allowCrossSite: true, rateLimit: { max: 30, timeWindow: minutes(1) } },
    handler: async (request) => unsubscribeAlert(app, request.query.token),
  });

  endpointRoute(app, 'GET /alerts/unsubscribe', {
    config: { rateLimit: { max: 30, timeWindow: minutes(1) } },
    handler: async (request, reply) => reply.redirect(unsubscribePagePath(request.query.token), 303),
  });
};

export default unsubscribeRoutes;
