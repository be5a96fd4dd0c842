import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import { routes } from '#site/lib/routes.ts';
import { SandboxShowtimes } from '../../showtimes.ts';

/** Which pages the benchmark measures, of which kind and budget, and the session it measures some with. */

export type PageKind = 'content' | 'form' | 'purchase' | 'waiting';

/**
 * Issue 14's budgets per kind of page: gzipped JavaScript on load, Lighthouse mobile
 * performance; and issue 23's presale waiting page (at most 10 KB of JavaScript).
 */
export const BUDGETS: Record<PageKind, { jsKb: number; score: number }> = {
  content: { jsKb: 30, score: 95 },
  form: { jsKb: 100, score: 95 },
  purchase: { jsKb: 120, score: 90 },
  waiting: { jsKb: 10, score: 95 },
};

export interface PageCase {
  path: string;
  kind: PageKind;
  /** Measured with the logged-in customer's session cookie. */
  loggedIn?: boolean;
}

/** Logs the sandbox's demo customer in through the front door; answers the session cookie. */
export async function logIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-viziona-client': 'web', origin: base },
    body: JSON.stringify({ email: 'demo@viziona.co', password: 'Demo1234' }),
  });
  const session = answer.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!answer.ok || !session) throw new Error(`log-in answered ${answer.status}`);
  return session.split(';')[0] ?? '';
}

/** An untouched showtime in the largest room (the most seats to draw), three hours ahead or more. */
export async function largestRoomPurchasePath(
  sandboxUrl: string,
): Promise<{ path: string; waitingPath: string; room: string; seats: number }> {
  const found = await new SandboxShowtimes(sandboxUrl).find({ minutesAhead: 180 });
  const largest = found.reduce<(typeof found)[number] | undefined>(
    (best, showtime) => (!best || showtime.freeSeats > best.freeSeats ? showtime : best),
    undefined,
  );
  if (!largest) throw new Error('no untouched showtime three hours ahead');
  return {
    path: routes.showtime('viziona', largest.movie.slug, largest.id),
    // The same showtime's waiting page (no event holds it: the page is the same for everybody).
    waitingPath: routes.waitingRoom('viziona', largest.movie.slug, largest.id),
    room: largest.roomName,
    seats: largest.freeSeats,
  };
}

export async function firstSlug(base: string, apiPath: string, list: 'movies' | 'rooms'): Promise<string> {
  const body = (await (await fetch(`${base}${apiPath}`)).json()) as Record<string, Array<{ slug: string }>>;
  const slug = body[list]?.[0]?.slug;
  if (!slug) throw new Error(`${apiPath} listed no ${list}`);
  return slug;
}

/** Every page the benchmark knows: the public pages, the form pages and the purchase page. */
export function pageCases({
  movie,
  room,
  purchasePath,
  waitingPath,
}: {
  movie: string;
  room: string;
  purchasePath: string;
  waitingPath: string;
}): PageCase[] {
  return [
    { path: '/', kind: 'content' },
    { path: '/cartelera', kind: 'content' },
    { path: '/proximos-estrenos', kind: 'content' },
    { path: '/salas', kind: 'content' },
    { path: `/sala/${room}`, kind: 'content' },
    { path: '/confiteria', kind: 'content' },
    { path: '/club-vizionarios', kind: 'content' },
    { path: '/corporativo', kind: 'content' },
    { path: `/viziona/pelicula/${movie}`, kind: 'content' },
    { path: '/pagina/terminos-y-condiciones-club-vizionarios', kind: 'content' },
    { path: '/pagina/terminos-y-condiciones', kind: 'content' },
    { path: '/accesibilidad', kind: 'content' },
    { path: '/contactanos', kind: 'form' },
    { path: '/linea-etica', kind: 'form' },
    { path: '/iniciar-sesion', kind: 'form' },
    { path: '/registrarme', kind: 'form' },
    { path: routes.resetPassword('bench-code'), kind: 'form' },
    { path: '/mi-perfil', kind: 'form', loggedIn: true },
    { path: purchasePath, kind: 'purchase', loggedIn: true },
    { path: waitingPath, kind: 'waiting' },
  ];
}

/** BENCH_PAGES (paths, or a kind such as `purchase`) picks some of them; `only` is that list. */
export function selectedPages(all: PageCase[]): { pages: PageCase[]; only: string[] | undefined } {
  const only = process.env.BENCH_PAGES?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return { pages: only ? all.filter((page) => only.includes(page.path) || only.includes(page.kind)) : all, only };
}
