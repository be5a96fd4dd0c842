import type { SeatCell, SeatMap } from '../views/booking.ts';
import { canAvoidLonelySeats, isOpenSeat, lonelySeatsLeft, segmentsOfRow } from './lonely-seats.ts';

/**
 * 'Elegir las mejores sillas': `count` seats side by side in the chosen zone, as the cinema
 * systems behind the big chains pick them. A pure function of the seat map (the purchase page
 * runs it; the seats it answers are then picked as if clicked).
 *
 * - The best place is centred and about two thirds back from the screen: a block costs its
 *   distance to that point, rows measured against the room's depth and columns against its
 *   width, each from 0 (there) to 1 (the far end).
 * - A block never crosses an aisle or a gap, and never takes a wheelchair space: the web does
 *   not sell those (document 2: 'Discapacitado' seats are unavailable). Asked to sit beside one
 *   (`besideWheelchairSpace`, the person's companions), the block must touch a wheelchair
 *   space of its row; the space itself is given at the box office.
 * - When no block fits, the best split into two blocks: their seats' costs, how far apart the
 *   two blocks are, and a little for an uneven split (2 + 2 before 3 + 1).
 * - It never leaves a seat alone (`lonely-seats.ts`) when some choice of as many seats could
 *   avoid it, so the BFF's rule never refuses what it picks.
 */
export const NO_BEST_SEATS_MESSAGE = 'No hay sillas disponibles para esa cantidad en esta zona.';

/** Where the best row is, from the first row (0) to the last (1). */
const IDEAL_DEPTH = 2 / 3;
/** For a split into two: the cheapest larger blocks tried, and the closest partners kept for each. */
const SPLIT_CANDIDATES = 24;
const SPLIT_PARTNERS = 8;
const UNEVEN_SPLIT_COST = 0.1;

export interface BestSeatsRequest {
  zone: string;
  count: number;
  /** Seats beside a wheelchair space (for the companions of a person who uses one). */
  besideWheelchairSpace?: boolean;
}

export type BestSeats = { found: true; seats: string[] } | { found: false; message: string };

interface Geometry {
  idealRow: number;
  rowSpan: number;
  centreColumn: number;
  columnSpan: number;
}

interface Block {
  row: number;
  seats: SeatCell[];
  centre: number;
  cost: number;
}

export function bestSeats(map: SeatMap, request: BestSeatsRequest): BestSeats {
  const { zone, count } = request;
  const geometry = geometryOf(map);
  if (!geometry || !Number.isInteger(count) || count < 1) return notFound();
  // Picking seats that leave one alone is allowed only when every choice of `count` would.
  const mustAvoidLonely = canAvoidLonelySeats(map, zone, count);
  const acceptable = (seats: readonly SeatCell[]) =>
    !mustAvoidLonely ||
    lonelySeatsLeft(
      map,
      zone,
      seats.map((seat) => seat.id),
    ).length === 0;

  const beside = request.besideWheelchairSpace === true;
  const single = blocksOf(map, geometry, zone, count, beside).find((block) => acceptable(block.seats));
  if (single) return found([single]);

  const splits: Array<{ blocks: Block[]; seats: SeatCell[]; cost: number }> = [];
  for (let larger = count - 1; larger >= Math.ceil(count / 2); larger -= 1) {
    const smaller = count - larger;
    const uneven = (UNEVEN_SPLIT_COST * (larger - smaller)) / count;
    const second = blocksOf(map, geometry, zone, smaller, false);
    for (const a of blocksOf(map, geometry, zone, larger, beside).slice(0, SPLIT_CANDIDATES)) {
      // Every smaller block is a partner candidate (the closest may be far down the cost list).
      const partners = second
        .filter((b) => !a.seats.some((seat) => b.seats.includes(seat)))
        .map((b) => ({
          b,
          cost:
            (a.cost * larger + b.cost * smaller) / count +
            Math.abs(a.row - b.row) / geometry.rowSpan +
            Math.abs(a.centre - b.centre) / geometry.columnSpan +
            uneven,
        }))
        .sort((x, y) => x.cost - y.cost)
        .slice(0, SPLIT_PARTNERS);
      for (const { b, cost } of partners) splits.push({ blocks: [a, b], seats: [...a.seats, ...b.seats], cost });
    }
  }
  splits.sort((a, b) => a.cost - b.cost);
  const split = splits.find((candidate) => acceptable(candidate.seats));
  return split ? found(split.blocks) : notFound();
}

const notFound = (): BestSeats => ({ found: false, message: NO_BEST_SEATS_MESSAGE });

/** The blocks' seats in map order: the row nearest the screen first, left to right. */
function found(blocks: readonly Block[]): BestSeats {
  const ordered = [...blocks].sort((a, b) => a.row - b.row || a.centre - b.centre);
  return { found: true, seats: ordered.flatMap((block) => block.seats.map((seat) => seat.id)) };
}

function geometryOf(map: SeatMap): Geometry | null {
  let firstRow = Infinity;
  let lastRow = -Infinity;
  let firstColumn = Infinity;
  let lastColumn = -Infinity;
  for (const row of map.rows) {
    for (const cell of row.cells) {
      if (cell.kind !== 'seat') continue;
      firstRow = Math.min(firstRow, row.index);
      lastRow = Math.max(lastRow, row.index);
      firstColumn = Math.min(firstColumn, cell.column);
      lastColumn = Math.max(lastColumn, cell.column);
    }
  }
  if (firstRow === Infinity) return null;
  return {
    idealRow: firstRow + (lastRow - firstRow) * IDEAL_DEPTH,
    rowSpan: Math.max(1, lastRow - firstRow),
    centreColumn: (firstColumn + lastColumn) / 2,
    columnSpan: Math.max(1, lastColumn - firstColumn),
  };
}

/** Every run of `size` open seats of the zone side by side, cheapest first. */
function blocksOf(map: SeatMap, geometry: Geometry, zone: string, size: number, besideWheelchair: boolean): Block[] {
  const blocks: Block[] = [];
  for (const row of map.rows) {
    for (const segment of segmentsOfRow(row)) {
      let open = 0;
      segment.forEach((cell, index) => {
        open = isOpenSeat(cell, zone) ? open + 1 : 0;
        if (open < size) return;
        const start = index - size + 1;
        if (besideWheelchair && !isWheelchairSpace(segment[start - 1]) && !isWheelchairSpace(segment[index + 1]))
          return;
        const seats = segment.slice(start, index + 1);
        const centre = ((seats[0]?.column ?? cell.column) + cell.column) / 2;
        const cost =
          Math.abs(row.index - geometry.idealRow) / geometry.rowSpan +
          Math.abs(centre - geometry.centreColumn) / geometry.columnSpan;
        blocks.push({ row: row.index, seats, centre, cost });
      });
    }
  }
  return blocks.sort((a, b) => a.cost - b.cost || a.row - b.row || a.centre - b.centre);
}

const isWheelchairSpace = (cell: SeatCell | undefined): boolean => cell?.state === 'disabled';
