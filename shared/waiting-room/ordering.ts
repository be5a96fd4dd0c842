/**
 * The order of the queue: every place is a score, lowest first.
 *
 * - An arrival before the sale starts gets a secret uniform draw in [0, 1): when the sale
 *   starts, the pre-queue is taken in the order of its draws, which is a shuffle. Arriving at
 *   09:40 or at 09:59:59 is the same, and a browser keeps its ticket (and so its draw), so
 *   reloading gains nothing.
 * - An arrival after the start gets 1 + the milliseconds since the start, plus a fraction of
 *   a millisecond from its draw (two arrivals in the same millisecond have no order to keep):
 *   first come, first served, after the whole pre-queue.
 */

/** Scores below this are the pre-queue's draws. */
export const PRE_QUEUE_LIMIT = 1;

export function arrivalScore(arrivedAt: number, saleStartsAt: number, draw: number): number {
  if (!(draw >= 0 && draw < 1)) throw new RangeError('a draw is a number in [0, 1)');
  if (arrivedAt < saleStartsAt) return draw;
  return PRE_QUEUE_LIMIT + (arrivedAt - saleStartsAt) + draw * 0.999;
}

export const isPreQueueScore = (score: number): boolean => score < PRE_QUEUE_LIMIT;

/**
 * How long an arrival after the start waits before it may be admitted: the replicas write
 * arrivals to the shared queue in small batches, so an arrival is only taken once every
 * arrival before it has surely been written (a batch is written within tens of milliseconds).
 */
export const ARRIVAL_SETTLE_MS = 250;

/**
 * The highest score the head may have to be admitted at `now`: the whole pre-queue, and the
 * arrivals after the start that are older than the settle time.
 */
export function admissibleScoreBelow(now: number, saleStartsAt: number): number {
  return PRE_QUEUE_LIMIT + Math.max(0, now - ARRIVAL_SETTLE_MS - saleStartsAt);
}
