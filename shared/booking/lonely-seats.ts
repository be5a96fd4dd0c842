import type { SeatCell, SeatMap, SeatRow } from '../views/booking.ts';

/**
 * The single-seat rule of large ticketing systems: a selection may not leave exactly one free
 * seat between a chosen seat and a taken seat, the end of its row, an aisle or another chosen
 * seat. The purchase page says so before 'Continuar con la compra' and the BFF refuses the same
 * hold, both with this module. A selection that cannot avoid it (no other choice of as many
 * seats in the zone leaves none alone: the last seats of a nearly full zone) is allowed.
 *
 * Only seats of the chosen zone count as free here: a seat of another zone cannot be chosen
 * with them, so it bounds a run like a taken seat does. A seat held by this person ('mine') is
 * free: the new selection replaces that hold.
 */
export const LONELY_SEAT_MESSAGE =
  'Tu selección deja una silla sola. Elige la silla de al lado o deja un espacio de al menos dos.';

/** The seats of a row between two aisles (or the row's ends), left to right. */
export function segmentsOfRow(row: SeatRow): SeatCell[][] {
  const segments: SeatCell[][] = [];
  let current: SeatCell[] = [];
  for (const cell of row.cells) {
    if (cell.kind === 'seat') {
      current.push(cell);
      continue;
    }
    if (current.length > 0) segments.push(current);
    current = [];
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

const rowSegments = (map: SeatMap): SeatCell[][] => map.rows.flatMap(segmentsOfRow);

/** A seat the person could choose in `zone`: free (or theirs) and of that zone. */
export const isOpenSeat = (cell: SeatCell | undefined, zone: string): cell is SeatCell =>
  cell !== undefined && cell.zone === zone && (cell.state === 'available' || cell.state === 'mine');

/**
 * The free seats of `zone` that `chosen` would leave alone, in map order: each with a chosen
 * seat on one side and, on the other, a chosen or taken seat, an aisle or the row's end.
 */
export function lonelySeatsLeft(map: SeatMap, zone: string, chosen: readonly string[]): string[] {
  if (chosen.length === 0) return [];
  const picked = new Set(chosen);
  const stillFree = (cell: SeatCell | undefined) => isOpenSeat(cell, zone) && !picked.has(cell.id);
  const isPicked = (cell: SeatCell | undefined) => cell !== undefined && picked.has(cell.id);
  const lonely: string[] = [];
  for (const segment of rowSegments(map)) {
    segment.forEach((cell, index) => {
      if (!stillFree(cell)) return;
      const left = segment[index - 1];
      const right = segment[index + 1];
      if (stillFree(left) || stillFree(right)) return;
      if (isPicked(left) || isPicked(right)) lonely.push(cell.id);
    });
  }
  return lonely;
}

/**
 * True when some choice of `count` seats of `zone` leaves no seat alone. A run of L free seats
 * (between taken seats, aisles or row ends) gives 0 to L - 2 seats from one of its ends, or all
 * L; never L - 1, which leaves one. So the counts the zone can give are the sums of one such
 * count per run.
 */
export function canAvoidLonelySeats(map: SeatMap, zone: string, count: number): boolean {
  if (count <= 0) return true;
  let reachable = new Set<number>([0]);
  for (const segment of rowSegments(map)) {
    for (const run of freeRunLengths(segment, zone)) {
      const next = new Set(reachable);
      for (const sum of reachable) {
        for (let take = 1; take <= run && sum + take <= count; take += 1) if (take !== run - 1) next.add(sum + take);
      }
      reachable = next;
      if (reachable.has(count)) return true;
    }
  }
  return reachable.has(count);
}

function freeRunLengths(segment: readonly SeatCell[], zone: string): number[] {
  const runs: number[] = [];
  let length = 0;
  for (const cell of segment) {
    if (isOpenSeat(cell, zone)) {
      length += 1;
      continue;
    }
    if (length > 0) runs.push(length);
    length = 0;
  }
  if (length > 0) runs.push(length);
  return runs;
}

/**
 * The rule as the page and the BFF apply it: the seats `chosen` (of `zone`) would leave alone,
 * or [] when none, or when no choice of as many seats could avoid it.
 */
export function lonelySeatsRefused(map: SeatMap, zone: string, chosen: readonly string[]): string[] {
  const lonely = lonelySeatsLeft(map, zone, chosen);
  if (lonely.length === 0 || !canAvoidLonelySeats(map, zone, chosen.length)) return [];
  return lonely;
}
