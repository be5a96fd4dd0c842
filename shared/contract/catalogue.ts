import { z } from 'zod';
import {
  BillboardWeekViewSchema,
  ClubViewSchema,
  ConfectioneriesViewSchema,
  CorporateViewSchema,
  HomeViewSchema,
  MovieDetailViewSchema,
  NowShowingViewSchema,
  ReleasesViewSchema,
  RoomDetailViewSchema,
  RoomsViewSchema,
} from '../views/catalogue.ts';
import { endpoints } from './endpoint.ts';
import { SlugSchema } from './params.ts';

/** Public reads of the billboard, served from the catalogue cache. */
export const catalogueEndpoints = endpoints({
  'GET /catalogue/home': {
    description:
      'The home page in one read: banners, movies now showing, the billboard of every date, releases, rooms and ' +
      'the popup. Banners, releases, rooms and the popup are optional parts: the page renders without them when ' +
      'they fail.',
    answer: HomeViewSchema,
    errors: [502],
  },
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
  'GET /catalogue/releases': {
    description: "Upcoming releases, each marked `presale` when its type is 'Preventa'.",
    answer: ReleasesViewSchema,
    errors: [502],
  },
  'GET /catalogue/rooms': {
    description: 'The rooms of the theater.',
    answer: RoomsViewSchema,
    errors: [502],
  },
  'GET /catalogue/rooms/:slug': {
    description: "A room's page: the room and its showtimes by date.",
    params: z.object({ slug: SlugSchema }),
    answer: RoomDetailViewSchema,
    errors: [404, 502],
  },
  'GET /catalogue/confectionery': {
    description: "The confectionery page's products ('aval' products left out).",
    answer: ConfectioneriesViewSchema,
    errors: [502],
  },
  'GET /catalogue/corporate': {
    description:
      'The corporate page: the introduction, five sections (from the content service, or fixed texts) and the gallery.',
    answer: CorporateViewSchema,
    errors: [502],
  },
  'GET /catalogue/club': {
    description: "The club page's membership price: its value plus its service fee, from the settings.",
    answer: ClubViewSchema,
    errors: [502],
  },
});
