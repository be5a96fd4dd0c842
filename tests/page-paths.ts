import type { PayMethod } from '#shared/cinema-api/payments.ts';
import { fragmentRoutes, routes, type RouteName } from '#site/lib/routes.ts';

/**
 * One real path for every page of the route registry (site/lib/routes.ts), for checks that
 * must visit them all: the end-to-end layout check (e2e/route-samples.ts loads the data in a
 * browser's context) and the HTML validity check (html/). Static entries are taken as they
 * are; a dynamic entry gets the real parameters of `SampleData`, so its page shows real
 * content. A dynamic entry added to the registry without a sample here fails the typecheck
 * (`samples` must name every one).
 */

type Registry = typeof routes;
type DynamicRouteName = {
  [Name in RouteName]: Registry[Name] extends (...args: never[]) => string ? Name : never;
}[RouteName];

/** What the samples are built from. */
export interface SampleData {
  theater: string;
  movieSlug: string;
  roomSlug: string;
  showtimeId: number;
  contentSlug: string;
  date: string;
  /** A paid (accepted) purchase of the logged-in customer the pages are visited as. */
  bill: string;
  /** How it was paid (its /pay-status/{type} page). */
  payMethod: PayMethod;
}

const samples: { [Name in DynamicRouteName]: (data: SampleData) => Parameters<Registry[Name]> } = {
  contentPage: (data) => [data.contentSlug],
  // Any code shows the form; the code is checked when the form is sent.
  resetPassword: () => ['codigo-de-muestra'],
  room: (data) => [data.roomSlug],
  billboardDay: (data) => [data.date],
  billboardDayFiltered: (data) => [data.date],
  movie: (data) => [data.theater, data.movieSlug],
  showtime: (data) => [data.theater, data.movieSlug, data.showtimeId],
  // No event holds the sample showtime: the page says the purchase is open.
  waitingRoom: (data) => [data.theater, data.movieSlug, data.showtimeId],
  waitingRoomPlace: (data) => [data.theater, data.movieSlug, data.showtimeId],
  ticket: (data) => [data.bill],
  payStatus: (data) => [data.payMethod, data.bill],
  transactionStatus: (data) => [data.bill],
  // A well-formed token the BFF never sealed: the page asks, and nothing can be cancelled with it.
  alertUnsubscribe: () => ['muestra'.repeat(8)],
};

/** The registry's pages (fragments left out), by name. */
export const pageNames: ReadonlyArray<RouteName> = (Object.keys(routes) as RouteName[]).filter(
  (name) => !fragmentRoutes.has(name),
);

/** The path of one page of the registry. */
export function pagePath(name: RouteName, data: SampleData): string {
  const entry = routes[name];
  if (typeof entry === 'string') return entry;
  const build = entry as (...args: Array<string | number>) => string;
  return build(...(samples[name as DynamicRouteName](data) as Array<string | number>));
}

/** Every page of the registry (fragments left out) as a path to visit. */
export function everyPagePath(data: SampleData): string[] {
  return pageNames.map((name) => pagePath(name, data));
}
