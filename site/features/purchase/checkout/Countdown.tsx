import { formatCountdown } from './countdown.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';

/** 'Tiempo restante' hh:mm:ss. A timer role, not a live region: it would speak every second. */
export function Countdown({ secondsLeft, className = '' }: { secondsLeft: number; className?: string }) {
  const urgent = secondsLeft <= 60;
  return (
    <p
      role="timer"
      aria-label={`${BOOKING_TEXTS.timeLeft}: ${formatCountdown(secondsLeft)}`}
      className={`flex items-center gap-2 ${className}`}
    >
      <span className="text-sm text-muted">{BOOKING_TEXTS.timeLeft}</span>
      <time className={`font-mono text-lg font-bold tabular-nums ${urgent ? 'text-danger' : 'text-brand'}`}>
        {formatCountdown(secondsLeft)}
      </time>
    </p>
  );
}

/** The countdown pinned to the top of a dialog's scrolling content (checkout, payment wizard). */
export function StickyCountdown({ secondsLeft }: { secondsLeft: number }) {
  return (
    <div className="sticky -top-6 z-10 -mx-6 -mt-2 border-b border-line bg-surface px-6 py-2 sm:-top-8 sm:-mx-8 sm:px-8">
      <Countdown secondsLeft={secondsLeft} />
    </div>
  );
}
