import { describe, expect, it } from 'vitest';
import type { Bill } from '#shared/cinema-api/bills.ts';
import { THEATER_STREET_ADDRESS } from '#shared/theater.ts';
import { foldLine, icsDocument, icsText } from '#bff/purchase/bills/icalendar.ts';
import { calendarFileName, ticketCalendar } from '#bff/purchase/bills/ticket-calendar.ts';
import { componentsOf, parseIcs, property, text, unescapeText } from '../icalendar-parser.ts';

const octets = (line: string): number => new TextEncoder().encode(line).length;

function acceptedBill(overrides: { title?: string; duration?: number; hour?: string; date?: string } = {}): Bill {
  return {
    id: 7,
    bill: 'VZ000123',
    created_at: '2026-11-20 10:00:00',
    pay_status: { id: 1, name: 'Aceptada' },
    pay_type: { id: 1, name: 'Boletería' },
    pay_method: 'card',
    theater: { name: 'viziona', fullname: 'Viziona Cinemas – Centro Comercial Viziona Plaza' },
    showtime: {
      id: 41,
      hour_string: '10:30 PM',
      date_string: 'Martes, 2026-12-31',
      function_date: overrides.date ?? '2026-12-31',
      function_hour: overrides.hour ?? '22:30:00',
      movie_format: '3D',
      movie_version: 'Subtitulada',
      room_name: 'Sala 3',
      room: 3,
      movie: {
        id: 1,
        slug: 'la-pelicula',
        title: overrides.title ?? 'La película',
        original_title: 'The movie',
        poster: 'https://img.test/p.jpg',
        duration: overrides.duration ?? 134,
        gender: 'Drama',
        rating: '12 años',
      },
      seats: 80,
    },
    seats: ['F-7', 'F-8'],
    products: [],
    subtotal: 28_000,
    total_service: 4_000,
    total: 32_000,
    codes: [
      { code: 'A1', seat: 'F-7' },
      { code: 'A2', seat: 'F-8' },
    ],
    score_consecutive: 9,
  };
}

const NOW = new Date('2026-11-24T15:04:05.678Z');
const TICKET_URL = 'https://viziona.example/ticket/VZ000123';

