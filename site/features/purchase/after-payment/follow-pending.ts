/** How often the status page asks whether a pending payment has been decided. */
export const FOLLOW_PENDING_MS = 4_000;
