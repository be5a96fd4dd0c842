import { describe, expect, it } from 'vitest';
import { NO_BEST_SEATS_MESSAGE, bestSeats } from '#shared/booking/best-seats.ts';
import { isOpenSeat, lonelySeatsLeft, lonelySeatsRefused, segmentsOfRow } from '#shared/booking/lonely-seats.ts';
import type { SeatCell, SeatMap } from '#shared/views/booking.ts';
import { room, seeded } from './seat-rooms.ts';

const notFound = { found: false, message: NO_BEST_SEATS_MESSAGE };

describe("'Elegir las mejores sillas' (the best seats of a zone)", () => {
  it('picks seats side by side, centred, about two thirds back from the screen', () => {
    const rows = Array.from({ length: 10 }, () => 'aaaa_aaaaaaaaaa_aaaa');
    const cinema = room(...rows);
    // Rows A (screen) to J: two thirds back is G; the middle block's seats 5-14 face the centre.
    expect(bestSeats(cinema, { zone: 'General', count: 2 })).toEqual({ found: true, seats: ['G-9', 'G-10'] });
    expect(bestSeats(cinema, { zone: 'General', count: 3 })).toEqual({
      found: true,
      seats: ['G-8', 'G-9', 'G-10'],
    });
    expect(bestSeats(cinema, { zone: 'General', count: 1 })).toEqual({ found: true, seats: ['G-9'] });
  });

  it('is a pure function: the same map gives the same seats and stays as it was', () => {
    const cinema = room('aaaaaa', 'aaoaaa', 'aaaaaa');
    const before = JSON.stringify(cinema);
    const first = bestSeats(cinema, { zone: 'General', count: 2 });
    expect(bestSeats(cinema, { zone: 'General', count: 2 })).toEqual(first);
    expect(JSON.stringify(cinema)).toBe(before);
  });

  it('keeps to the chosen zone', () => {
    const zoned = room('G|aaaaaa', 'G|aaaaaa', 'P|aaaaaa', 'P|aaaaaa');
    // The ideal row is C (Preferencial); in General the nearest to it is B.
    expect(bestSeats(zoned, { zone: 'General', count: 2 })).toEqual({ found: true, seats: ['B-3', 'B-4'] });
    expect(bestSeats(zoned, { zone: 'Preferencial', count: 2 })).toEqual({ found: true, seats: ['C-3', 'C-4'] });
    // In a row of four, the middle two would leave one seat alone on each side.
    expect(bestSeats(room('aaaa'), { zone: 'General', count: 2 })).toEqual({ found: true, seats: ['A-1', 'A-2'] });
  });

  it('never crosses an aisle; split in two, it leaves nobody alone (3 + 1 rather than 2 + 2)', () => {
    const aisled = room('ooo_ooo', 'aaa_aaa', 'ooo_ooo');
    // Four side by side would cross the aisle. Two on each side would leave one seat alone on
    // each side, while three and the fourth across the aisle leave none.
    expect(bestSeats(aisled, { zone: 'General', count: 4 })).toEqual({
      found: true,
      seats: ['B-1', 'B-2', 'B-3', 'B-4'],
    });
  });

  it('splits into the two closest blocks when no row has the seats together', () => {
    const broken = room('aaoaaoaa', 'aaoaaoaa', 'aaoaaoaa', 'aaoaaoaa');
    expect(bestSeats(broken, { zone: 'General', count: 4 })).toEqual({
      found: true,
      seats: ['B-4', 'B-5', 'C-4', 'C-5'],
    });
  });

  it('skips a nearly full row where the seats would leave one alone, and fills it when they fit exactly', () => {
    const nearlyFull = room('aaaaaaaa', 'aaaaaaaa', 'aaaaaaaa', 'aaaaaaaa', 'oooaaaoo', 'aaaaaaaa', 'aaaaaaaa');
    // Row E is the ideal one, but two of its three free seats would leave the third alone.
    expect(bestSeats(nearlyFull, { zone: 'General', count: 2 })).toEqual({ found: true, seats: ['D-4', 'D-5'] });
    expect(bestSeats(nearlyFull, { zone: 'General', count: 3 })).toEqual({
      found: true,
      seats: ['E-4', 'E-5', 'E-6'],
    });
  });

  it('never takes a wheelchair space; asked, it seats the companions beside one', () => {
    const accessible = room('aaaaaaaa', 'aaaaaaaa', 'aaaaaaaa', 'aaaaaaaa', 'aaaaaaaa', 'ddaaaaaa');
    expect(bestSeats(accessible, { zone: 'General', count: 2 })).toEqual({ found: true, seats: ['D-4', 'D-5'] });
    expect(bestSeats(accessible, { zone: 'General', count: 2, besideWheelchairSpace: true })).toEqual({
      found: true,
      seats: ['F-3', 'F-4'],
    });
    expect(bestSeats(room('aaaa', 'aaaa'), { zone: 'General', count: 2, besideWheelchairSpace: true })).toEqual(
      notFound,
    );
  });

  it('beside a wheelchair space, splits with the closest seat when the pair would leave one alone', () => {
    // D-3 and D-4 would leave D-5 alone against the aisle: D-3, and C-3 just in front of it.
    const accessible = room('aaaaa_aaaa', 'aaaaa_aaaa', 'aaaaa_aaaa', 'ddaaa_aaaa');
    expect(bestSeats(accessible, { zone: 'General', count: 2, besideWheelchairSpace: true })).toEqual({
      found: true,
      seats: ['C-3', 'D-3'],
    });
  });

  it('says so when the zone has no room for that many', () => {
    const full = room('G|oooo', 'G|oooo', 'P|aaaa');
    expect(bestSeats(full, { zone: 'General', count: 1 })).toEqual(notFound);
    expect(bestSeats(room('aaoo', 'oooa'), { zone: 'General', count: 4 })).toEqual(notFound);
    expect(bestSeats(room('aaaa'), { zone: 'General', count: 0 })).toEqual(notFound);
    expect(notFound.message).toBe('No hay sillas disponibles para esa cantidad en esta zona.');
  });

  it('takes the last seats of a nearly full zone even when one is left alone (nothing else could avoid it)', () => {
    const lastThree = room('ooaaao', 'oooooo');
    const picked = bestSeats(lastThree, { zone: 'General', count: 2 });
    expect(picked.found).toBe(true);
    if (picked.found) expect(lonelySeatsLeft(lastThree, 'General', picked.seats)).toHaveLength(1);
  });

  it('on random rooms: picks open seats of the zone, in at most two blocks, that the BFF’s rule accepts', () => {
    const random = seeded(22);
    for (let trial = 0; trial < 300; trial += 1) {
      const map = randomRoom(random);
      const count = 1 + Math.floor(random() * 8);
      const zone = random() < 0.5 ? 'General' : 'Preferencial';
      const picked = bestSeats(map, { zone, count });
      const singleBlockExists = hasCleanBlock(map, zone, count);
      const context = `trial ${trial}, ${count} in ${zone}`;
      if (!picked.found) {
        expect(singleBlockExists, context).toBe(false);
        continue;
      }
      const byId = new Map(
        map.rows.flatMap((row) => row.cells.flatMap((cell) => (cell.kind === 'seat' ? [[cell.id, cell]] : []))),
      );
      expect(new Set(picked.seats).size, context).toBe(count);
      for (const id of picked.seats) expect(isOpenSeat(byId.get(id), zone), `${context}: ${id}`).toBe(true);
      expect(lonelySeatsRefused(map, zone, picked.seats), context).toEqual([]);
      expect(blocksIn(map, picked.seats), context).toBeLessThanOrEqual(singleBlockExists ? 1 : 2);
    }
  });
});

