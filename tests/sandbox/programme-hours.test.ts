import { describe, expect, it } from 'vitest';
import { bogotaDate, bogotaInstant } from '#shared/format/bogota-time.ts';
import { SandboxShowtimes } from '../showtimes.ts';
import { SECRETS, TODAY, TOMORROW, startSandbox } from './harness.ts';

/**
 * The seed's "week of programming relative to today" at the hours the suite is proved at
 * (tests/hours.ts): Bogotá's date, not UTC's, is today; a started showtime exists; and what the
 * tests pick by need (tests/showtimes.ts) is there, whatever the hour.
 */

const HOURS = ['00:30', '06:00', '12:00', '18:00', '23:50'];

describe.each(HOURS)('at %s in Bogotá', (hour) => {
  it("lists Bogotá's today first, keeps a started showtime and offers every kind of showtime two hours ahead", async () => {
    const now = bogotaInstant(TODAY, `${hour}:00`);
    const sandbox = await startSandbox({ now: () => now });
    try {
      const dates = (await sandbox.call<{ data: { dates: { function_date: string }[] } }>('dates/viziona')).body.data
        .dates;
      expect(dates[0]?.function_date).toBe(TODAY);
      expect(dates).toHaveLength(8);

      const showtimes = new SandboxShowtimes(sandbox.origin, { secrets: SECRETS, wallClock: false });
      const started = await showtimes.started();
      expect(started.date).toBe(TODAY);
      expect(started.startsAt).toBeLessThanOrEqual(now.getTime());
      for (const needs of [
        { format: '2D', zones: ['General', 'Preferencial'] },
        { format: '3D', zones: ['General'] },
        { zones: ['VIP'] },
      ] as const) {
        const found = await showtimes.find({ ...needs, minutesAhead: 120 });
        expect(found.length, JSON.stringify(needs)).toBeGreaterThan(5);
        expect(found[0]!.startsAt).toBeGreaterThanOrEqual(now.getTime() + 120 * 60_000);
      }
    } finally {
      await sandbox.close();
    }
  });
});

describe('a sandbox that lives past midnight', () => {
  it('has a started showtime on the new day too, and the new day first', async () => {
    const sandbox = await startSandbox({ now: () => bogotaInstant(TODAY, '23:50:00') });
    try {
      const showtimes = new SandboxShowtimes(sandbox.origin, { secrets: SECRETS, wallClock: false });
      expect((await showtimes.started()).date).toBe(TODAY);
      await sandbox.tool('clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 40 * 60 }),
      });
      expect(bogotaDate(new Date(await showtimes.sandboxNow()))).toBe(TOMORROW);
      const dates = (await sandbox.call<{ data: { dates: { function_date: string }[] } }>('dates/viziona')).body.data
        .dates;
      expect(dates[0]?.function_date).toBe(TOMORROW);
      expect(dates).toHaveLength(8);
      expect((await showtimes.started()).date).toBe(TOMORROW);
    } finally {
      await sandbox.close();
    }
  });
});
