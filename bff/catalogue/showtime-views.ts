import type { DateOption, Showtime } from '#shared/cinema-api/catalogue.ts';
import { showtimeEndMs } from '#shared/booking/showtime-clock.ts';
import { BOGOTA_UTC_OFFSET, bogotaDate, bogotaDateTime, bogotaTime } from '#shared/format/bogota-time.ts';
import { formatDateButton, formatHour, formatLongDate } from '#shared/format/dates.ts';
import type { DateOptionView, ShowtimeGroupView, ShowtimeHourView } from '#shared/views/catalogue.ts';

/** A date picker button. The upstream `date_string` is only used for its day, never trusted for layout. */
function toDateOption(date: string): DateOptionView {
  const button = formatDateButton(date);
  return { date, weekday: button.weekday, day: button.day, label: formatLongDate(date) };
}

/** The upstream date list, de-duplicated and in calendar order. */
export function toDateOptions(options: ReadonlyArray<Pick<DateOption, 'function_date'>>): DateOptionView[] {
  return [...new Set(options.map((option) => option.function_date))].sort().map(toDateOption);
}

/** The dates that have at least one showtime, in calendar order. */
export function datesOfShowtimes(showtimes: ReadonlyArray<Pick<Showtime, 'function_date'>>): DateOptionView[] {
  return toDateOptions(showtimes);
}

/** An instant as ISO 8601 with Bogotá's offset ('2026-11-26T21:05:00-05:00'); the input when unreadable. */
function bogotaIso(ms: number, fallback: string): string {
  return Number.isNaN(ms) ? fallback : `${bogotaDate(ms)}T${bogotaTime(ms)}${BOGOTA_UTC_OFFSET}`;
}

function toHour(showtime: Showtime): ShowtimeHourView {
  const startsAt =
    bogotaDateTime(showtime.function_date, showtime.function_hour) ??
    `${showtime.function_date}T${showtime.function_hour}`;
  return {
    id: showtime.id,
    hour: showtime.function_hour,
    hourText: formatHour(showtime.function_hour),
    startsAt,
    endsAt: bogotaIso(showtimeEndMs(Date.parse(startsAt), showtime.movie.duration), startsAt),
    seats: showtime.seats,
  };
}

const byText = (a: string, b: string): number => a.localeCompare(b, 'es-CO', { numeric: true });

/**
 * Showtimes of one movie grouped by format, version and room, each group's hours in order:
 * the layout of the movie page ("2D · Doblada · Sala 3: 2:00 p. m., 7:30 p. m.").
 */
export function groupShowtimes(showtimes: ReadonlyArray<Showtime>): ShowtimeGroupView[] {
  const groups = new Map<string, ShowtimeGroupView>();
  for (const showtime of showtimes) {
    const key = `${showtime.movie_format}\u0000${showtime.movie_version}\u0000${showtime.room}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        format: showtime.movie_format,
        version: showtime.movie_version,
        roomId: showtime.room,
        roomName: showtime.room_name,
        hours: [],
      };
      groups.set(key, group);
    }
    group.hours.push(toHour(showtime));
  }
  const sorted = [...groups.values()].sort(
    (a, b) => byText(a.format, b.format) || byText(a.version, b.version) || byText(a.roomName, b.roomName),
  );
  for (const group of sorted) group.hours.sort((a, b) => a.hour.localeCompare(b.hour) || a.id - b.id);
  return sorted;
}

/** Showtimes split by calendar date, dates in order. */
export function showtimesByDate(showtimes: ReadonlyArray<Showtime>): Map<string, Showtime[]> {
  const days = new Map<string, Showtime[]>();
  for (const showtime of [...showtimes].sort((a, b) => a.function_date.localeCompare(b.function_date))) {
    const list = days.get(showtime.function_date) ?? [];
    list.push(showtime);
    days.set(showtime.function_date, list);
  }
  return days;
}
