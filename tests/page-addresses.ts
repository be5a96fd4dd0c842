/**
 * A page's path written other ways, and the page each one is sent to (issue 32): the edge
 * (nginx, tests/topology) and the local front door (tests/security) answer them alike.
 */
export const PATHS_WRITTEN_ANOTHER_WAY = [
  ['////cartelera', '/cartelera'],
  ['/%63artelera', '/cartelera'],
  ['/cartelera%23x', '/cartelera'],
  ['//proximos-estrenos?fecha=1', '/proximos-estrenos?fecha=1'],
  ['/confiteri%61', '/confiteria'],
] as const;

/**
 * A path with a raw `#`, which only a raw request sends (a browser keeps the fragment to
 * itself; fetch and undici drop it), and the page each one is sent to (issue 39, finding 10):
 * like an encoded `#`, the fragment and whatever follows it are cut, the query before it kept.
 */
export const PATHS_WITH_A_RAW_HASH = [
  ['/cartelera#x', '/cartelera'],
  ['/sala/sala-1#y', '/sala/sala-1'],
  ['/cartelera#x?utm=1', '/cartelera'],
  ['/proximos-estrenos?fecha=1#z', '/proximos-estrenos?fecha=1'],
] as const;

/**
 * A public page or BFF read asked for with a query it never reads, and where it is sent with a
 * 301 (issue 32): the site or the BFF answers it, so the edge and the front door alike. The home reads one query, a
 * billboard date it offers; the other listings send theirs to its canonical spelling with a 302.
 */
export const QUERIES_A_PAGE_NEVER_READS = [
  ['/?utm=x', '/'],
  ['/?date=1999-01-01&utm_source=y', '/'],
  ['/confiteria?x=1', '/confiteria'],
  ['/salas?utm_source=a&utm_medium=b', '/salas'],
  ['/bff/catalogue/releases?utm=x', '/bff/catalogue/releases'],
] as const;

/** The same with a bare `?`, which only a raw request sends (fetch and undici drop it). */
export const BARE_QUERY_MARKS = [
  ['/?', '/'],
  ['/proximos-estrenos?', '/proximos-estrenos'],
  ['/buscar?', '/buscar'],
] as const;

/**
 * A search spelled other ways, hostile ones included, and the one address each is sent to with
 * a 301 (issue 34, site/decisions/movie-search.md): one cache entry per normalised query.
 */
export const SEARCH_ADDRESS = '/buscar?q=galaxia+perdida';
export const SEARCHES_SPELLED_ANOTHER_WAY: ReadonlyArray<readonly [string, string]> = [
  ['/buscar?q=Galaxia%20Perdida', SEARCH_ADDRESS],
  ['/buscar?q=GAL%C3%81XIA++perdida!', SEARCH_ADDRESS],
  ['/buscar?utm_source=x&q=galaxia+perdida&q=otra', SEARCH_ADDRESS],
  ['/buscar?q=%00galaxia%0D%0A%1B%07%7F+++perdida', SEARCH_ADDRESS],
  [
    `/buscar?${Array.from({ length: 300 }, (_, index) => `p${index}=${index}`).join('&')}&q=galaxia%20perdida`,
    SEARCH_ADDRESS,
  ],
  [`/buscar?q=${'perdida+'.repeat(600)}`, `/buscar?q=${Array(7).fill('perdida').join('+')}`],
  ['/buscar?q=%25%25%25', '/buscar'],
  ['/buscar?q=', '/buscar'],
];

/**
 * Paths whose slashes, backslashes, encodings and control characters a browser would read as
 * another host if a redirect handed them back as they came (issue 39: `/\evil.example/cartelera?utm=1`
 * was answered `301 Location: //evil.example/cartelera` by the site, the front door and nginx).
 * Every redirect made for them must stay on the origin that answered, and no header of theirs
 * may reach the answer.
 */
export const PATHS_NAMING_ANOTHER_HOST = [
  '/\\evil.example/cartelera?utm=1',
  '/\\evil.example/cartelera',
  '/\\\\evil.example/cartelera?utm=1',
  '//\\evil.example/cartelera?utm=1',
  '/\\/evil.example/cartelera?utm=1',
  '///evil.example/cartelera?utm=1',
  '//evil.example/cartelera',
  '/%5Cevil.example/cartelera?utm=1',
  '/%5c%5Cevil.example/?utm=1',
  '//%5Cevil.example/cartelera',
  '/\\%5Cevil.example?x',
  '/%2F%2Fevil.example/cartelera?utm=1',
  '//%2F/evil.example/cartelera',
  '/%2f%5Cevil.example?x=1',
  '/.%2E/%5Cevil.example?x=1',
  '//..//evil.example/?x',
  '/%09/evil.example?x=1',
  '//%09/evil.example/cartelera',
  '//%0D%0A/evil.example',
  '//cartelera%0D%0ASet-Cookie:%20planted=1',
  '/cartelera%0D%0ASet-Cookie:%20planted=1?utm=1',
] as const;

/** A raw HTTP answer's status and Location (and whether a header of the request's making got in). */
export function redirectOf(raw: string): { status: number; location: string | null; planted: boolean } {
  const head = raw.split('\r\n\r\n')[0] ?? '';
  const [statusLine = '', ...lines] = head.split('\r\n');
  const location = lines.find((line) => /^location:/i.test(line));
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    location: location === undefined ? null : location.slice(location.indexOf(':') + 1).trim(),
    planted: lines.some((line) => /^set-cookie:\s*planted/i.test(line)),
  };
}
