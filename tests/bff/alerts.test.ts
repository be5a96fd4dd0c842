import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMIT, ALERT_MESSAGES } from '#shared/alerts/rules.ts';
import type { AlertsView, AlertView } from '#shared/views/alerts.ts';
import type { MovieDetailView } from '#shared/views/catalogue.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import { call, registerPerson, registerVerifiedPerson, startStack, type Stack } from './harness.ts';
import { RELEASES, ask, mailsTo, programme } from './alerts-helpers.ts';
import { RELAY_PASSWORD, startSmtpRelay, type SmtpRelay } from './smtp-relay.ts';
import { eventBody, operatorClient } from './waiting-room-helpers.ts';

/**
 * "Avísame" against the sandbox and a real SMTP relay (tests/bff/smtp-relay.ts): one e-mail once
 * a release gets showtimes (the sandbox's own programming route, on its clock), never two with
 * cancelling, and hostile input (two replicas sharing a real Redis: alerts-replicas.test.ts). The checker runs when the test says (`app.alerts.checkNow()`).
 */

describe('one replica, memory store', () => {
  let relay: SmtpRelay;
  let stack: Stack;
  const logs: string[] = [];

  beforeAll(async () => {
    relay = await startSmtpRelay();
    stack = await startStack({
      env: relay.env,
      logStream: { write: (line: string) => void logs.push(line) },
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await relay?.close();
  });

  it('says alerts are available, publicly and cacheably, and asks a visitor to log in', async () => {
    const availability = await call(stack.app, 'GET', '/bff/alerts/availability');
    expect(availability.status).toBe(200);
    expect(availability.body).toEqual({ enabled: true });
    expect(String(availability.headers['cache-control'])).toMatch(/^public/);
    expect(availability.setCookie).toBeUndefined();

    for (const [method, url] of [
      ['GET', '/bff/alerts'],
      ['POST', '/bff/alerts'],
      ['DELETE', `/bff/alerts/${RELEASES[0]}`],
    ] as const) {
      const answer = await call(stack.app, method, url, method === 'POST' ? { body: { movie: RELEASES[0] } } : {});
      expect(answer.status, `${method} ${url}`).toBe(401);
      expect(answer.body).toMatchObject({
        error: { code: 'UNAUTHENTICATED', message: 'Debes iniciar sesión para continuar.' },
      });
    }
  });

  it('sends one Spanish e-mail from the configured sender once the release gets showtimes, and never again', async () => {
    const person = await registerVerifiedPerson(stack.app, stack);
    const movie = RELEASES[0];
    // The movie's page is read (and cached) while it has no dates.
    const pageBefore = await call(stack.app, 'GET', `/bff/catalogue/movies/viziona/${movie}`);
    expect((pageBefore.body as MovieDetailView).dates).toEqual([]);
    const asked = await ask(stack.app, person.cookie, movie);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      movie,
      title: 'El Secreto de la Abuela',
      sentAt: null,
      path: `/viziona/pelicula/${movie}`,
    });
    // Asking twice keeps one alert.
    const again = await ask(stack.app, person.cookie, movie);
    expect((again.body as AlertView).createdAt).toBe((asked.body as AlertView).createdAt);

    // No showtimes yet: nothing goes.
    expect(await stack.app.alerts.checkNow()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(relay, person.email)).toHaveLength(0);

    const showtime = await programme(stack.sandboxUrl, movie);
    expect((await stack.app.alerts.checkNow()).sent).toBe(1);
    const [mail, ...more] = mailsTo(relay, person.email);
    expect(more).toHaveLength(0);
    expect(mail?.from).toBe('"Viziona" <avisos@viziona.example>');
    expect(mail?.to).toEqual([person.email]);
    expect(mail?.subject).toBe('Ya puedes comprar boletas para El Secreto de la Abuela');
    expect(mail?.text).toContain('Las boletas de El Secreto de la Abuela ya están a la venta en Viziona.');
    // The hours it announces, and a link to the movie's page on that date.
    expect(mail?.text).toContain(`Primeras funciones: ${formatLongDate(showtime.date)}, ${formatHour(showtime.hour)}.`);
    const link = `http://localhost:4321/viziona/pelicula/${movie}?date=${showtime.date}`;
    expect(mail?.text).toContain(`${link}\n`);
    expect(mail?.text).toContain('http://localhost:4321/mi-perfil');
    expect(mail?.html).toContain(`href="${link}"`);
    // The page it links to shows that hour now, not in five minutes.
    const pageAfter = (await call(stack.app, 'GET', `/bff/catalogue/movies/viziona/${movie}`)).body as MovieDetailView;
    expect(pageAfter.dates.map((option) => option.date)).toContain(showtime.date);
    const hours = pageAfter.days.flatMap((day) => day.groups.flatMap((group) => group.hours.map((hour) => hour.id)));
    expect(hours).toContain(showtime.id);
    expect(mail?.language).toBe('es-CO');

    // Marked sent: the person sees when, and later runs send nothing.
    const list = (await call(stack.app, 'GET', '/bff/alerts', { cookie: person.cookie })).body as AlertsView;
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]).toMatchObject({ movie, reason: 'showtimes' });
    expect(list.alerts[0]?.sentAt).not.toBeNull();
    expect(await stack.app.alerts.checkNow()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(relay, person.email)).toHaveLength(1);
    // The relay's password is in no log line.
    expect(logs.join('')).not.toContain(RELAY_PASSWORD);
  });

  it("sends one e-mail with a link to the waiting room when a presale's waiting room opens", async () => {
    const ops = await operatorClient(stack.app);
    const movie = 'tormenta-solar';
    try {
      const person = await registerVerifiedPerson(stack.app, stack);
      // The presale sells its showtimes already: nothing to wait for.
      const refused = await ask(stack.app, person.cookie, movie);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: { code: 'MOVIE_ON_SALE', message: ALERT_MESSAGES.onSale } });
      // An alert kept from before it sold (asked when its showtimes were listed already, as
      // this BFF allowed then) still waits for its waiting room.
      await stack.app.alerts.store.add(
        person.email,
        { movie, title: 'Tormenta Solar', createdAt: Date.now(), hadShowtimes: true, sentAt: null, reason: null },
        ALERT_LIMIT,
      );
      expect(await stack.app.alerts.checkNow()).toEqual({ sent: 0, failed: 0 });

      const event = eventBody('avisame-preventa', { kind: 'movies', movieSlugs: [movie] });
      expect((await ops.send('POST', '/waiting-room/events', event)).status).toBe(201);
      expect((await stack.app.alerts.checkNow()).sent).toBe(1);
      const [mail, ...more] = mailsTo(relay, person.email);
      expect(more).toHaveLength(0);
      expect(mail?.subject).toBe('Abrió la preventa de Tormenta Solar');
      expect(mail?.text).toContain('La sala de espera de la preventa de Tormenta Solar ya abrió.');
      expect(mail?.text).toMatch(new RegExp(`http://localhost:4321/sala-de-espera/viziona/${movie}/\\d+\\n`));
      const list = (await call(stack.app, 'GET', '/bff/alerts', { cookie: person.cookie })).body as AlertsView;
      expect(list.alerts[0]).toMatchObject({ movie, reason: 'waiting-room' });
      expect(await stack.app.alerts.checkNow()).toEqual({ sent: 0, failed: 0 });
    } finally {
      await ops.send('POST', '/waiting-room/events/avisame-preventa/end');
      await ops.close();
    }
  });

  it('answers hostile input with a clear status and Spanish message', async () => {
    const owner = await registerVerifiedPerson(stack.app, stack);
    const other = await registerVerifiedPerson(stack.app, stack);
    const movie = RELEASES[2];
    expect((await ask(stack.app, owner.cookie, movie)).status).toBe(200);

    for (const bad of ['../../etc/passwd', '', 'a'.repeat(500), 'película', 42, null, { $ne: 1 }]) {
      const answer = await ask(stack.app, owner.cookie, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { movie: ALERT_MESSAGES.invalidMovie } },
      });
    }
    const unknown = await ask(stack.app, owner.cookie, 'no-existe-esta-pelicula');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'NOT_FOUND', message: ALERT_MESSAGES.unknownMovie } });

    for (const path of ['a%20b', 'a%2Fb', '%00', '-x']) {
      const answer = await call(stack.app, 'DELETE', `/bff/alerts/${path}`, { cookie: owner.cookie });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }

    // A path parameter longer than any slug is refused by the router itself.
    expect((await call(stack.app, 'DELETE', `/bff/alerts/${'x'.repeat(121)}`, { cookie: owner.cookie })).status).toBe(
      414,
    );

    // Someone else's alert: neither seen nor cancelled.
    const foreign = await call(stack.app, 'DELETE', `/bff/alerts/${movie}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(((await call(stack.app, 'GET', '/bff/alerts', { cookie: other.cookie })).body as AlertsView).alerts).toEqual(
      [],
    );
    expect(
      ((await call(stack.app, 'GET', '/bff/alerts', { cookie: owner.cookie })).body as AlertsView).alerts,
    ).toHaveLength(1);

    // A cross-site page cannot ask or cancel in the person's name.
    const crossSite = await call(stack.app, 'POST', '/bff/alerts', {
      cookie: owner.cookie,
      body: { movie },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ error: { code: 'CROSS_SITE' } });

    // Too many: the store holds the person's limit, the next one is refused in Spanish.
    for (let index = 1; index < ALERT_LIMIT; index += 1) {
      await stack.app.alerts.store.add(
        owner.email,
        {
          movie: `relleno-${index}`,
          title: `Relleno ${index}`,
          createdAt: index,
          hadShowtimes: false,
          sentAt: null,
          reason: null,
        },
        ALERT_LIMIT,
      );
    }
    const tooMany = await ask(stack.app, owner.cookie, RELEASES[1]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ error: { code: 'ALERT_LIMIT', message: ALERT_MESSAGES.limit } });
    expect(
      ((await call(stack.app, 'GET', '/bff/alerts', { cookie: owner.cookie })).body as AlertsView).alerts,
    ).toHaveLength(ALERT_LIMIT);
  });

  it('refuses an alert for a movie already on sale, and sends nothing for a cancelled alert', async () => {
    const person = await registerVerifiedPerson(stack.app, stack);
    // Showing now, or a release whose showtimes went on sale: its hours are on its page.
    for (const onSale of ['el-ultimo-faro', RELEASES[0]]) {
      const refused = await ask(stack.app, person.cookie, onSale);
      expect(refused.status, onSale).toBe(409);
      expect(refused.body).toEqual({ error: { code: 'MOVIE_ON_SALE', message: ALERT_MESSAGES.onSale } });
    }
    const movie = RELEASES[1];
    expect((await ask(stack.app, person.cookie, movie)).status).toBe(200);

    const cancelled = await call(stack.app, 'DELETE', `/bff/alerts/${movie}`, { cookie: person.cookie });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as AlertsView).alerts.map((alert) => alert.movie)).toEqual([]);
    const twice = await call(stack.app, 'DELETE', `/bff/alerts/${movie}`, { cookie: person.cookie });
    expect(twice.status).toBe(404);
    expect(twice.body).toMatchObject({ error: { code: 'NOT_FOUND', message: ALERT_MESSAGES.noAlert } });

    await programme(stack.sandboxUrl, movie);
    await stack.app.alerts.checkNow();
    expect(mailsTo(relay, person.email)).toHaveLength(0);
  });
});

describe('the checker on its interval', () => {
  it('sends without being asked, every ALERTS_CHECK_SECONDS', async () => {
    const relay = await startSmtpRelay();
    const stack = await startStack({ env: { ...relay.env, ALERTS_CHECK_SECONDS: '1' } });
    try {
      const person = await registerVerifiedPerson(stack.app, stack);
      expect((await ask(stack.app, person.cookie, RELEASES[2])).status).toBe(200);
      await programme(stack.sandboxUrl, RELEASES[2]);
      await expect.poll(() => mailsTo(relay, person.email).length, { timeout: 10_000 }).toBe(1);
      expect(mailsTo(relay, person.email)[0]?.subject).toBe('Ya puedes comprar boletas para Héroes de Barrio');
    } finally {
      await stack.close();
      await relay.close();
    }
  }, 30_000);
});

describe('without a mail relay', () => {
  it('says alerts are unavailable and refuses new ones in Spanish', async () => {
    const stack = await startStack();
    try {
      expect((await call(stack.app, 'GET', '/bff/alerts/availability')).body).toEqual({ enabled: false });
      const person = await registerPerson(stack.app);
      const answer = await ask(stack.app, person.cookie, RELEASES[0]);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: { code: 'ALERTS_UNAVAILABLE', message: ALERT_MESSAGES.unavailable } });
      expect((await call(stack.app, 'GET', '/bff/alerts', { cookie: person.cookie })).body).toMatchObject({
        enabled: false,
        alerts: [],
      });
    } finally {
      await stack.close();
    }
  }, 60_000);
});
