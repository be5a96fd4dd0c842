/**
 * The one registry of the site's route paths. Pages, links and guards build paths here
 * instead of writing string literals. Pure code: used on the server and in islands.
 * Every page under site/pages has an entry (tests/unit/site-routes.test.ts checks it), and
 * tests/e2e/layout.spec.ts walks every entry, so a page added here is checked on phones.
 */

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const routes = {
  home: '/',
  billboard: '/cartelera',
  releases: '/proximos-estrenos',
  rooms: '/salas',
  confectionery: '/confiteria',
  club: '/club-vizionarios',
  corporate: '/corporativo',
  contact: '/contactanos',
  ethicsLine: '/linea-etica',
  accessibility: '/accesibilidad',
  /** The movie search's results (`?q=`, normalised: features/search/search-address.ts). */
  search: '/buscar',
  login: '/iniciar-sesion',
  register: '/registrarme',
  profile: '/mi-perfil',
  myTickets: '/mis-tickets',
  terms: '/pagina/terminos-y-condiciones',
  privacy: '/pagina/politica-de-privacidad',
  clubTerms: '/pagina/terminos-y-condiciones-club-vizionarios',
  /** Shown (status 503) instead of a personal page while the session cannot be read. */
  unavailable: '/servicio-no-disponible',
  /** What the service worker shows for a page it cannot fetch nor has kept (lib/offline-copies.ts). */
  offline: '/sin-conexion',
  contentPage: (slug: string) => `/pagina/${segment(slug)}`,
  resetPassword: (code: string) => `/forgot-password/${segment(code)}`,
  room: (slug: string) => `/sala/${segment(slug)}`,
  /** One billboard date as an HTML fragment (the date picker's). */
  billboardDay: (date: string) => `/fragmentos/cartelera/${segment(date)}`,
  /** The same with /cartelera's showtime filters (their query follows). */
  billboardDayFiltered: (date: string) => `/fragmentos/cartelera/${segment(date)}/filtros`,
  movie: (theater: string, slug: string) => `/${segment(theater)}/pelicula/${segment(slug)}`,
  showtime: (theater: string, slug: string, showtimeId: string | number) =>
    `/${segment(theater)}/pelicula/${segment(slug)}/funcion/${segment(showtimeId)}`,
  /** The presale waiting room of a showtime's purchase: the same cached page for everybody. */
  waitingRoom: (theater: string, slug: string, showtimeId: string | number) =>
    `/sala-de-espera/${segment(theater)}/${segment(slug)}/${segment(showtimeId)}`,
  /** A person's place, framed by the waiting page when JavaScript is off (personal, never cached). */
  waitingRoomPlace: (theater: string, slug: string, showtimeId: string | number) =>
    `/sala-de-espera/puesto/${segment(theater)}/${segment(slug)}/${segment(showtimeId)}`,
  ticket: (bill: string | number) => `/ticket/${segment(bill)}`,
  payStatus: (payMethod: string | number, bill: string | number) =>
    `/pay-status/${segment(payMethod)}/${segment(bill)}`,
  transactionStatus: (bill: string | number) => `/estado-transaccion/${segment(bill)}`,
  /** An alert e-mail's "cancel this alert" link: asks, then cancels it (personal, never cached). */
  alertUnsubscribe: (token: string) => `/avisos/cancelar/${segment(token)}`,
  notFound: '/404',
} as const;

export type RouteName = keyof typeof routes;

/** Entries that are HTML fragments a page's script puts in place (`partial`), not pages. */
export const fragmentRoutes: ReadonlySet<RouteName> = new Set<RouteName>(['billboardDay', 'billboardDayFiltered']);

/** What the cinema API's slugs look like (content pages, movies, rooms); anything else cannot exist. */
export function isSlug(value: string): boolean {
  return /^[A-Za-z0-9-]{1,120}$/.test(value);
}

/** The main navigation, in the spec's order. */
export const mainNavigation: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'Home', href: routes.home },
  { label: 'Cartelera', href: routes.billboard },
  { label: 'Próximos estrenos', href: routes.releases },
  { label: 'Salas', href: routes.rooms },
  { label: 'Confitería', href: routes.confectionery },
  { label: 'Club Vizionarios', href: routes.club },
  { label: 'Corporativo', href: routes.corporate },
  { label: 'Contáctanos', href: routes.contact },
];

const protectedPatterns: ReadonlyArray<RegExp> = [
  /^\/mi-perfil\/?$/,
  /^\/mis-tickets\/?$/,
  /^\/ticket(\/|$)/,
  /^\/estado-transaccion(\/|$)/,
  /^\/pay-status(\/|$)/,
  /^\/[^/]+\/pelicula\/[^/]+\/funcion(\/|$)/,
];

