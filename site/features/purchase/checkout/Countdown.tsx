import { formatCountdown } from './countdown.ts';
import { BOOKING_TEXTS } from '../../../../shared/booking/texts.ts';

/** 'Tiempo restante' hh:mm:ss. A timer role, not a live region: it would speak every second. */
export function Countdown({ secondsLeft, className = '' }: { secondsLeft: number; className?: string }) {
  const urgent = secondsLeft <= 60;
  return (
    <p role="timer" aria-label={`${BOOKING_TEXTS.timeLeft}: ${formatCountdown(secondsLeft)}`} className={`flex items-center gap-2 ${className}`}>
      <span className="text-sm text-muted">{BOOKING_TEXTS.timeLeft}</span>
      <time className={`font-mono text-lg font-bold tabular-nums ${urgent ? 'text-danger' : 'text-brand'}`}>{formatCountdown(secondsLeft)}</time>
    </p>
  );
}
