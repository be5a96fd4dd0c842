import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RELEASE_TYPE_PRESALE, type Movie, type ReleaseItem } from '#shared/cinema-api/catalogue.ts';
import { formatReleaseDate } from '#shared/format/dates.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import { SearchIndexViewSchema, type SearchIndexView, type SearchMovieView } from '#shared/views/search.ts';
import type { CachedRead } from '#bff/plugins/read-cache.ts';

/**
 * The search index (`GET /bff/search/movies`, site/decisions/movie-search.md): the movies
 * showing and the releases, each with its titles, genre and director. The cinema API's list
 * of releases carries neither the original title nor the director, so each release is read
 * once more (`movies/{slug}`, as its movie page does); a release whose read fails is still
 * found by its title and genre. Through the catalogue cache like every public read: one
 * upstream round per refresh, whatever the number of searches.
 */
interface ReadContext {
  app: Pick<FastifyInstance, 'upstream' | 'catalogueCache'>;
  request: FastifyRequest;
}

const SEARCH_INDEX_KEY = `search-index:${HOME_THEATER}`;

const showingView = (movie: Movie): SearchMovieView => ({
  slug: movie.slug,
  title: movie.title,
  originalTitle: movie.original_title,
  genre: movie.gender,
  director: movie.director,
  poster: movie.poster,
  status: 'showing',
  releaseDate: movie.date_release,
  releaseDateText: formatReleaseDate(movie.date_release),
});

const isPresale = (release: ReleaseItem): boolean =>
  release.type.trim().toLowerCase() === RELEASE_TYPE_PRESALE.toLowerCase();

const releaseView = (release: ReleaseItem, details: Movie | null): SearchMovieView => ({
  slug: release.slug,
  title: release.title,
  originalTitle: details?.original_title ?? '',
  genre: release.gender,
  director: details?.director ?? '',
  poster: release.poster,
  status: isPresale(release) ? 'presale' : 'upcoming',
  releaseDate: release.date_release,
  releaseDateText: formatReleaseDate(release.date_release),
});

async function releaseDetails(context: ReadContext, slug: string): Promise<Movie | null> {
  try {
    const answer = await context.app.upstream.call(context.request, 'GET /movies/:slug', { params: { slug } });
    return answer.data;
  } catch (error) {
    context.request.log.warn({ err: error, slug }, 'release details unavailable for the search index');
    return null;
  }
}

/** Movies showing first (the API's order), then presales and releases by release date; each slug once. */
export function buildSearchIndex(
  showing: readonly Movie[],
  releases: ReadonlyArray<readonly [ReleaseItem, Movie | null]>,
) {
  const seen = new Set<string>();
  const movies: SearchMovieView[] = [];
  const add = (view: SearchMovieView) => {
    if (seen.has(view.slug)) return;
    seen.add(view.slug);
    movies.push(view);
  };
  showing.forEach((movie) => add(showingView(movie)));
  [...releases]
    .sort(([a], [b]) => a.date_release.localeCompare(b.date_release))
    .forEach(([release, details]) => add(releaseView(release, details)));
  return { theater: HOME_THEATER, movies };
}

export function readSearchIndex(context: ReadContext): Promise<CachedRead<SearchIndexView>> {
  return context.app.catalogueCache.read(SEARCH_INDEX_KEY, async () => {
    const [showing, releases] = await Promise.all([
      context.app.upstream.call(context.request, 'GET /movies/theater/:theater', { params: { theater: HOME_THEATER } }),
      context.app.upstream.call(context.request, 'GET /movies/releases'),
    ]);
    const showingSlugs = new Set(showing.data.map((movie) => movie.slug));
    const withDetails = await Promise.all(
      releases.data
        .filter((release) => !showingSlugs.has(release.slug))
        .map(async (release) => [release, await releaseDetails(context, release.slug)] as const),
    );
    return SearchIndexViewSchema.parse(buildSearchIndex(showing.data, withDetails));
  });
}
