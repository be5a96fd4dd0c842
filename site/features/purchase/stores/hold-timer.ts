/**
 * The hold's countdown: the seconds left before the cinema releases the seats held for the
 * person. `onExpired` runs when it reaches zero.
 */
import { atom } from 'nanostores';
import { RESERVATION_HOLD_SECONDS } from '#shared/booking/constants.ts';

export function createHoldTimer(initialSeconds: number, onExpired: () => void) {
  const $secondsLeft = atom<number>(initialSeconds);
  let deadline = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  function stop(): void {
    if (timer) clearInterval(timer);
    timer = null;
    $secondsLeft.set(RESERVATION_HOLD_SECONDS);
  }

  function tick(): void {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    $secondsLeft.set(left);
    if (left > 0) return;
    stop();
    onExpired();
  }

  function start(seconds: number): void {
    if (timer) clearInterval(timer);
    deadline = Date.now() + seconds * 1000;
    $secondsLeft.set(seconds);
    timer = setInterval(tick, 1000);
  }

  return { $secondsLeft, start, stop };
}
