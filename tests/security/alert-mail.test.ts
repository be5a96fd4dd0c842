import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMIT, ALERT_MESSAGES } from '#shared/alerts/rules.ts';
import type { AlertsView } from '#shared/views/alerts.ts';
import { call, outbox, registerPerson, registerVerifiedPerson, type Replicas } from '../bff/harness.ts';
import { RELEASES, ask, mailsTo, programme, startMailingReplicas } from '../bff/alerts-helpers.ts';
import type { SmtpRelay } from '../bff/smtp-relay.ts';
import { eventBody, operatorClient } from '../bff/waiting-room-helpers.ts';

/**
 * The finding (issue 39): "Avísame" mailed any address anybody registered, on request. Now:
 * only an address its owner verified gets alert e-mails (an unverified one hears why, and how to
 * fix it); every alert e-mail carries `List-Unsubscribe` with one-click `List-Unsubscribe-Post`
 * (RFC 8058), whose POST (what a mail provider sends: no session, no same-origin header, from
 * its own servers) cancels that alert on any replica; and the plain part never turns the cinema
 * API's title into a link. Two replicas share a real Redis and a real SMTP relay.
 */

let stack: Awaited<ReturnType<typeof startMailingReplicas>>;
let relay: SmtpRelay;
let replicas: Replicas;