const guestOnlyPatterns: ReadonlyArray<RegExp> = [
  /^\/iniciar-sesion\/?$/,
  /^\/registrarme\/?$/,
  /^\/forgot-password(\/|$)/,
];

const waitingRoomPlacePattern = /^\/sala-de-espera\/puesto(\/|$)/;

/** Personal pages open to visitors too: a place in a waiting room, an alert e-mail's cancel link. */
const personalOpenPatterns: ReadonlyArray<RegExp> = [waitingRoomPlacePattern, /^\/avisos\/cancelar(\/|$)/];

/** A waiting room's page (`routes.waitingRoom`), which frames the person's place without JavaScript. */
export const isWaitingRoomPath = (pathname: string): boolean =>
  pathname.startsWith('/sala-de-espera/') && !waitingRoomPlacePattern.test(pathname);

/** A person's place in a waiting room (`routes.waitingRoomPlace`): the one page our own pages may frame. */
export const isWaitingRoomPlacePath = (pathname: string): boolean => waitingRoomPlacePattern.test(pathname);

const showtimePattern = /^\/([^/]+)\/pelicula\/([^/]+)\/funcion\/(\d{1,9})\/?$/;

/** The showtime a purchase path names (`routes.showtime`), or null for any other path. */
export function purchaseOf(pathname: string): { theater: string; slug: string; showtimeId: number } | null {
  const match = showtimePattern.exec(pathname);
  if (!match) return null;
  try {
    return {
      theater: decodeURIComponent(match[1]!),
      slug: decodeURIComponent(match[2]!),
      showtimeId: Number(match[3]),
    };
  } catch {
    return null;
  }
}

/** Pages that need a session: visitors without one are sent to log in. */
export function isProtectedPath(pathname: string): boolean {
  return protectedPatterns.some((pattern) => pattern.test(pathname));
}

/** Pages only for visitors without a session: logged-in people are sent home. */
export function isGuestOnlyPath(pathname: string): boolean {
  return guestOnlyPatterns.some((pattern) => pattern.test(pathname));
}

/**
 * Pages that depend on who is asking: only these read the session on the server and they
 * are never shared by caches. Every other page is the same for everyone.
 */
export function isPersonalPath(pathname: string): boolean {
  return (
    isProtectedPath(pathname) ||
    isGuestOnlyPath(pathname) ||
    personalOpenPatterns.some((pattern) => pattern.test(pathname))
  );
}

const probeOrigin = 'https://viziona.invalid';

/**
 * A "return to" target is only ever a path of this site. Anything else (absolute URLs,
 * protocol-relative `//host`, `/\host`, control characters a browser would strip) is refused.
 * The check is made on the normalised result too: `/..//evil.example`, `/%2e%2e//evil.example`
 * and `/mi-perfil/..//evil.example` all normalise to `//evil.example`, another site.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // What the browser would do with the result must land here as well.
  if (new URL(path, probeOrigin).origin !== probeOrigin) return null;
  return path;
}

/** Where the login sends a person: a safe path of this site that is not a guest-only page, or null. */
export function loginReturnTo(value: string | null | undefined): string | null {
  const target = safeReturnTo(value);
  if (!target || isGuestOnlyPath(new URL(target, probeOrigin).pathname)) return null;
  return target;
}

/** The login page, remembering where the person was going (never another guest-only page). */
export function loginPath(returnTo?: string | null): string {
  const target = loginReturnTo(returnTo);
  if (!target || target === routes.home) return routes.login;
  return `${routes.login}?${new URLSearchParams({ returnTo: target }).toString()}`;
}

/**
 * Where a registration sends the person: back to the showtime whose seats they were about to
 * choose (a purchase path of this site, `purchaseOf`), or null for home (decisions/return-after-sign-in.md).
 */
export function registrationReturnTo(value: string | null | undefined): string | null {
  const target = safeReturnTo(value);
  if (!target || !purchaseOf(new URL(target, probeOrigin).pathname)) return null;
  return target;
}

/** The registration page, remembering the showtime the person was going to (only a purchase path). */
export function registerPath(returnTo?: string | null): string {
  const target = registrationReturnTo(returnTo);
  if (!target) return routes.register;
  return `${routes.register}?${new URLSearchParams({ returnTo: target }).toString()}`;
}

/**
 * Where a guest-only page (`isGuestOnlyPath`) sends a person who is logged in after all (in
 * another tab, say): the login page and the registration page to their `returnTo` when it is
 * theirs to follow, every other one (and those without one) home.
 */
export function returnFromGuestPage(pathname: string, search: string): string {
  const returnTo = new URLSearchParams(search).get('returnTo');
  const path = pathname.replace(/\/$/, '');
  const target =
    path === routes.login ? loginReturnTo(returnTo) : path === routes.register ? registrationReturnTo(returnTo) : null;
  return target ?? routes.home;
}
