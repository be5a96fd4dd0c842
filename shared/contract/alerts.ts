import { z } from 'zod';
import {
  AlertsAvailabilityViewSchema,
  AlertsViewSchema,
  AlertUnsubscribedViewSchema,
  AlertViewSchema,
} from '#shared/views/alerts.ts';
import { ALERT_MESSAGES, UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/alerts/rules.ts';
import { endpoints } from './endpoint.ts';
import { SLUG_PATTERN } from './params.ts';

/** A movie's slug, with the Spanish message a person reads when it is not one. */
const MovieSchema = z
  .string({ error: ALERT_MESSAGES.invalidMovie })
  .regex(SLUG_PATTERN, { error: ALERT_MESSAGES.invalidMovie })
  .describe("The movie's slug");

/**
 * An alert e-mail's unsubscribe token: sealed by the BFF, opaque to everybody else. In the query
 * (`?token=`, masked in the logs), since it outgrows a path parameter with a long address.
 */
const UnsubscribeTokenSchema = z
  .string({ error: ALERT_MESSAGES.invalidLink })
  .regex(UNSUBSCRIBE_TOKEN_PATTERN, { error: ALERT_MESSAGES.invalidLink })
  .describe("The token of the alert e-mail's unsubscribe link");

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
      "Asks to be told by e-mail when a movie's tickets go on sale (its first showtimes, or its presale's waiting room opening). Asking again for the same movie answers the alert already kept; a movie already on sale (showtimes listed, or its presale queue open) is refused with 409 MOVIE_ON_SALE. Only a verified e-mail address gets alerts: 403 `EMAIL_NOT_VERIFIED` otherwise.",
    body: z.object({ movie: MovieSchema }),
    answer: AlertViewSchema,
    errors: [400, 401, 403, 404, 409, 502],
  },
  'DELETE /alerts/:movie': {
    description: "Cancels the person's alert for a movie; answers the alerts left.",
    params: z.object({ movie: MovieSchema }),
    answer: AlertsViewSchema,
    errors: [400, 401, 404, 502],
  },
  'POST /alerts/unsubscribe': {
    description:
      "Cancels the alert an e-mail was about, from the e-mail's link, without a session: the one-click unsubscribe of RFC 8058 (a mail provider posts `List-Unsubscribe=One-Click`, form-encoded or multipart, from its own servers) and the button of the site's page `/avisos/cancelar/{token}`. A link stays valid for its alert; once the alert is cancelled (or asked again since) it answers `alreadyCancelled` and touches nothing.",
    query: z.object({ token: UnsubscribeTokenSchema }),
    answer: AlertUnsubscribedViewSchema,
    errors: [400, 404, 502],
  },
  'GET /alerts/unsubscribe': {
    description:
      "The same link opened in a browser (or fetched by a mail scanner): 303 to the site's page `/avisos/cancelar/{token}`, which asks before it cancels. Changes nothing.",
    query: z.object({ token: UnsubscribeTokenSchema }),
    status: 303,
    answer: { redirect: 303, description: 'Location: /avisos/cancelar/{token}.' },
    errors: [400],
  },
});
