/**
 * How long a pass and a place last.
 *
 * A pass (an admission) must be used for a hold within the event's `admissionTtlSeconds`;
 * once used, it lasts the purchase window (a hold's ten minutes, the payment, a seat changed on
 * the way) counted from its first use, and it ends earlier when the purchase is paid or an
 * operator revokes it. A person who leaves the waiting page keeps the place for
 * `RETURN_GRACE_SECONDS`: a place that reaches the head after its holder has been away longer
 * is dropped instead of admitted (a new arrival then starts at the end).
 */

export const PURCHASE_WINDOW_SECONDS = 20 * 60;

export const RETURN_GRACE_SECONDS = 15 * 60;

export interface PassTimes {
  admittedAt: number;
  /** The first hold made with it; null while unused. */
  firstUsedAt: number | null;
}

/** When the pass ends (epoch milliseconds) unless the purchase ends or it is revoked first. */
export function passDeadline(pass: PassTimes, admissionTtlSeconds: number): number {
  const unusedUntil = pass.admittedAt + admissionTtlSeconds * 1000;
  if (pass.firstUsedAt === null) return unusedUntil;
  return Math.max(unusedUntil, pass.firstUsedAt + PURCHASE_WINDOW_SECONDS * 1000);
}

/** A place whose holder was last seen longer ago than the grace period is dropped at the head. */
export function isAbandoned(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt > RETURN_GRACE_SECONDS * 1000;
}
