import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketViewSchema } from '#shared/views/booking.ts';
import { THEATER_STREET_ADDRESS } from '#shared/theater.ts';
import { bogotaInstant } from '#shared/format/bogota-time.ts';
import { call, registerPerson, SITE_ORIGIN, startStack, tokenInCookie, type Stack } from './harness.ts';
import { pickShowtime } from './booking-helpers.ts';
import { ACCEPTED_CARD, DECLINED_CARD, sandboxBuyer } from './sandbox-purchases.ts';
import { componentsOf, parseIcs, property, text } from '../icalendar-parser.ts';

/** `GET /bff/tickets/:bill/calendar.ics`: "Agregar a mi calendario" for the purchase's owner only. */

let stack: Stack;
let owner: string;
let accepted: string;
let declined: string;

const calendarPath = (bill: string) => `/bff/tickets/${bill}/calendar.ics`;

beforeAll(async () => {
  stack = await startStack();
  owner = (await registerPerson(stack.app)).cookie;
  const buyer = sandboxBuyer(stack, tokenInCookie(stack.app, owner));
  const showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
  accepted = await buyer.payByCard(showtimeId, ACCEPTED_CARD, 1);
  declined = await buyer.payByCard(showtimeId, DECLINED_CARD, 1);
});
afterAll(async () => {
  await stack.close();
});

describe("a ticket's calendar file", () => {
  it('gives the owner the showtime the ticket page shows, as a private download', async () => {
    const answer = await call(stack.app, 'GET', calendarPath(accepted), { cookie: owner });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="viziona-${accepted}.ics"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers.etag).toBeUndefined();

    const ticket = TicketViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/tickets/${accepted}`, { cookie: owner })).body,
    );
    const event = componentsOf(parseIcs(answer.text), 'VEVENT')[0]!;
    const { showtime } = ticket;
    const start = `${showtime.date.replaceAll('-', '')}T${showtime.hour.replaceAll(':', '')}`;
    expect(property(event, 'DTSTART')).toMatchObject({ params: { TZID: 'America/Bogota' }, value: start });
    const end = new Date(
      bogotaInstant(showtime.date, showtime.hour).getTime() + showtime.movie.durationMinutes * 60_000,
    );
    // The end in Bogotá's wall clock is the UTC clock five hours earlier.
    const bogotaEnd = new Date(end.getTime() - 5 * 3_600_000).toISOString().replace(/[-:]|\.\d{3}Z$/g, '');
    expect(property(event, 'DTEND').value).toBe(bogotaEnd);
    expect(text(event, 'SUMMARY')).toBe(`Cine: ${showtime.movie.title} · ${showtime.roomName}`);
    expect(text(event, 'LOCATION')).toContain(THEATER_STREET_ADDRESS);
    const description = text(event, 'DESCRIPTION');
    expect(description).toContain(`Sala: ${showtime.roomName}`);
    expect(description).toContain(ticket.seats.join(', '));
    expect(property(event, 'URL').value).toBe(`${SITE_ORIGIN}/ticket/${accepted}`);
  });

  it('is a 404 for another customer and for a visitor, as if the bill did not exist', async () => {
    const stranger = (await registerPerson(stack.app)).cookie;
    const theirs = await call(stack.app, 'GET', calendarPath(accepted), { cookie: stranger });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const visitor = await call(stack.app, 'GET', calendarPath(accepted));
    expect(visitor.status).toBe(404);
    expect(visitor.body).toEqual(theirs.body);
    const unknown = await call(stack.app, 'GET', calendarPath('VZ999999'), { cookie: owner });
    expect(unknown.status).toBe(404);
    for (const answer of [theirs, visitor, unknown]) expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('is refused for a purchase that was not accepted, and for a malformed bill', async () => {
    const notAccepted = await call(stack.app, 'GET', calendarPath(declined), { cookie: owner });
    expect(notAccepted.status).toBe(409);
    expect(notAccepted.body).toMatchObject({ error: { code: 'TICKET_NOT_READY' } });
    const malformed = await call(stack.app, 'GET', calendarPath('VZ..%2F1'), { cookie: owner });
    expect(malformed.status).toBe(400);
  });

  it('is rate limited per person', async () => {
    const person = (await registerPerson(stack.app)).cookie;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await call(stack.app, 'GET', calendarPath('VZ999999'), { cookie: person })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another person is not held back by it.
    expect((await call(stack.app, 'GET', calendarPath(accepted), { cookie: owner })).status).toBe(200);
  });
});
