import { bogotaTimestamp, parseBogotaTimestamp } from '../format/bogota-time.ts';

/**
 * How long a Club Vizionarios purchase makes the membership last (the cinema API's rule, which
 * the sandbox follows and the club page's purchase detail tells in advance): a year from the
 * end of a membership still running (a member who buys again renews it), or from the purchase
 * for anybody else. A year is the same date and hour of the next year in Bogotá; from a 29 of
 * February, the 28th.
 *
 * `currentEnd` is the membership's 'Vencimiento' ('YYYY-MM-DD HH:mm:ss', Bogotá) or null;
 * the answer is written the same way.
 */
export function membershipEndAfterPurchase(currentEnd: string | null, now: number): string {
  const end = currentEnd === null ? Number.NaN : parseBogotaTimestamp(currentEnd);
  const from = Number.isFinite(end) && end > now ? end : now;
  return oneYearAfter(bogotaTimestamp(from));
}

function oneYearAfter(timestamp: string): string {
  const year = Number(timestamp.slice(0, 4)) + 1;
  const monthDay = timestamp.slice(5, 10);
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = monthDay === '02-29' && !isLeap ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}${timestamp.slice(10)}`;
}
