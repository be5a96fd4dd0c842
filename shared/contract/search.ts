import { SearchIndexViewSchema } from '../views/search.ts';
import { endpoints } from './endpoint.ts';

/** The movie search (issue 34): one public, cacheable index, matched by shared/search/. */
export const searchEndpoints = endpoints({
  'GET /search/movies': {
    description:
      'Every movie showing and upcoming with its titles, genre and director: the index the header’s suggestions and the /buscar page search.',
    answer: SearchIndexViewSchema,
    errors: [502],
  },
});
