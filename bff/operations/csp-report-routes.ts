import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BffError, ERROR_MESSAGES } from '../errors.ts';
import { safeUrl } from '../plugins/logging.ts';

/**
 * `POST /bff/csp-reports`: where browsers send the Content Security Policy's violation
 * reports (the site's policy names it in `report-uri`). Each violation becomes one `warn`
 * line, `csp violation`, with the directive, what was blocked (an origin or a keyword such as
 * `inline`, never a full URL) and the page's path (masked like every logged URL); nothing is
 * stored. Browsers send reports without the site's client header, so this route opts out of
 * the same-origin check: it changes nothing and its rate limit bounds the log lines.
 */

const CSP_REPORTS_PATH = '/csp-reports';
const REPORT_BODY_LIMIT = 16 * 1024;
const CSP_REPORT_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** `report-uri`'s body (`application/csp-report`). */
const LegacyReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': z.string().optional(),
    'effective-directive': z.string().optional(),
    'violated-directive': z.string().optional(),
    'blocked-uri': z.string().optional(),
    disposition: z.string().optional(),
  }),
});

/** The Reporting API's body (`application/reports+json`), should `report-to` be used. */
const ReportingApiSchema = z.array(
  z.object({
    type: z.string(),
    body: z
      .object({
        documentURL: z.string().optional(),
        effectiveDirective: z.string().optional(),
        blockedURL: z.string().optional(),
        disposition: z.string().optional(),
      })
      .optional(),
  }),
);

interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  disposition: string;
}

/** An origin, or the keyword a browser reports for what has no URL ('inline', 'eval'...). */
function blockedSource(value: string | undefined): string {
  if (!value) return 'unknown';
  if (!URL.canParse(value)) return value.slice(0, 40);
  const url = new URL(value);
  return url.origin === 'null' ? url.protocol.replace(/:$/, '') : url.origin;
}

/** The page's path, masked like any logged URL, without its query. */
function pagePath(value: string | undefined): string {
  if (!value || !URL.canParse(value)) return 'unknown';
  return safeUrl(new URL(value).pathname).slice(0, 200);
}

/** The violations of a report body of either format; null when it is neither. */
export function violationsOf(body: unknown): CspViolation[] | null {
  const legacy = LegacyReportSchema.safeParse(body);
  if (legacy.success) {
    const report = legacy.data['csp-report'];
    return [
      {
        directive: (report['effective-directive'] ?? report['violated-directive'] ?? 'unknown').split(' ')[0] ?? 'unknown',
        blocked: blockedSource(report['blocked-uri']),
        page: pagePath(report['document-uri']),
        disposition: report.disposition ?? 'enforce',
      },
    ];
  }
  const reports = ReportingApiSchema.safeParse(body);
  if (!reports.success) return null;
  return reports.data
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map((report) => ({
      directive: report.body?.effectiveDirective ?? 'unknown',
      blocked: blockedSource(report.body?.blockedURL),
      page: pagePath(report.body?.documentURL),
      disposition: report.body?.disposition ?? 'enforce',
    }));
}

const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new BffError(400, 'BAD_REQUEST', ERROR_MESSAGES.badRequest), undefined);
      }
    },
  );

  app.post(
    CSP_REPORTS_PATH,
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: { allowCrossSite: true, rateLimit: CSP_REPORT_RATE_LIMIT },
      schema: { response: { 204: z.null().describe('The report was logged.') } },
    },
    async (request, reply) => {
      const violations = violationsOf(request.body);
      if (violations === null) throw new BffError(400, 'BAD_REQUEST', ERROR_MESSAGES.badRequest);
      for (const violation of violations.slice(0, 10)) request.log.warn({ csp: violation }, 'csp violation');
      return reply.code(204).send(null);
    },
  );
};

export default cspReportRoutes;
