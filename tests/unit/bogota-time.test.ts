import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import {
  BOGOTA_TIME_ZONE,
  bogotaDate,
  bogotaDateTime,
  bogotaInstant,
  bogotaTime,
  bogotaTimestamp,
  bogotaToday,
  parseBogotaTimestamp,
} from '#shared/format/bogota-time.ts';
import { isCardExpired } from '#shared/validation/payment.ts';

const utc = (text: string): number => Date.parse(text);

describe('Bogotá time from an instant', () => {
  it('is five hours behind UTC, so the evening is already tomorrow in UTC', () => {
    expect(bogotaTimestamp(utc('2026-11-25T04:50:00Z'))).toBe('2026-11-24 23:50:00');
    expect(bogotaDate(new Date('2026-11-25T04:50:00Z'))).toBe('2026-11-24');
    expect(bogotaTime(new Date('2026-11-25T04:50:00Z'))).toBe('23:50:00');
  });

  it('turns the day at midnight in Bogotá, 05:00 UTC', () => {
    expect(bogotaTimestamp(utc('2026-11-25T04:59:59Z'))).toBe('2026-11-24 23:59:59');
    expect(bogotaTimestamp(utc('2026-11-25T05:00:00Z'))).toBe('2026-11-25 00:00:00');
  });

  it('turns the year at midnight in Bogotá too', () => {
    expect(bogotaTimestamp(utc('2027-01-01T04:30:00Z'))).toBe('2026-12-31 23:30:00');
    expect(bogotaTimestamp(utc('2027-01-01T05:30:00Z'))).toBe('2027-01-01 00:30:00');
  });

  it('agrees with the time zone database at every hour of a year', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: BOGOTA_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const disagreements: string[] = [];
    // Every 61 minutes over a year: every hour of the day, on every day.
    for (let instant = utc('2026-01-01T00:00:00Z'); instant < utc('2027-01-01T00:00:00Z'); instant += 61 * 60_000) {
      const expected = zone.format(instant).replace(', ', ' ');
      if (bogotaTimestamp(instant) !== expected) disagreements.push(`${new Date(instant).toISOString()}: ${expected}`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('today in Bogotá', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the Bogotá date of the wall clock, not the UTC one, at night', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T04:30:00Z'), toFake: ['Date'] });
    expect(bogotaToday()).toBe('2026-11-24');
    vi.setSystemTime(new Date('2026-11-25T05:30:00Z'));
    expect(bogotaToday()).toBe('2026-11-25');
  });
});

describe('an instant from Bogotá time', () => {
  it('reads a wall-clock date and time as UTC-5, across UTC midnight', () => {
    expect(bogotaInstant('2026-11-24', '23:50:00').toISOString()).toBe('2026-11-25T04:50:00.000Z');
    expect(bogotaInstant('2026-11-24', '00:30').toISOString()).toBe('2026-11-24T05:30:00.000Z');
    expect(bogotaInstant('2026-11-24').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(Number.isNaN(bogotaInstant('2026-13-01').getTime())).toBe(true);
  });

  it("parses the cinema API's timestamps, and is the inverse of bogotaTimestamp", () => {
    expect(parseBogotaTimestamp('2026-11-24 23:59:59')).toBe(utc('2026-11-25T04:59:59Z'));
    expect(parseBogotaTimestamp(' 2026-11-24T23:59 ')).toBe(utc('2026-11-25T04:59:00Z'));
    for (const instant of [utc('2026-11-25T04:59:59Z'), utc('2026-11-25T05:00:00Z'), utc('2027-01-01T04:30:00Z')]) {
      expect(parseBogotaTimestamp(bogotaTimestamp(instant))).toBe(instant);
    }
  });

  it('refuses a malformed timestamp with NaN', () => {
    for (const text of ['', 'mañana', '2026-11-24', '2026-11-24 7:30', '2026-11-24 23:59:59-05:00']) {
      expect(parseBogotaTimestamp(text)).toBeNaN();
    }
  });

  it("writes a theater's date and hour as ISO 8601 with Bogotá's offset", () => {
    expect(bogotaDateTime('2026-11-22', '19:30:00')).toBe('2026-11-22T19:30:00-05:00');
    expect(bogotaDateTime('2026-11-22', '9:05')).toBe('2026-11-22T09:05:00-05:00');
    expect(bogotaDateTime('2026-11-22', 'tarde')).toBeNull();
    expect(bogotaDateTime('pronto', '19:30:00')).toBeNull();
  });
});

describe('rules that read Bogotá time at night', () => {
  it('starts a late showtime after UTC midnight', () => {
    const start = utc('2026-11-25T04:30:00Z');
    expect(hasShowtimeStarted('2026-11-24', '23:30:00', start - 1)).toBe(false);
    expect(hasShowtimeStarted('2026-11-24', '23:30:00', start)).toBe(true);
  });

  it('expires a card when the month turns in Bogotá, not in UTC', () => {
    // 22:00 on 30 November in Bogotá is already December in UTC.
    expect(isCardExpired(11, 2026, utc('2026-12-01T03:00:00Z'))).toBe(false);
    expect(isCardExpired(11, 2026, utc('2026-12-01T05:00:00Z'))).toBe(true);
  });
});
