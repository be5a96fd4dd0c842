/**
 * Every code the BFF answers in `{ error: { code } }`: one list for the BFF's errors, the route
 * schemas (and so the OpenAPI reference) and the browser client that matches them. Kept apart
 * from `errors.ts` without zod: the browser client imports the list on every page, and a value
 * import of a module that builds zod schemas would bring zod along.
 */
export const BFF_ERROR_CODES = [
  // Requests the BFF refuses before any feature runs.
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CROSS_SITE',
  'NOT_FOUND',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'FIELD_TOO_LONG',
  'INTERNAL',
  // The cinema API's answers.
  'UPSTREAM_REJECTED',
  'UPSTREAM_UNAVAILABLE',
  // Accounts.
  'ACCOUNT_LOCKED',
  'TOO_MANY_MAILS',
  'CODE_EXHAUSTED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'CAPTCHA_REPLAYED',
  // The purchase.
  'UNKNOWN_ZONE',
  'WRONG_ZONE',
  'UNKNOWN_SEAT',
  'DUPLICATE_SEAT',
  // The selection would leave one free seat alone (shared/booking/lonely-seats.ts).
  'LONELY_SEAT',
  'SEAT_LIMIT',
  'SHOWTIME_STARTED',
  'RESERVE_BUSY',
  'HOLD_CHANGED',
  'HOLD_EXPIRED',
  'INVALID_CART',
  'COMBO_LIMIT',
  'PRICE_CHANGED',
  'TOTAL_CHANGED',
  'UNKNOWN_BRAND',
  'METHOD_UNAVAILABLE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_DECLINED',
  'TICKET_NOT_READY',
  // A wallet whose signing keys the operators have not configured (its button is hidden).
  'WALLET_UNAVAILABLE',
  // The presale waiting room: no pass for a held showtime yet, or the room cannot be read.
  'WAITING_ROOM',
  'WAITING_ROOM_CLOSED',
  // "Avísame" alerts: a person's limit reached, no mail relay configured, the movie already on
  // sale, or an address its owner has not verified (alert e-mails go only to verified addresses).
  'ALERT_LIMIT',
  'ALERTS_UNAVAILABLE',
  'MOVIE_ON_SALE',
  'EMAIL_NOT_VERIFIED',
  // Operators (the operations port): a change the event's state does not allow.
  'OPERATION_REFUSED',
  // Service forms' attachments.
  'INVALID_FILE_NAME',
  'FILE_TYPE_NOT_ALLOWED',
  'EMPTY_FILE',
  'FILE_CONTENT_MISMATCH',
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
] as const;

export type BffErrorCode = (typeof BFF_ERROR_CODES)[number];

/** The refusals of the presale waiting room: the person's place is on its page, not on the purchase's. */
export const WAITING_ROOM_CODES = ['WAITING_ROOM', 'WAITING_ROOM_CLOSED'] as const satisfies readonly BffErrorCode[];
