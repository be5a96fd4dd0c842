import type { Totals } from '#shared/booking/totals.ts';
import { formatCop } from '#shared/format/money.ts';
import { PURCHASE_TEXTS } from './texts.ts';

/**
 * 'Incluye servicio de $ 4.000.': said under every amount the purchase shows, from the seat step
 * to the checkout, so the amount a person reads is the one charged (issue 38). Nothing when the
 * showtime charges no service.
 */
export function ServiceIncluded({ totals, className = '' }: { totals: Pick<Totals, 'service'>; className?: string }) {
  if (totals.service <= 0) return null;
  return (
    <span className={`text-xs text-muted ${className}`}>
      {PURCHASE_TEXTS.serviceIncluded(formatCop(totals.service))}
    </span>
  );
}
