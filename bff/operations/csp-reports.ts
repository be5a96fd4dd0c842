import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BffError, ERROR_MESSAGES } from '#bff/errors.ts';
import { safeUrl } from '#bff/plugins/logging.ts';

/**
 * The Content Security Policy's violation reports, as browsers send them to
 * `POST /bff/csp-reports` (the site's policy names it in `report-uri`; the route:
 * bff/routes/csp-reports/). Each violation becomes one `warn` line, `csp violation`, with the
 * directive, what was blocked (an origin or a keyword such as `inline`, never a full URL) and
 * the page's path (masked like every logged URL); nothing is stored.
 */

/** The largest report body read. */
export const REPORT_BODY_LIMIT = 16 * 1024;
/** Violations logged of one report at most. */
const MAX_LOGGED_VIOLATIONS = 10;

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
function violationsOf(body: unknown): CspViolation[] | null {
  const legacy = LegacyReportSchema.safeParse(body);
  if (legacy.success) {
    const report = legacy.data['csp-report'];
    return [
      {
        directive:
          (report['effective-directive'] ?? report['violated-directive'] ?? 'unknown').split(' ')[0] ?? 'unknown',
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

/** Reads the bodies of both report formats as JSON (a malformed one is a 400). */
export function acceptCspReportBodies(app: FastifyInstance): void {
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
}

/** Logs the violations of a report: one line each, the first ten; a body of neither format is a 400. */
export function logCspViolations(request: FastifyRequest): void {
  const violations = violationsOf(request.body);
  if (violations === null) throw new BffError(400, 'BAD_REQUEST', ERROR_MESSAGES.badRequest);
  for (const violation of violations.slice(0, MAX_LOGGED_VIOLATIONS))
    request.log.warn({ csp: violation }, 'csp violation');
}
