/**
 * Business constants of the purchase flow (document 2, sections 4, 5 and 9). Shared by the
 * BFF, the islands and the tests so one number never drifts between them.
 */

/** A seat hold lasts 600 seconds; the countdown starts there. */
export const RESERVATION_HOLD_SECONDS = 600;

/** Card instalments: 1 to 36, 1 when the field is left empty. */
export const MIN_DUES = 1;
export const MAX_DUES = 36;
export const DEFAULT_DUES = 1;

/** Pay types of the cinema API: what a payment buys. */
export const PAY_TYPE_TICKETS = 1;
export const PAY_TYPE_MEMBERSHIP = 3;
export type PayType = typeof PAY_TYPE_TICKETS | typeof PAY_TYPE_MEMBERSHIP;

/** pay_status.id values. Only 1 means accepted; 3 is a payment the provider has not decided yet. */
export const PAY_STATUS_ACCEPTED = 1;
export const PAY_STATUS_REJECTED = 2;
export const PAY_STATUS_PENDING = 3;

/** theater_id of every payment: the BFF sends it, the cinema API accepts no other. */
export const THEATER_ID = 1 as const;
