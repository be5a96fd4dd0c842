import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { backgroundCaller, type UpstreamCaller } from '#bff/plugins/upstream.ts';
import { alertMail } from './alert-mail.ts';
import type { Mailer } from './mailer.ts';
import { dueReason, type SaleState } from './sale-state.ts';
import type { AlertStore, PendingAlert } from './store.ts';
import type { UnsubscribeLinks } from './unsubscribe-link.ts';

/**
 * The run every replica makes every `ALERTS_CHECK_SECONDS`: the waiting alerts, grouped by
 * movie; each movie's sale state read once; each alert now due claimed (a lease in the shared
 * store, so one replica sends it), read again, sent, and marked sent once the relay accepted
 * it. A replica that dies mid-run leaves its claims to expire: the next run of any replica
 * sends what it had not marked (bff/decisions/alerts.md: at least once, nobody forgotten).
 */
export interface CheckResult {
  sent: number;
  failed: number;
}

export interface CheckerDependencies {
  saleState(caller: UpstreamCaller, movie: string): Promise<SaleState>;
  /** The movie's page shows the news on every replica (the catalogue's refresh). */
  refreshMovie(caller: UpstreamCaller, movie: string): Promise<void>;
  siteOrigin: string;
  log: FastifyBaseLogger;
  store: AlertStore;
  mailer: Mailer;
  links: UnsubscribeLinks;
  claimMs: number;
  isStopped: () => boolean;
}

export function createChecker(deps: CheckerDependencies) {
  const { saleState, refreshMovie, siteOrigin, log, store, mailer, links, claimMs, isStopped } = deps;

  async function sendOne(
    alert: PendingAlert,
    state: SaleState,
    token: string,
    pageShowsNews: () => Promise<void>,
  ): Promise<'sent' | 'skipped' | 'failed'> {
    const record = await store.get(alert.owner, alert.movie);
    if (!record || record.sentAt !== null) return 'skipped';
    const reason = dueReason(state, record.hadShowtimes);
    if (!reason || !(await store.claim(alert, token, claimMs))) return 'skipped';
    // Another replica may have sent it between the read and the claim.
    const fresh = await store.get(alert.owner, alert.movie);
    if (!fresh || fresh.sentAt !== null) return 'skipped';
    const mail = alertMail({
      to: alert.owner,
      movie: alert.movie,
      title: fresh.title,
      createdAt: fresh.createdAt,
      reason,
      waitingRoomShowtimeId: state.waitingRoom?.showtimeId ?? null,
      firstDay: state.firstDay,
      siteOrigin,
      unsubscribe: links.linksOf({ owner: alert.owner, movie: alert.movie, createdAt: fresh.createdAt }),
    });
    try {
      // The page the e-mail links to shows what it announces, on every replica, before it goes.
      await pageShowsNews();
    } catch (error) {
      if (!isStopped()) await store.release(alert, token);
      log.warn(
        { err: error, movie: alert.movie },
        'alerts: the movie page could not be refreshed, the next run tries again',
      );
      return 'failed';
    }
    try {
      await mailer.send(mail);
    } catch (error) {
      // A stopping replica leaves its claim to expire, as a dead one would.
      if (!isStopped()) await store.release(alert, token);
      log.warn({ err: error, movie: alert.movie }, 'alerts: the mail relay did not take an alert e-mail');
      return 'failed';
    }
    await store.markSent(alert, { ...fresh, sentAt: Date.now(), reason });
    return 'sent';
  }

  return async function checkNow(): Promise<CheckResult> {
    const result: CheckResult = { sent: 0, failed: 0 };
    const byMovie = new Map<string, PendingAlert[]>();
    for (const alert of await store.pending()) {
      const group = byMovie.get(alert.movie);
      if (group) group.push(alert);
      else byMovie.set(alert.movie, [alert]);
    }
    const request = backgroundCaller(log, 'alerts');
    const token = randomUUID();
    for (const [movie, alerts] of byMovie) {
      if (isStopped()) break;
      let state: SaleState;
      try {
        state = await saleState(request, movie);
      } catch (error) {
        request.log.warn({ err: error, movie }, 'alerts: sale state unreadable, the next run tries again');
        continue;
      }
      if (!dueReason(state, false)) continue;
      // Once per movie and run, only when an e-mail is about to go.
      let refreshed: Promise<void> | null = null;
      const pageShowsNews = () => (refreshed ??= refreshMovie(request, movie));
      for (const alert of alerts) {
        if (isStopped()) break;
        const outcome = await sendOne(alert, state, token, pageShowsNews);
        if (outcome === 'sent') result.sent += 1;
        if (outcome === 'failed') result.failed += 1;
      }
    }
    if (result.sent + result.failed > 0) request.log.info(result, 'alerts: run done');
    return result;
  };
}