function calendarOf(bill: Bill): string {
  const file = ticketCalendar({ bill, ticketUrl: TICKET_URL, now: NOW });
  if (file === null) throw new Error('no calendar for an accepted purchase');
  return file;
}

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    const value = 'Sala 1; sillas F-7, F-8\\ fin\r\nuno\ndos\rtres';
    expect(icsText(value)).toBe('Sala 1\\; sillas F-7\\, F-8\\\\ fin\\nuno\\ndos\\ntres');
    expect(unescapeText(icsText(value))).toBe('Sala 1; sillas F-7, F-8\\ fin\nuno\ndos\ntres');
  });

  it('drops the control characters RFC 5545 forbids (NUL, VT, FF, ESC, the rest of C0 but tab, DEL)', () => {
    const hostile = 'La\u0000 pel\u000bí\u000ccula\u001b[31m\u0007\u0008\u001f\u007f\tfin';
    expect(icsText(hostile)).toBe('La película[31m\tfin');
    // The whole file, with the cinema API's title carrying them: only CRLF line ends and tabs.
    const file = calendarOf(acceptedBill({ title: `Duna\u0000\u000b\u000c\u001b\u007f parte dos` }));
    expect(file).toContain('Duna parte dos');
    // eslint-disable-next-line no-control-regex -- what must not be in the file
    expect(file.replaceAll('\r\n', '').match(/[\u0000-\u0008\u000a-\u001f\u007f]/g)).toBeNull();
  });

  it('folds at 75 octets without cutting a character, and unfolds to the same line', () => {
    const line = `SUMMARY:${'Mañana 🎬 ñandú '.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    // No replacement characters: every multibyte character stayed whole.
    expect(folded).not.toContain('\uFFFD');
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(physical.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    // A line of exactly 75 octets stays whole; one more octet folds it.
    expect(foldLine(`X:${'a'.repeat(73)}`)).not.toContain('\r\n');
    expect(foldLine(`X:${'a'.repeat(74)}`)).toContain('\r\n');
  });

  it('ends every line with CRLF', () => {
    expect(icsDocument(['BEGIN:VCALENDAR', 'END:VCALENDAR'])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});

describe("a ticket's calendar event", () => {
  it('is a valid calendar with the movie, room, seats, theatre and address, in Bogotá time', () => {
    const calendar = parseIcs(calendarOf(acceptedBill()));
    expect(calendar.name).toBe('VCALENDAR');
    expect(property(calendar, 'VERSION').value).toBe('2.0');
    expect(property(calendar, 'PRODID').value).not.toBe('');
    const [zone] = componentsOf(calendar, 'VTIMEZONE');
    expect(property(zone!, 'TZID').value).toBe('America/Bogota');
    const [standard] = componentsOf(zone!, 'STANDARD');
    expect(property(standard!, 'TZOFFSETTO').value).toBe('-0500');
    expect(property(standard!, 'TZOFFSETFROM').value).toBe('-0500');

    const events = componentsOf(calendar, 'VEVENT');
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(property(event, 'UID').value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(property(event, 'UID').value).not.toContain('VZ000123');
    expect(property(event, 'DTSTAMP').value).toBe('20261124T150405Z');
    expect(property(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'America/Bogota' },
      value: '20261231T223000',
    });
    // 22:30 plus 134 minutes crosses midnight into the new year.
    expect(property(event, 'DTEND')).toEqual({
      name: 'DTEND',
      params: { TZID: 'America/Bogota' },
      value: '20270101T004400',
    });
    expect(text(event, 'SUMMARY')).toBe('Cine: La película · Sala 3');
    expect(text(event, 'LOCATION')).toBe(`Viziona Cinemas – Centro Comercial Viziona Plaza, ${THEATER_STREET_ADDRESS}`);
    const description = text(event, 'DESCRIPTION').split('\n');
    expect(description).toEqual([
      'La película (3D, Subtitulada), 134 minutos.',
      'Sala: Sala 3',
      'Sillas: F-7, F-8',
      `Teatro: Viziona Cinemas – Centro Comercial Viziona Plaza, ${THEATER_STREET_ADDRESS}`,
      'Consecutivo: VZ000123',
      `Tus códigos QR: ${TICKET_URL}`,
    ]);
    expect(property(event, 'URL').value).toBe(TICKET_URL);

    const [alarm] = componentsOf(event, 'VALARM');
    expect(property(alarm!, 'ACTION').value).toBe('DISPLAY');
    expect(property(alarm!, 'TRIGGER').value).toBe('-PT60M');
    expect(text(alarm!, 'DESCRIPTION')).toContain('La película');
  });

  it('keeps commas, semicolons, backslashes and long titles readable after folding', () => {
    const title = 'Amor, odio; y un \\ muy largo título de película con tildes: acción, pasión y ñoños en el año';
    const file = calendarOf(acceptedBill({ title }));
    const event = componentsOf(parseIcs(file), 'VEVENT')[0]!;
    expect(text(event, 'SUMMARY')).toBe(`Cine: ${title} · Sala 3`);
    expect(text(event, 'DESCRIPTION').split('\n')[0]).toBe(`${title} (3D, Subtitulada), 134 minutos.`);
  });

  it('gives the same purchase the same UID and another purchase another one', () => {
    const uid = (bill: Bill) => property(componentsOf(parseIcs(calendarOf(bill)), 'VEVENT')[0]!, 'UID').value;
    const other = { ...acceptedBill(), bill: 'VZ000124' };
    expect(uid(acceptedBill())).toBe(uid(acceptedBill()));
    expect(uid(other)).not.toBe(uid(acceptedBill()));
  });

  it('has no end when the catalogue gives no duration', () => {
    const event = componentsOf(parseIcs(calendarOf(acceptedBill({ duration: 0 }))), 'VEVENT')[0]!;
    expect(event.properties.some((entry) => entry.name === 'DTEND')).toBe(false);
    expect(text(event, 'DESCRIPTION').split('\n')[0]).toBe('La película (3D, Subtitulada).');
  });

  it('is refused for a purchase without tickets', () => {
    const pending = { ...acceptedBill(), pay_status: { id: 3, name: 'Pendiente' } };
    expect(ticketCalendar({ bill: pending, ticketUrl: TICKET_URL, now: NOW })).toBeNull();
    const membership = { ...acceptedBill(), showtime: null };
    expect(ticketCalendar({ bill: membership, ticketUrl: TICKET_URL, now: NOW })).toBeNull();
  });

  it('is saved under a name with the bill', () => {
    expect(calendarFileName('VZ000123')).toBe('viziona-VZ000123.ics');
  });
});

describe('the strict reader itself', () => {
  it('refuses what a lenient reader would accept', () => {
    const good = icsDocument(['BEGIN:VCALENDAR', 'VERSION:2.0', 'END:VCALENDAR']);
    expect(() => parseIcs(good)).not.toThrow();
    expect(() => parseIcs(good.replaceAll('\r\n', '\n'))).toThrow(/CRLF/);
    expect(() => parseIcs(`BEGIN:VCALENDAR\r\nX:${'a'.repeat(80)}\r\nEND:VCALENDAR\r\n`)).toThrow(/octets/);
    expect(() => parseIcs('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n')).toThrow(/without its BEGIN/);
    expect(() => unescapeText('a, b')).toThrow(/unescaped/);
    expect(() => unescapeText('a\\tb')).toThrow(/unknown escape/);
  });
});
