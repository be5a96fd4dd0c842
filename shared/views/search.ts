import { z } from 'zod';

/**
 * `GET /bff/search/movies`: the search index, every movie showing and upcoming with what the
 * search matches (shared/search/movie-search.ts) and what a result shows. Compact on purpose:
 * the header's suggestions download it once, on first use (site/decisions/movie-search.md).
 */

/** Where a movie stands: on the billboard, in presale, or announced. */
export const SEARCH_MOVIE_STATUSES = ['showing', 'presale', 'upcoming'] as const;

const SearchMovieViewSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** '' when the API has none (the title is then the only one). */
  originalTitle: z.string(),
  genre: z.string(),
  /** '' when the API gives none. */
  director: z.string(),
  poster: z.string(),
  status: z.enum(SEARCH_MOVIE_STATUSES),
  /** 'YYYY-MM-DD'. */
  releaseDate: z.string(),
  /** '4 de diciembre de 2026'. */
  releaseDateText: z.string(),
});
export type SearchMovieView = z.infer<typeof SearchMovieViewSchema>;

export const SearchIndexViewSchema = z.object({
  /** The theater of the movies' pages (`/{theater}/pelicula/{slug}`). */
  theater: z.string(),
  /** Showing first, then presales and releases by release date. */
  movies: z.array(SearchMovieViewSchema),
});
export type SearchIndexView = z.infer<typeof SearchIndexViewSchema>;
