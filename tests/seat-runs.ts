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

/**
 * In the page: the free seats of the map's zone shown, as runs side by side (an aisle, a seat
 * not free or the row's end closes a run), 'F-7' labels in map order. Self-contained, so a
 * browser can run it (Playwright's `evaluate`, the engines' `page.run`); `grid` defaults to the
 * page's seat map.
 */
export function freeSeatRuns(grid?: Element): string[][] {
  const runs: string[][] = [];
  const map = grid ?? document.querySelector('[role="grid"]');
  for (const row of map?.querySelectorAll('[role="row"]') ?? []) {
    let run: string[] = [];
    for (const cell of row.querySelectorAll('[role="gridcell"]')) {
      const seat = cell.querySelector<HTMLButtonElement>('button[data-seat]');
      if (seat?.dataset.seat && seat.getAttribute('aria-label')?.endsWith(', disponible')) {
        run.push(seat.dataset.seat);
        continue;
      }
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}
