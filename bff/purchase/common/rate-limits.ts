import { personKey } from '#bff/plugins/rate-limit.ts';

/**
 * Rate limits of reservations and a ticket's files, counted per logged-in person (`personKey`:
 * bff/plugins/rate-limit.ts); the payments' own is the payments floor's (bff/payments/payments-plugin.ts).
 */
const minutes = (n: number): number => n * 60_000;

export const perPersonRateLimit = {
  // An honest customer changes seats a few times; a hoarder retries without end.
  reserve: { max: 20, timeWindow: minutes(10), keyGenerator: personKey },
  cancel: { max: 60, timeWindow: minutes(5), keyGenerator: personKey },
  // A ticket's calendar file: one or two downloads a purchase; more is someone walking bill numbers.
  calendar: { max: 30, timeWindow: minutes(10), keyGenerator: personKey },
  // A ticket's wallet pass or save link: the same, one or two a purchase.
  wallet: { max: 30, timeWindow: minutes(10), keyGenerator: personKey },
} as const;
