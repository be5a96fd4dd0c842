/**
 * `count` free seats, first ones first, from runs of free seats side by side (as the seat map
 * lays them out: 'F-7' labels, each run ended by an aisle, a taken seat or the row's end), that
 * leave no seat alone (the BFF refuses that): each run gives seats from its start, all of them
 * or at least two fewer. Shared by the Playwright journeys and the engine tests.
 */
export function seatsLeavingNoneAlone(runs: ReadonlyArray<ReadonlyArray<string>>, count: number): string[] {
  const seats: string[] = [];
  for (const run of runs) {
    let take = Math.min(count - seats.length, run.length);
    if (take === run.length - 1) take -= 1;
    seats.push(...run.slice(0, take));
    if (seats.length === count) return seats;
  }
  throw new Error(`no ${count} free seats that leave none alone`);
}
