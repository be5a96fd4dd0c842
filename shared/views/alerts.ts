import { z } from 'zod';

/**
 * "Avísame": a person's alerts that a movie's tickets went on sale (`/bff/alerts`). The
 * schemas are the BFF routes' response schemas; the site imports the types only.
 */

/** Why the e-mail went: the movie's first showtimes, or its presale's waiting room opened. */
export const ALERT_REASONS = ['showtimes', 'waiting-room'] as const;
export type AlertReason = (typeof ALERT_REASONS)[number];

export const AlertViewSchema = z.object({
  /** The movie's slug. */
  movie: z.string(),
  title: z.string(),
  /** The movie's page on the site. */
  path: z.string(),
  /** ISO instant the person asked. */
  createdAt: z.string(),
  /** ISO instant the e-mail was accepted by the relay; null while waiting. */
  sentAt: z.string().nullable(),
  reason: z.enum(ALERT_REASONS).nullable(),
});
export type AlertView = z.infer<typeof AlertViewSchema>;

export const AlertsViewSchema = z.object({
  /** Whether alerts can be asked (a mail relay is configured). */
  enabled: z.boolean(),
  /** Newest first. */
  alerts: z.array(AlertViewSchema),
  /** How many alerts one person may keep. */
  limit: z.number(),
});
export type AlertsView = z.infer<typeof AlertsViewSchema>;

/** `GET /bff/alerts/availability`: public, the same for everybody (the pages show the button by it). */
export const AlertsAvailabilityViewSchema = z.object({ enabled: z.boolean() });

/**
 * An alert cancelled from its e-mail's link (`POST /bff/alerts/unsubscribe/:token`, RFC 8058's
 * one-click or the site's page): which one, and whether it was gone already (cancelled before,
 * or asked again since, which the old link never touches).
 */
export const AlertUnsubscribedViewSchema = z.object({
  movie: z.string(),
  title: z.string(),
  alreadyCancelled: z.boolean(),
});
export type AlertUnsubscribedView = z.infer<typeof AlertUnsubscribedViewSchema>;
