/**
 * How many people leave the head of the queue now: a token bucket fills at the event's
 * admissions a minute (no burst beyond `BURST_SECONDS` of them, so a pause or a full house
 * does not store up a flood), and the number of people buying at once caps it. Any replica
 * may run it at any moment (bff/plugins/waiting-room/): the bucket remembers when it was
 * last filled, so running it twice in a second admits no one twice.
 */

export interface AdmissionBucket {
  tokens: number;
  /** Epoch milliseconds of the last fill. */
  at: number;
}

/** Tokens the bucket can hold: this many seconds of the rate (at least one person). */
export const BURST_SECONDS = 2;

export function bucketCapacity(perMinute: number): number {
  return Math.max(1, (perMinute / 60) * BURST_SECONDS);
}

/** The bucket filled up to `now` (a clock that went back fills nothing). */
export function refill(bucket: AdmissionBucket, now: number, perMinute: number): AdmissionBucket {
  const elapsed = Math.max(0, now - bucket.at);
  return {
    tokens: Math.min(bucketCapacity(perMinute), bucket.tokens + (elapsed * perMinute) / 60_000),
    at: Math.max(bucket.at, now),
  };
}

/** A new bucket when the sale starts: nothing stored up from before the start. */
export function openingBucket(now: number, saleStartsAt: number, perMinute: number): AdmissionBucket {
  return refill({ tokens: 0, at: Math.max(saleStartsAt, now - BURST_SECONDS * 1000) }, now, perMinute);
}

/** How many may be admitted: whole tokens, within the places left among the buyers. */
export function admissionsDue(tokens: number, maxBuyers: number, buying: number): number {
  return Math.max(0, Math.min(Math.floor(tokens), maxBuyers - buying));
}
