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
