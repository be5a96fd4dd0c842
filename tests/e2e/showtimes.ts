import { test } from '@playwright/test';
import { SandboxShowtimes, type ShowtimeNeeds, type TestShowtime } from '../showtimes.ts';

/**
 * The e2e way to choose a showtime: by need, through tests/showtimes.ts. Each worker takes
 * only showtimes whose id falls in its own stripe and never hands one out twice, and by default
 * only untouched ones (no seat held or sold), so parallel tests never meet on a seat map.
 *
 *   const showtime = await pickShowtime({ format: '2D', zones: ['General'] });
 *   await page.goto(purchasePath(showtime));
 */

export type { ShowtimeNeeds, TestShowtime };

let picker: SandboxShowtimes | undefined;
function showtimes(): SandboxShowtimes {
  // playwright.config.ts sets SANDBOX_URL from E2E_PORT in every worker.
  const sandboxUrl = process.env.SANDBOX_URL;
  if (sandboxUrl === undefined) throw new Error('SANDBOX_URL is not set (tests/e2e/playwright.config.ts sets it)');
  picker ??= new SandboxShowtimes(sandboxUrl);
  return picker;
}

/** This worker's share of the showtimes: parallel workers never pick the same one. */
function stripe(): ShowtimeNeeds['stripe'] {
  const info = test.info();
  return { index: info.parallelIndex, of: Math.max(1, info.config.workers) };
}

/** An untouched showtime meeting the needs, starting at least two hours from now (see ShowtimeNeeds). */
export async function pickShowtime(needs: ShowtimeNeeds = {}): Promise<TestShowtime> {
  return showtimes().pick({ stripe: stripe(), ...needs });
}

/** `count` different untouched showtimes meeting the needs, earliest first. */
export async function pickShowtimes(count: number, needs: ShowtimeNeeds = {}): Promise<TestShowtime[]> {
  return showtimes().pickMany(count, { stripe: stripe(), ...needs });
}

/** A showtime that has already started: the sandbox keeps one every day, at any hour. */
export async function startedShowtime(): Promise<TestShowtime> {
  return showtimes().started();
}

/** The purchase page of a showtime. */
export const purchasePath = (showtime: TestShowtime): string =>
  `/viziona/pelicula/${showtime.movie.slug}/funcion/${showtime.id}`;

/** The movie page with the showtime's date chosen in its date picker (its hour is `a[data-showtime="<id>"]`). */
export const moviePagePath = (showtime: TestShowtime): string =>
  `/viziona/pelicula/${showtime.movie.slug}?date=${showtime.date}`;