/** A room of 4 to 12 rows, two zones, aisles, wheelchair spaces and 0 to 90 % of its seats taken. */
function randomRoom(random: () => number): SeatMap {
  const rows = 4 + Math.floor(random() * 9);
  const width = 6 + Math.floor(random() * 15);
  const aisles = new Set(
    Array.from({ length: Math.floor(random() * 3) }, () => 1 + Math.floor(random() * (width - 2))),
  );
  const taken = random() * 0.9;
  return room(
    ...Array.from({ length: rows }, (_, index) => {
      const zone = index < rows / 2 ? 'G' : 'P';
      const cells = Array.from({ length: width }, (_, column) => {
        if (aisles.has(column)) return '_';
        if (index === rows - 1 && column < 2) return 'd';
        return random() < taken ? 'o' : 'a';
      });
      return `${zone}|${cells.join('')}`;
    }),
  );
}

/** Whether some run of `count` open seats side by side leaves nobody alone. */
function hasCleanBlock(map: SeatMap, zone: string, count: number): boolean {
  return map.rows.some((row) =>
    segmentsOfRow(row).some((segment) =>
      segment.some((_, start) => {
        const block = segment.slice(start, start + count);
        return (
          block.length === count &&
          block.every((cell) => isOpenSeat(cell, zone)) &&
          lonelySeatsLeft(
            map,
            zone,
            block.map((cell) => cell.id),
          ).length === 0
        );
      }),
    ),
  );
}

/** How many runs of seats side by side (within a row, between aisles) the seats make. */
function blocksIn(map: SeatMap, ids: readonly string[]): number {
  const chosen = new Set(ids);
  let blocks = 0;
  for (const row of map.rows) {
    for (const segment of segmentsOfRow(row)) {
      segment.forEach((cell: SeatCell, index) => {
        if (chosen.has(cell.id) && !chosen.has(segment[index - 1]?.id ?? '')) blocks += 1;
      });
    }
  }
  return blocks;
}