beforeAll(async () => {
  stack = await startMailingReplicas();
  ({ relay, replicas } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const [first, second] = [() => replicas.apps[0]!, () => replicas.apps[1]!];
const alertsOf = async (cookie: string) =>
  ((await call(first(), 'GET', '/bff/alerts', { cookie })).body as AlertsView).alerts.map((alert) => alert.movie);

/** What a mail provider sends when the person presses its "unsubscribe" (RFC 8058, section 3.1). */
async function oneClick(url: string, contentType = 'application/x-www-form-urlencoded') {
  const { pathname, search } = new URL(url);
  const body =
    contentType === 'application/x-www-form-urlencoded'
      ? 'List-Unsubscribe=One-Click'
      : '--limite\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--limite--\r\n';
  return second().inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: {
      'content-type': contentType === 'multipart' ? 'multipart/form-data; boundary=limite' : contentType,
      origin: 'https://mail-provider.example',
      'user-agent': 'MailProviderUnsubscriber/1.0',
    },
    payload: body,
  });
}

const tokenOf = (url: string): string => new URL(url).searchParams.get('token') ?? '';

const unsubscribeUrl = (header: string | undefined): string => {
  const match = /<(https?:\/\/[^>]+)>/.exec(header ?? '');
  if (!match?.[1]) throw new Error(`no https link in List-Unsubscribe: ${header}`);
  return match[1];
};

describe('alert e-mails go only to verified addresses', () => {
  it('refuses an unverified address with a Spanish message and a code, keeps and mails nothing; once verified it is served', async () => {
    const stranger = await registerPerson(first());
    const movie = RELEASES[0];
    const refused = await ask(first(), stranger.cookie, movie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: ALERT_MESSAGES.unverified } });
    expect(await alertsOf(stranger.cookie)).toEqual([]);

    // The same person verifies with the code they were mailed, and asks again.
    const [code] = (await outbox(replicas, stranger.email)).filter((mail) => mail.kind === 'verification-code');
    const verified = await call(second(), 'POST', '/bff/verification/validate', {
      cookie: stranger.cookie,
      body: { code: code?.code },
    });
    expect(verified.status).toBe(200);
    const asked = await ask(second(), verified.cookie ?? stranger.cookie, movie);
    expect(asked.status).toBe(200);
    await programme(replicas.sandboxUrl, movie);
    expect((await first().alerts.checkNow()).sent).toBe(1);
    expect(mailsTo(relay, stranger.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post; the provider’s POST cancels that alert alone, without a session, on either replica', async () => {
    const person = await registerVerifiedPerson(first(), replicas);
    const [movie, other] = [RELEASES[1], RELEASES[2]];
    expect((await ask(first(), person.cookie, movie)).status).toBe(200);
    expect((await ask(first(), person.cookie, other)).status).toBe(200);
    await programme(replicas.sandboxUrl, movie);
    expect((await second().alerts.checkNow()).sent).toBe(1);
    const [mail] = mailsTo(relay, person.email);
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = unsubscribeUrl(mail?.headers.get('list-unsubscribe'));
    expect(url).toMatch(/^http:\/\/localhost:4321\/bff\/alerts\/unsubscribe\?token=[A-Za-z0-9_-]{40,}$/);
    // The link names nobody in the clear.
    expect(url).not.toContain(person.email.split('@')[0]);
    expect(url).not.toContain(movie);
    // The plain part offers the same cancellation to a person, on the site.
    expect(mail?.text).toContain(`http://localhost:4321/avisos/cancelar/${tokenOf(url)}`);

    // A link scanner (or a person) opening it is sent to the site's page, which asks first.
    const opened = await call(first(), 'GET', `${new URL(url).pathname}${new URL(url).search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/avisos/cancelar/${tokenOf(url)}`);
    expect(await alertsOf(person.cookie)).toEqual(expect.arrayContaining([movie, other]));

    const answer = await oneClick(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ movie, title: 'Viaje al Centro del Mar', alreadyCancelled: false });
    expect(await alertsOf(person.cookie)).toEqual([other]);
    // Pressed again (or the multipart form RFC 8058 prefers): the same answer, nothing else gone.
    const again = await oneClick(url, 'multipart');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ movie, alreadyCancelled: true });
    expect(await alertsOf(person.cookie)).toEqual([other]);
  });

  const keepAlertFromBeforeTheSale = (email: string, movie: string) =>
    first().alerts.store.add(
      email,
      { movie, title: 'Tormenta Solar', createdAt: Date.now(), hadShowtimes: true, sentAt: null, reason: null },
      ALERT_LIMIT,
    );

  it('cancels nothing for a forged, altered or stale token', async () => {
    const person = await registerVerifiedPerson(first(), replicas);
    const movie = 'tormenta-solar';
    // The presale sells its showtimes already, so asking now is refused (MOVIE_ON_SALE): the
    // alert is one kept from before it sold, which still waits for its waiting room.
    await keepAlertFromBeforeTheSale(person.email, movie);
    const ops = await operatorClient(first());
    const event = eventBody('baja-un-clic', { kind: 'movies', movieSlugs: [movie] });
    try {
      expect((await ops.send('POST', '/waiting-room/events', event)).status).toBe(201);
      for (const app of replicas.apps) await app.waitingRoom.service.registry.refresh();
      expect((await first().alerts.checkNow()).sent).toBe(1);
      const url = unsubscribeUrl(mailsTo(relay, person.email)[0]?.headers.get('list-unsubscribe'));
      const token = tokenOf(url);
      const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
      for (const forged of [altered, 'A'.repeat(token.length), `${token}x`, 'x', 'a'.repeat(900)]) {
        const answer = await oneClick(`http://localhost:4321/bff/alerts/unsubscribe?token=${forged}`);
        expect([400, 404], forged.slice(0, 30)).toContain(answer.statusCode);
        expect(answer.json()).toMatchObject({ error: { code: expect.any(String) } });
      }
      expect(await alertsOf(person.cookie)).toEqual([movie]);

      // The person cancels in their profile and asks again: the old e-mail's link is stale.
      expect((await call(first(), 'DELETE', `/bff/alerts/${movie}`, { cookie: person.cookie })).status).toBe(200);
      await keepAlertFromBeforeTheSale(person.email, movie);
      const stale = await oneClick(url);
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toMatchObject({ alreadyCancelled: true });
      expect(await alertsOf(person.cookie)).toEqual([movie]);
    } finally {
      await ops.send('POST', '/waiting-room/events/baja-un-clic/end');
      await ops.close();
    }
  });
});

describe("the cinema API's title in the e-mail", () => {
  it('is never a link in the plain part, nor in the HTML, and still reads as the title', async () => {
    const person = await registerVerifiedPerson(first(), replicas);
    const movie = RELEASES[0];
    await programme(replicas.sandboxUrl, movie);
    const title = 'Gana boletas en https://evil.example/premio o www.evil.example, escribe a premios@evil.example';
    // As the cinema API would have named it when the person asked.
    await first().alerts.store.add(
      person.email,
      { movie, title, createdAt: Date.now(), hadShowtimes: false, sentAt: null, reason: null },
      50,
    );
    expect((await first().alerts.checkNow()).sent).toBe(1);
    const [mail] = mailsTo(relay, person.email);
    for (const part of [mail?.text ?? '', mail?.html ?? '', mail?.subject ?? '']) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toMatch(/www\.evil/);
      expect(part).not.toMatch(/evil\.example/);
      expect(part).not.toMatch(/premios@evil/);
    }
    // What the person reads is still the title (the marks that break the links are invisible).
    expect(mail?.text.replace(/\u200B/g, '')).toContain(title);
    // Our own links are links.
    expect(mail?.text).toContain(`http://localhost:4321/viziona/pelicula/${movie}`);
  });
});
