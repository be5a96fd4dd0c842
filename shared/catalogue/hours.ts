import type { ShowtimeGroupView, ShowtimeHourView } from '../views/catalogue.ts';

/**
 * How a movie's hours of one date are listed (home, billboard, movie page, room page): one row
 * per format and version, its hours in time order whatever the room, each hour naming its room.
 * The BFF's groups are finer (format, version and room: the filters and the structured data
 * need the room); this folds them for reading.
 */
export interface ListedHour extends ShowtimeHourView {
  roomId: number;
  roomName: string;
}

export interface HoursRow {
  format: string;
  version: string;
  hours: ListedHour[];
}

const byText = (a: string, b: string): number => a.localeCompare(b, 'es-CO', { numeric: true });

/** An instant's epoch milliseconds; an unreadable one sorts last. */
const instantOf = (hour: ShowtimeHourView): number => {
  const ms = Date.parse(hour.startsAt);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/** The groups folded into rows by format and version (in the catalogue's text order), hours by start, then room. */
export function hoursByFormatAndVersion(groups: readonly ShowtimeGroupView[]): HoursRow[] {
  const rows = new Map<string, HoursRow>();
  for (const group of groups) {
    const key = `${group.format}\u0000${group.version}`;
    let row = rows.get(key);
    if (!row) {
      row = { format: group.format, version: group.version, hours: [] };
      rows.set(key, row);
    }
    for (const hour of group.hours) row.hours.push({ ...hour, roomId: group.roomId, roomName: group.roomName });
  }
  const sorted = [...rows.values()].sort((a, b) => byText(a.format, b.format) || byText(a.version, b.version));
  for (const row of sorted)
    row.hours.sort((a, b) => instantOf(a) - instantOf(b) || byText(a.roomName, b.roomName) || a.id - b.id);
  return sorted;
}
