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
