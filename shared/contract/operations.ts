import { z } from 'zod';
import { endpoints } from './endpoint.ts';

/** What the front door, the launcher and browsers call besides the pages' reads. */
export const operationsEndpoints = endpoints({
  'GET /health': {
    description: 'Liveness, for the front door and the launcher.',
    answer: z.object({ status: z.literal('ok') }),
    errors: [],
  },
  'POST /csp-reports': {
    description:
      "Where browsers send the Content Security Policy's violation reports (`application/csp-report` or " +
      '`application/reports+json`, at most 16 KB). Each violation is logged as one line; nothing is stored. ' +
      "It takes reports without the site's client header and from any origin.",
    status: 204,
    answer: z.null().describe('The report was logged.'),
    errors: [400],
  },
});
