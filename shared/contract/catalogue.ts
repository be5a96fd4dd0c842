import { z } from 'zod';
import { BillboardWeekViewSchema, MovieDetailViewSchema, NowShowingViewSchema } from '../views/catalogue.ts';
import { endpoints } from './endpoint.ts';
import { SlugSchema } from './params.ts';

/** Public reads of the billboard, served from the catalogue cache. */
export const catalogueEndpoints = endpoints({
  'GET /catalogue/movies': {
    description: 'The movies showing now (the carousels).',
    answer: NowShowingViewSchema,
    errors: [502],
  },
  'GET /catalogue/movies/week': {
    description: 'The billboard of every date, so the date pickers switch without a request.',
    answer: BillboardWeekViewSchema,
    errors: [502],
  },
  'GET /catalogue/movies/:theater/:slug': {
    description: "A movie's page: its details and showtimes.",
    params: z.object({ theater: SlugSchema, slug: SlugSchema }),
    answer: MovieDetailViewSchema,
    errors: [404, 502],
  },
});
