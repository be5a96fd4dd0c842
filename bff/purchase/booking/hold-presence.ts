import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CancelView, HoldEvent } from '#shared/views/booking.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';
import { isLive, readHold, readLiveHold, toHoldView, updateHold, type HoldState } from '#bff/purchase/common/hold.ts';
import { releaseHold, type ReleaseNeeds } from './reserve.ts';

/**
 * Which pages still show a hold. A page that leaves (pagehide) does not release the hold at
 * once: it marks it `leaving`, and the hold is released after a grace unless a page of the
 * same hold claims it meanwhile. Every open purchase page follows its person's hold through
 * its live stream (`followHold`), sees the mark within a poll and claims the hold when it is
 * the one it shows. So a reload resumes the hold, closing a duplicate tab keeps it for the
 * tab that pays, and leaving for good frees the seats a few seconds later.
 */
export const LEAVE_GRACE_MS = 8_000;
export const HOLD_POLL_MS = 2_000;

async function leaveHold(app: ReleaseNeeds, request: FastifyRequest, hold: HoldState): Promise<void> {
  const mark = randomUUID();
  const marked = await updateHold(app, hold.owner, hold.id, (current) => ({ ...current, leaving: mark }));
  if (!marked) return;
  const timer = setTimeout(() => {
    void (async () => {
      const current = await readHold(app, request);
      if (current && current.id === hold.id && current.leaving === mark && isLive(current))
        await releaseHold(app, request, current);
    })().catch((error: unknown) =>
      request.log.warn({ err: error }, 'releasing a left hold failed; it expires by itself'),
    );
  }, LEAVE_GRACE_MS);
  timer.unref();
}

/**
 * A page gives its hold up: only a hold on the page's showtime, released now, or, when the
 * page is `leaving`, after the grace unless another page of the hold claims it.
 */
export async function cancelHold(
  app: ReleaseNeeds,
  request: FastifyRequest,
  { showtimeId, leaving }: { showtimeId?: number; leaving: boolean },
): Promise<CancelView> {
  const hold = await readLiveHold(app, request);
  if (!hold || (showtimeId !== undefined && hold.showtimeId !== showtimeId)) return { released: false };
  if (leaving) {
    await leaveHold(app, request, hold);
    return { released: false };
  }
  return { released: await releaseHold(app, request, hold) };
}

/** A page showing the hold of `showtimeId` says it is still there. */
export async function keepHold(
  app: Pick<FastifyInstance, 'sharedStore'>,
  request: FastifyRequest,
  showtimeId: number,
): Promise<boolean> {
  const hold = await readHold(app, request);
  if (!hold || hold.showtimeId !== showtimeId || !isLive(hold)) return false;
  if (hold.leaving === null) return true;
  return (await updateHold(app, hold.owner, hold.id, (current) => ({ ...current, leaving: null }))) !== null;
}

/** The person's hold as a page of `showtimeId` sees it. */
function holdEventOf(hold: HoldState | null, showtimeId: number, now: number = Date.now()): HoldEvent {
  if (!hold || !isLive(hold, now)) return { hold: null, elsewhere: null, leaving: false };
  if (hold.showtimeId !== showtimeId) return { hold: null, elsewhere: hold.showtimeText, leaving: false };
  return { hold: toHoldView(hold, now), elsewhere: null, leaving: hold.leaving !== null };
}

/**
 * Sends `event: hold` to an open stream when the person's hold changes (checked every
 * HOLD_POLL_MS in the shared store, so a change made through any replica arrives). Returns
 * the function that stops following.
 */
export function followHold(
  app: Pick<FastifyInstance, 'sharedStore'>,
  request: FastifyRequest,
  showtimeId: number,
  send: (event: string) => void,
): () => void {
  if (!ownerOf(request)) return () => undefined;
  let last = '';
  let stopped = false;
  const check = async (): Promise<void> => {
    const hold = await readHold(app, request);
    const event = holdEventOf(hold, showtimeId);
    // The seconds left change every poll; a change of hold, seats or mark is what matters.
    // The mark itself (not only "leaving or not") is part of it: a page that leaves right
    // after another page's claim, within one poll, marks the hold anew, and the pages still
    // showing it must hear that new mark and claim again, or the hold is released under them.
    const mark = event.leaving ? (hold?.leaving ?? null) : null;
    const key = JSON.stringify({ ...event, hold: event.hold ? { ...event.hold, secondsLeft: 0 } : null, mark });
    if (stopped || key === last) return;
    last = key;
    send(JSON.stringify(event));
  };
  const tick = () => void check().catch((error: unknown) => request.log.warn({ err: error }, 'hold follow failed'));
  tick();
  const timer = setInterval(tick, HOLD_POLL_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
