import { normalizeQuery } from '#shared/search/movie-search.ts';
import { routes } from '#site/lib/routes.ts';

/**
 * The one address of a search (site/decisions/movie-search.md): `/buscar?q=` with the query
 * normalised and written as a form writes it (spaces as `+`), or `/buscar` when nothing
 * searchable is left. The page answers every other spelling with a 301 here, so the edge keeps
 * one copy per query.
 */
export function searchAddress(rawQuery: string): string {
  const query = normalizeQuery(rawQuery);
  return query ? `${routes.search}?${new URLSearchParams({ q: query }).toString()}` : routes.search;
}
