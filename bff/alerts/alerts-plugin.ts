import fp from 'fastify-plugin';
import type { UpstreamCaller } from '#bff/plugins/upstream.ts';
import { createChecker, type CheckResult } from './checker.ts';
import { createMailer } from './mailer.ts';
import { saleStateOf, type SaleState } from './sale-state.ts';
import { createMemoryAlertStore, createRedisAlertStore, type AlertStore } from './store.ts';
import { createUnsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-link.ts';

/**
 * "Avísame" as the routes see it (`app.alerts`): whether a relay is configured, the store of
 * alerts (Redis with REDIS_URL, memory otherwise), the e-mails' unsubscribe links (sealed
 * tokens, unsubscribe-link.ts) and the checker every replica runs on its
 * interval from `onReady` (`checkNow` runs it at once, for tests and operators). Without a
 * relay nothing runs and the routes refuse new alerts. What it needs of other features it is
 * given here, once: the cinema API, the waiting room's open events, the catalogue's refresh.
 */
interface Alerts {
  enabled: boolean;
  store: AlertStore;
  /** Whether a movie's tickets are on sale now (its showtimes, a presale queue open). */
  saleState(caller: UpstreamCaller, movie: string): Promise<SaleState>;
  links: UnsubscribeLinks;
  checkNow(): Promise<CheckResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

export const alertsPlugin = fp(
  async (app) => {
    const store = app.redis ? createRedisAlertStore(app.redis) : createMemoryAlertStore();
    const sources = { upstream: app.upstream, openEvents: () => app.waitingRoom.openEvents() };
    const saleState = (caller: UpstreamCaller, movie: string) => saleStateOf(sources, caller, movie);
    const links = createUnsubscribeLinks(app.config.sessionKeys, app.config.siteOrigin);
    const { mail, alerts: timing } = app.config;
    if (!mail) {
      app.decorate('alerts', {
        enabled: false,
        store,
        saleState,
        links,
        checkNow: async () => ({ sent: 0, failed: 0 }),
      });
      return;
    }
    const mailer = createMailer(mail);
    let stopped = false;
    const check = createChecker({
      saleState,
      refreshMovie: (caller, movie) => app.catalogue.refreshMovie(caller, movie),
      siteOrigin: app.config.siteOrigin,
      log: app.log,
      store,
      mailer,
      links,
      claimMs: timing.claimMs,
      isStopped: () => stopped,
    });
    let running: Promise<CheckResult> | null = null;
    /** One run at a time per replica: a tick that finds one running waits for it. */
    const checkNow = (): Promise<CheckResult> => {
      running ??= check().finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('alerts', { enabled: true, store, saleState, links, checkNow });

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        checkNow().catch((error: unknown) => app.log.warn({ err: error }, 'alerts: run failed'));
      }, timing.checkMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      mailer.close();
    });
  },
  {
    name: 'viziona-alerts',
    dependencies: ['viziona-config', 'viziona-redis', 'viziona-upstream', 'viziona-waiting-room', 'viziona-catalogue'],
  },
);
