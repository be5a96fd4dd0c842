import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptCspReportBodies, logCspViolations, REPORT_BODY_LIMIT } from '#bff/operations/csp-reports.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

const CSP_REPORT_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/**
 * Where browsers send the Content Security Policy's violation reports (bff/operations/csp-reports.ts
 * logs them). Browsers send them without the site's client header, so this route opts out of
 * the same-origin check: it changes nothing and its rate limit bounds the log lines.
 */
const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptCspReportBodies(app);

  endpointRoute(app, 'POST /csp-reports', {
    bodyLimit: REPORT_BODY_LIMIT,
    config: { allowCrossSite: true, rateLimit: CSP_REPORT_RATE_LIMIT },
    handler: async (request, reply) => {
      logCspViolations(request);
      return reply.code(204).send(null);
    },
  });
};

export default cspReportRoutes;
