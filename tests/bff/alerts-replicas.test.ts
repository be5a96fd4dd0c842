import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertsView } from '#shared/views/alerts.ts';
import type { MovieDetailView, ReleaseView } from '#shared/views/catalogue.ts';
import type { BffApp } from '#bff/app.ts';
import { RELEASES, ask, mailsTo, programme } from './alerts-helpers.ts';
import { call, registerVerifiedPerson, startReplicas, type Replicas } from './harness.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { startSmtpRelay, type SmtpRelay } from './smtp-relay.ts';

/**
 * "Avísame" with two replicas sharing a real Redis: nobody gets two e-mails, nobody is forgotten
 * when a replica stops mid-send. Apart from alerts.test.ts because redis-server cannot run under
 * the night check's libfaketime (tests/runner.ts, NEEDS_REAL_CLOCK).
 */

const CLAIM_SECONDS = 4;

type ReleasesView = { releases: ReleaseView[] };

describe('two replicas sharing a real Redis', () => {
  let relay: SmtpRelay;
  let redis: RedisServer;
  let replicas: Replicas;

  beforeAll(async () => {
    relay = await startSmtpRelay();
    redis = await startRedisServer();
  }, 60_000);
  afterAll(async () => {
    await replicas?.close();
    await redis?.stop();
    await relay?.close();
  });

  it('sends each person one e-mail when both replicas run at once', async () => {
    // A claim outlives a send on a loaded machine (a lease shorter than a send lets the other
    // replica send too: at least once, by design), and a stopped replica's claim still ends
    // within the next test's wait.
    const env = { ...relay.env, REDIS_URL: redis.url, ALERTS_CLAIM_SECONDS: String(CLAIM_SECONDS) };
    replicas = await startReplicas({ replicas: 2, env });
    const [first, second] = replicas.apps as [BffApp, BffApp];
    const movie = RELEASES[0];
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => registerVerifiedPerson(first, replicas)));
    // Asked through either replica; seen by both.
    for (const [index, person] of people.entries()) {
      expect((await ask(index % 2 === 0 ? first : second, person.cookie, movie)).status).toBe(200);
    }
    const seen = await call(second, 'GET', '/bff/alerts', { cookie: people[0]!.cookie });
    expect((seen.body as AlertsView).alerts.map((alert) => alert.movie)).toEqual([movie]);

    await programme(replicas.sandboxUrl, movie);
    const runs = await Promise.all([first.alerts.checkNow(), second.alerts.checkNow()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(people.length);
    await Promise.all([first.alerts.checkNow(), second.alerts.checkNow()]);
    for (const person of people) expect(mailsTo(relay, person.email), person.email).toHaveLength(1);
  });

  it('has the movie page show the announced hour on both replicas once the e-mail goes', async () => {
    const [first, second] = replicas.apps as [BffApp, BffApp];
    const movie = RELEASES[2];
    const page = (app: BffApp) => call(app, 'GET', `/bff/catalogue/movies/viziona/${movie}`);
    const release = async (app: BffApp) =>
      ((await call(app, 'GET', '/bff/catalogue/releases')).body as ReleasesView).releases.find(
        (entry) => entry.slug === movie,
      )!;
    // Both replicas hold the page and the releases, fresh, from before the news.
    for (const app of [first, second]) {
      expect(((await page(app)).body as MovieDetailView).dates).toEqual([]);
      expect((await release(app)).days).toEqual([]);
    }
    const person = await registerVerifiedPerson(second, replicas);
    expect((await ask(second, person.cookie, movie)).status).toBe(200);
    const showtime = await programme(replicas.sandboxUrl, movie);
    // Still within their five fresh minutes: without the news, both would answer their copies.
    expect((await page(second)).headers['x-cache']).toBe('HIT');

    // One replica sends; the other's copies follow at once.
    expect((await first.alerts.checkNow()).sent).toBe(1);
    const [mail] = mailsTo(relay, person.email);
    expect(mail?.text).toContain(`/viziona/pelicula/${movie}?date=${showtime.date}`);
    for (const app of [second, first]) {
      const detail = (await page(app)).body as MovieDetailView;
      const hours = detail.days.flatMap((day) => day.groups.flatMap((group) => group.hours.map((hour) => hour.id)));
      expect(hours, app === first ? 'the sender' : 'the other replica').toContain(showtime.id);
      const listed = await release(app);
      expect(listed.days.map((day) => day.date)).toEqual([showtime.date]);
    }
  });

  it('forgets nobody when a replica stops while the relay has its e-mail unanswered', async () => {
    const [first, second] = replicas.apps as [BffApp, BffApp];
    const movie = RELEASES[1];
    const person = await registerVerifiedPerson(second, replicas);
    expect((await ask(second, person.cookie, movie)).status).toBe(200);
    await programme(replicas.sandboxUrl, movie);

    relay.holdNext();
    const stopping = first.alerts.checkNow();
    await expect.poll(() => relay.held, { timeout: 10_000 }).toBe(1);
    // The replica goes away mid-send: its claim stays until its lease ends.
    await first.close();
    expect((await second.alerts.checkNow()).sent).toBe(0);
    await expect
      .poll(async () => (await second.alerts.checkNow()).sent, {
        timeout: CLAIM_SECONDS * 1000 + 10_000,
        interval: 300,
      })
      .toBe(1);

    const mails = mailsTo(relay, person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ya puedes comprar boletas para Viaje al Centro del Mar');
    expect(await second.alerts.checkNow()).toEqual({ sent: 0, failed: 0 });
    // The stopped replica's send ends when the relay drops its connection; it sent nothing.
    await relay.close();
    expect((await stopping).sent).toBe(0);
    expect(mailsTo(relay, person.email)).toHaveLength(1);
  }, 30_000);
});
