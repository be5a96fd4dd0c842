import { z } from 'zod';
import { cinemaCalls } from '../call.ts';
import {
  CatalogueEntriesAnswerSchema,
  ConfectioneriesAnswerSchema,
  DatesAnswerSchema,
  MovieAnswerSchema,
  MovieShowtimesAnswerSchema,
  MoviesAnswerSchema,
  ReleasesAnswerSchema,
  RoomAnswerSchema,
  RoomShowtimesAnswerSchema,
  RoomsAnswerSchema,
  SnackProductsAnswerSchema,
} from '../catalogue.ts';
import { DateTextSchema } from '../common.ts';

/** `{theater}`: the chain's one theatre, `viziona` (any other is 404). */
const theater = z.string().min(1);
const slug = z.string().min(1);

/** The catalogue of document 2: dates, movies, showtimes, releases, rooms, snacks. */
export const catalogueCalls = cinemaCalls({
  'GET /dates/:theater': {
    description: 'The days from today that have showtimes.',
    auth: 'none',
    params: z.object({ theater }),
    answer: DatesAnswerSchema,
    errors: [404],
  },
  'GET /movies/theater/:theater/showtimes': {
    description: "The movies with showtimes on a date, with that day's showtimes only.",
    auth: 'none',
    params: z.object({ theater }),
    query: z.object({ date: DateTextSchema }),
    answer: MoviesAnswerSchema,
    errors: [404, 422],
  },
  'GET /movies/theater/:theater': {
    description: 'The movies showing now, with their showtimes from today on.',
    auth: 'none',
    params: z.object({ theater }),
    answer: MoviesAnswerSchema,
    errors: [404],
  },
  'GET /movies/releases': {
    description: 'The coming releases (presales among them).',
    auth: 'none',
    answer: ReleasesAnswerSchema,
    errors: [],
  },
  'GET /movies/:slug': {
    description: 'One movie (a release too), with its showtimes from today on.',
    auth: 'none',
    params: z.object({ slug }),
    answer: MovieAnswerSchema,
    errors: [404],
  },
  'GET /movies/theater/:theater/:slug/showtimes': {
    description: "A movie's days and showtimes from today on.",
    auth: 'none',
    params: z.object({ theater, slug }),
    answer: MovieShowtimesAnswerSchema,
    errors: [404],
  },
  'GET /room-details': {
    description: 'Every room.',
    auth: 'none',
    answer: RoomsAnswerSchema,
    errors: [],
  },
  'GET /room-details/:slug': {
    description: 'One room.',
    auth: 'none',
    params: z.object({ slug }),
    answer: RoomAnswerSchema,
    errors: [404],
  },
  'GET /room-details/:theater/:slug/showtimes': {
    description: "A room's showtimes from today on, by date and hour.",
    auth: 'none',
    params: z.object({ theater, slug }),
    answer: RoomShowtimesAnswerSchema,
    errors: [404],
  },
  'GET /confectioneries/2': {
    description: "The confectionery page's list.",
    auth: 'none',
    answer: ConfectioneriesAnswerSchema,
    errors: [],
  },
  'GET /confectioneries/score/:theater': {
    description: "The point of sale's snacks and combos, with prices and recipes.",
    auth: 'none',
    params: z.object({ theater }),
    answer: SnackProductsAnswerSchema,
    errors: [404],
  },
  'GET /confectioneries': {
    description: "The snacks' images and categories (`score_id` is the product's code).",
    auth: 'none',
    answer: CatalogueEntriesAnswerSchema,
    errors: [],
  },
});
