/**
 * The seats held for the person (one hold per person, kept by the BFF), which step the screen
 * shows (0: zone and seats, 1: snacks and payment) and the hold's countdown. This store follows
 * the BFF's hold; `purchase.ts` decides when.
 */
import { atom } from 'nanostores';
import { RESERVATION_HOLD_SECONDS } from '#shared/booking/constants.ts';
import type { HoldView } from '#shared/views/booking.ts';
import { callBff } from '#site/lib/bff-browser.ts';
import { routes } from '#site/lib/routes.ts';
import { createHoldTimer } from './hold-timer.ts';

export function createHoldStore(showtimeId: number, initial: HoldView | null, onExpired: () => void) {
  const $hold = atom<HoldView | null>(initial);
  const $step = atom<0 | 1>(initial ? 1 : 0);
  const timer = createHoldTimer(initial?.secondsLeft ?? RESERVATION_HOLD_SECONDS, onExpired);
  /** Set while the page leaves for a payment's outcome: the hold must not be released then. */
  let leavingForPayment = false;
  /**
   * The hold this page last gave up: a live event computed before the BFF saw the release may
   * still arrive, and must not bring the page back to a hold it let go.
   */
  let givenUp: HoldView | null = null;

  /** Seats held (reserved here, or adopted from another page): step 1, counting the BFF's time left. */
  function take(hold: HoldView): void {
    $hold.set(hold);
    $step.set(1);
    timer.start(hold.secondsLeft);
  }

  /** The page opened on a hold (a reload in step 1): its countdown starts. */
  function startCountdown(): void {
    const hold = $hold.get();
    if (hold) timer.start(hold.secondsLeft);
  }

  /** Back to step 0; the hold itself is released (`release`) or forgotten (`forget`) apart. */
  function backToSeats(): void {
    timer.stop();
    $step.set(0);
  }

  /** Releases the hold at the cinema; it is forgotten here at once. */
  async function release(): Promise<void> {
    givenUp = $hold.get();
    if (!givenUp) return;
    $hold.set(null);
    await callBff('POST /booking/cancel', { body: { showtimeId } });
  }

  /**
   * Leaving the page (unless for a payment's outcome): the BFF releases the hold a few seconds
   * later, unless another page showing it (a duplicate tab, this page reloaded) claims it.
   */
  function releaseOnLeave(): void {
    if (leavingForPayment || !$hold.get()) return;
    givenUp = $hold.get();
    $hold.set(null);
    timer.stop();
    void callBff('POST /booking/cancel', { body: { showtimeId, leaving: true }, keepalive: true });
  }

  /** The page leaves for the status page or the bank: the hold stays as the BFF has it. */
  function keepForPayment(): void {
    timer.stop();
    leavingForPayment = true;
    $hold.set(null);
  }

  /** Back from the browser's page cache after leaving: the hold was released meanwhile. */
  function resumeAfterLeave(): void {
    leavingForPayment = false;
    $step.set(0);
  }

  /** The hold is gone at the cinema (a failed bank payment): release it and go home. */
  async function abandon(): Promise<void> {
    timer.stop();
    await release();
    leavingForPayment = true;
    window.location.assign(routes.home);
  }

  return {
    $hold,
    $step,
    $secondsLeft: timer.$secondsLeft,
    isLeavingForPayment: () => leavingForPayment,
    /** True for the very hold this page released (the same seats until the same moment). */
    wasGivenUp: (hold: HoldView) =>
      givenUp !== null && givenUp.expiresAt === hold.expiresAt && givenUp.seats.join('|') === hold.seats.join('|'),
    take,
    /** The hold a fresh booking view carries, as it is. */
    adopt: (hold: HoldView | null) => $hold.set(hold),
    /** The hold is no longer this page's (the BFF said so): forgotten without a call. */
    forget: () => $hold.set(null),
    startCountdown,
    stopCountdown: timer.stop,
    backToSeats,
    release,
    releaseOnLeave,
    /** Another page of this person left the hold this page shows: this page claims it. */
    claim: () => void callBff('POST /booking/hold/keep', { body: { showtimeId } }),
    keepForPayment,
    resumeAfterLeave,
    abandon,
  };
}

export type HoldStore = ReturnType<typeof createHoldStore>;
