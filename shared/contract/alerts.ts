import { z } from 'zod';
import { AlertsAvailabilityViewSchema, AlertsViewSchema, AlertViewSchema } from '#shared/views/alerts.ts';
import { ALERT_MESSAGES } from '#shared/alerts/rules.ts';
import { endpoints } from './endpoint.ts';
import { SLUG_PATTERN } from './params.ts';

/** A movie's slug, with the Spanish message a person reads when it is not one. */
const MovieSchema = z
  .string({ error: ALERT_MESSAGES.invalidMovie })
  .regex(SLUG_PATTERN, { error: ALERT_MESSAGES.invalidMovie })
  .describe("The movie's slug");

/** "Avísame": a person's alerts that a movie's tickets went on sale, sent by e-mail once. */
export const alertsEndpoints = endpoints({
  'GET /alerts/availability': {
    description: 'Whether alerts can be asked (a mail relay is configured): public, the same for everybody.',
    answer: AlertsAvailabilityViewSchema,
    errors: [],
  },
  'GET /alerts': {
    description: "The logged-in person's alerts, newest first.",
    answer: AlertsViewSchema,
    errors: [401, 502],
  },
  'POST /alerts': {
    description:
      "Asks to be told by e-mail when a movie's tickets go on sale (its first showtimes, or its presale's waiting room opening). Asking again for the same movie answers the alert already kept; a movie already on sale (showtimes listed, or its presale queue open) is refused with 409 MOVIE_ON_SALE.",
    body: z.object({ movie: MovieSchema }),
    answer: AlertViewSchema,
    errors: [400, 401, 404, 409, 502],
  },
  'DELETE /alerts/:movie': {
    description: "Cancels the person's alert for a movie; answers the alerts left.",
    params: z.object({ movie: MovieSchema }),
    answer: AlertsViewSchema,
    errors: [400, 401, 404, 502],
  },
});
