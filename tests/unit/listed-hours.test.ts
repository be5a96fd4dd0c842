import { describe, expect, it } from 'vitest';
import { hoursByFormatAndVersion } from '#shared/catalogue/hours.ts';
import { hourState, hourStateBetween, showtimeEndMs } from '#shared/booking/showtime-clock.ts';
import type { ShowtimeGroupView } from '#shared/views/catalogue.ts';

const hour = (id: number, hhmm: string, date = '2026-11-26') => ({
  id,
  hour: `${hhmm}:00`,
  hourText: hhmm,
  startsAt: `${date}T${hhmm}:00-05:00`,
  endsAt: `${date}T${hhmm}:00-05:00`,
  seats: 10,
});

const group = (
  format: string,
  version: string,
  roomId: number,
  hours: ReturnType<typeof hour>[],
): ShowtimeGroupView => ({
  format,
  version,
  roomId,
  roomName: `Sala ${roomId}`,
  hours,
});

describe("a movie's hours of one date, as listed", () => {
  it('reads in time order within a format and version, whatever the room, each hour naming its room', () => {
    // The card: rooms 1, 3, 6 and VIP read '7:00 p. m., 10:00 p. m., 11:50 a. m., 2:50 p. m.'.
    const rows = hoursByFormatAndVersion([
      group('2D', 'Subtitulada', 1, [hour(1, '19:00')]),
      group('2D', 'Subtitulada', 3, [hour(2, '22:00')]),
      group('2D', 'Subtitulada', 6, [hour(3, '11:50')]),
      group('2D', 'Subtitulada', 10, [hour(4, '14:50')]),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hours.map((listed) => [listed.hour, listed.roomName])).toEqual([
      ['11:50:00', 'Sala 6'],
      ['14:50:00', 'Sala 10'],
      ['19:00:00', 'Sala 1'],
      ['22:00:00', 'Sala 3'],
    ]);
  });

  it("keeps formats and versions apart, in the catalogue's text order", () => {
    const rows = hoursByFormatAndVersion([
      group('3D', 'Doblada', 1, [hour(1, '13:40')]),
      group('2D', 'Subtitulada', 2, [hour(2, '16:40')]),
      group('2D', 'Doblada', 3, [hour(3, '22:40'), hour(4, '10:00')]),
      group('2D', 'Doblada', 4, [hour(5, '12:00')]),
    ]);
    expect(rows.map((row) => `${row.format} ${row.version}`)).toEqual(['2D Doblada', '2D Subtitulada', '3D Doblada']);
    expect(rows[0]!.hours.map((listed) => listed.id)).toEqual([4, 5, 3]);
  });

  it('orders hours of one instant by room (Sala 2 before Sala 10) and leaves the groups given untouched', () => {
    const groups = [group('2D', 'Doblada', 10, [hour(1, '18:00')]), group('2D', 'Doblada', 2, [hour(2, '18:00')])];
    const copy = structuredClone(groups);
    expect(hoursByFormatAndVersion(groups)[0]!.hours.map((listed) => listed.roomName)).toEqual(['Sala 2', 'Sala 10']);
    expect(groups).toEqual(copy);
  });

  it('puts an hour whose instant cannot be read last', () => {
    const broken = { ...hour(9, '08:00'), startsAt: 'nonsense' };
    const rows = hoursByFormatAndVersion([group('2D', 'Doblada', 1, [broken, hour(1, '21:00')])]);
    expect(rows[0]!.hours.map((listed) => listed.id)).toEqual([1, 9]);
  });

  it('lists nothing for no groups', () => {
    expect(hoursByFormatAndVersion([])).toEqual([]);
  });
});

describe('what a listed hour offers as time passes', () => {
  const start = Date.parse('2026-11-26T04:15:00-05:00');
  const end = showtimeEndMs(start, 118);

  it('is a link until it starts, "En curso" while it plays, left out once over', () => {
    expect(hourStateBetween(start, end, start - 1)).toBe('open');
    expect(hourStateBetween(start, end, start)).toBe('playing');
    // The morning: at 4:51 a. m. the 4:15 a. m. showtime is never sold.
    expect(hourStateBetween(start, end, Date.parse('2026-11-26T04:51:00-05:00'))).toBe('playing');
    expect(hourStateBetween(start, end, end - 1)).toBe('playing');
    expect(hourStateBetween(start, end, end)).toBe('ended');
  });

  it("reads the catalogue's ISO instants", () => {
    expect(hourState('2026-11-26T04:15:00-05:00', '2026-11-26T06:13:00-05:00', start - 60_000)).toBe('open');
    expect(hourState('2026-11-26T04:15:00-05:00', '2026-11-26T06:13:00-05:00', start + 60_000)).toBe('playing');
  });

  it('never sells an hour it cannot read', () => {
    expect(hourState('mañana', '2026-11-26T06:13:00-05:00', 0)).toBe('ended');
    expect(hourStateBetween(Number.NaN, Number.NaN, 0)).toBe('ended');
  });

  it('counts a movie of unknown length as two hours', () => {
    expect(showtimeEndMs(start, 118)).toBe(start + 118 * 60_000);
    expect(showtimeEndMs(start, 0)).toBe(start + 120 * 60_000);
    expect(showtimeEndMs(start, Number.NaN)).toBe(start + 120 * 60_000);
  });
});
