import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALERT_LIMIT, ALERT_MESSAGES } from '#shared/alerts/rules.ts';
import type { AlertsView, AlertUnsubscribedView, AlertView } from '#shared/views/alerts.ts';
import { BffError, ERROR_MESSAGES } from '#bff/errors.ts';
import { customerOf, ownerOf } from '#bff/plugins/session-guard.ts';
import { answered } from '#bff/plugins/shared-store.ts';
import { moviePath } from './alert-mail.ts';
import { onSale } from './sale-state.ts';
import type { AlertRecord } from './store.ts';

/** What the alert routes do for the logged-in person: list, ask, cancel. */

/** What they need of the BFF: the alerts' own store and sale state, and the cinema API. */
type AlertNeeds = Pick<FastifyInstance, 'alerts' | 'upstream'>;

const toView = (record: AlertRecord): AlertView => ({
  movie: record.movie,
  title: record.title,
  path: moviePath(record.movie),
  createdAt: new Date(record.createdAt).toISOString(),
  sentAt: record.sentAt === null ? null : new Date(record.sentAt).toISOString(),
  reason: record.reason,
});

function ownerOrFail(request: FastifyRequest): string {
  const owner = ownerOf(request);
  if (!owner) throw new BffError(401, 'UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
  return owner;
}

export async function alertsOf(app: AlertNeeds, request: FastifyRequest): Promise<AlertsView> {
  const records = await answered(() => app.alerts.store.list(ownerOrFail(request)));
  return { enabled: app.alerts.enabled, alerts: records.map(toView), limit: ALERT_LIMIT };
}

export async function askAlert(app: AlertNeeds, request: FastifyRequest, movie: string): Promise<AlertView> {
  const owner = ownerOrFail(request);
  if (!app.alerts.enabled) throw new BffError(409, 'ALERTS_UNAVAILABLE', ALERT_MESSAGES.unavailable);
  // Our relay mails only an address its owner proved to read (the verification code).
  if (!customerOf(request).user.verified) throw new BffError(403, 'EMAIL_NOT_VERIFIED', ALERT_MESSAGES.unverified);
  const kept = await answered(() => app.alerts.store.get(owner, movie));
  if (kept) return toView(kept);
  const details = await app.upstream
    .call(request, 'GET /movies/:slug', { params: { slug: movie } })
    .catch((error: unknown) => {
      if (error instanceof BffError && error.statusCode === 404)
        throw new BffError(404, 'NOT_FOUND', ALERT_MESSAGES.unknownMovie);
      throw error;
    });
  const state = await app.alerts.saleState(request, movie);
  // Already on sale: there is nothing to tell; its hours are on its page.
  if (onSale(state)) throw new BffError(409, 'MOVIE_ON_SALE', ALERT_MESSAGES.onSale);
  const record: AlertRecord = {
    movie,
    title: details.data.title,
    createdAt: Date.now(),
    hadShowtimes: state.showtimeIds.length > 0,
    sentAt: null,
    reason: null,
  };
  const added = await answered(() => app.alerts.store.add(owner, record, ALERT_LIMIT));
  if (added.kind === 'limit') throw new BffError(409, 'ALERT_LIMIT', ALERT_MESSAGES.limit);
  return toView(added.record);
}

export async function cancelAlert(app: AlertNeeds, request: FastifyRequest, movie: string): Promise<AlertsView> {
  const owner = ownerOrFail(request);
  const removed = await answered(() => app.alerts.store.remove(owner, movie));
  if (!removed) throw new BffError(404, 'NOT_FOUND', ALERT_MESSAGES.noAlert);
  return alertsOf(app, request);
}

/**
 * The alert an e-mail's unsubscribe link names, cancelled without a session. A token the BFF did
 * not seal is 404; the alert gone already, or asked again since (another `createdAt`), is left
 * as it is and said so.
 */
export async function unsubscribeAlert(
  app: Pick<FastifyInstance, 'alerts'>,
  token: string,
): Promise<AlertUnsubscribedView> {
  const alert = app.alerts.links.alertOf(token);
  if (!alert) throw new BffError(404, 'NOT_FOUND', ALERT_MESSAGES.invalidLink);
  const kept = await answered(() => app.alerts.store.get(alert.owner, alert.movie));
  const removed = await answered(() => app.alerts.store.remove(alert.owner, alert.movie, alert.createdAt));
  return { movie: alert.movie, title: kept?.title ?? alert.movie, alreadyCancelled: !removed };
}
