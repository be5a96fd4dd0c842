import { z } from 'zod';
import { DateTextSchema, TimeTextSchema, dataEnvelope, nestedDataEnvelope } from './common.ts';

/** A day that has showtimes. */
const DateOptionSchema = z.object({
  /** Day name, comma, space, date: 'Sábado, 2026-11-22'. */
  date_string: z.string(),
  function_date: DateTextSchema,
});
export type DateOption = z.infer<typeof DateOptionSchema>;

/** GET dates/viziona. */
export const DatesAnswerSchema = dataEnvelope(z.object({ dates: z.array(DateOptionSchema) }));

/** The movie as a showtime (and a bill) carries it. */
const ShowtimeMovieSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  original_title: z.string(),
  poster: z.string(),
  duration: z.number(),
  gender: z.string(),
  rating: z.string(),
});
export type ShowtimeMovie = z.infer<typeof ShowtimeMovieSchema>;

export const ShowtimeSchema = z.object({
  id: z.number(),
  /** '7:30 PM'. */
  hour_string: z.string(),
  /** Same form as DateOption.date_string. */
  date_string: z.string(),
  function_date: DateTextSchema,
  function_hour: TimeTextSchema,
  /** '2D' or '3D'. */
  movie_format: z.string(),
  /** 'Doblada' or 'Subtitulada'. */
  movie_version: z.string(),
  room_name: z.string(),
  /** Room id (see room-details). */
  room: z.number(),
  movie: ShowtimeMovieSchema,
  /** Seats still free (not held, not sold). */
  seats: z.number(),
});
export type Showtime = z.infer<typeof ShowtimeSchema>;

export const MovieSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  original_title: z.string(),
  poster: z.string(),
  type: z.literal('movie'),
  /** Minutes. */
  duration: z.number(),
  /** Genre. */
  gender: z.string(),
  date_release: DateTextSchema,
  /** 'Todos', '7 años', '12 años', '15 años', '18 años'. */
  rating: z.string(),
  director: z.string(),
  language: z.string(),
  country: z.string(),
  synopsis: z.string(),
  /** YouTube link, 'https://youtu.be/ID' or 'https://www.youtube.com/watch?v=ID'. */
  trailer: z.string(),
  /** Versions it is shown in, comma separated: 'Doblada, Subtitulada'. */
  version: z.string(),
  /** Formats it is shown in, comma separated: '2D, 3D'. */
  format: z.string(),
  showtimes: z.array(ShowtimeSchema),
});
export type Movie = z.infer<typeof MovieSchema>;

/** GET movies/theater/viziona/showtimes?date= and GET movies/theater/{theater}. */
export const MoviesAnswerSchema = dataEnvelope(z.array(MovieSchema));

/** GET movies/{slug}. */
export const MovieAnswerSchema = dataEnvelope(MovieSchema);

/** GET movies/theater/{theater}/{slug}/showtimes. */
export const MovieShowtimesAnswerSchema = dataEnvelope(
  z.object({ dates: z.array(DateOptionSchema), showtimes: z.array(ShowtimeSchema) }),
);
export type MovieShowtimesAnswer = z.infer<typeof MovieShowtimesAnswerSchema>;

export const RELEASE_TYPE_PRESALE = 'Preventa';

const ReleaseItemSchema = z.object({
  /** 'Preventa' (presale, has showtimes) or 'Estreno'. */
  type: z.string(),
  poster: z.string(),
  title: z.string(),
  duration: z.number(),
  gender: z.string(),
  date_release: DateTextSchema,
  slug: z.string(),
});
export type ReleaseItem = z.infer<typeof ReleaseItemSchema>;

/** GET movies/releases. */
export const ReleasesAnswerSchema = dataEnvelope(z.array(ReleaseItemSchema));

export const RoomSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  complement: z.string(),
  image: z.string(),
  image_2: z.string(),
  /** HTML. */
  short_description: z.string(),
  /** HTML. */
  description: z.string(),
});
export type Room = z.infer<typeof RoomSchema>;

/** GET room-details. */
export const RoomsAnswerSchema = dataEnvelope(z.array(RoomSchema));

/** GET room-details/{slug}. */
export const RoomAnswerSchema = dataEnvelope(RoomSchema);

/** GET room-details/{theater}/{slug}/showtimes. */
export const RoomShowtimesAnswerSchema = dataEnvelope(z.array(ShowtimeSchema));

/** The confectionery page list (site content). Names containing "aval" are hidden by the site. */
const ConfectionerySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  /** HTML or null. */
  description: z.string().nullable(),
});
export type Confectionery = z.infer<typeof ConfectionerySchema>;

/** GET confectioneries/2. */
export const ConfectioneriesAnswerSchema = dataEnvelope(z.array(ConfectionerySchema));

const SnackPriceSchema = z.object({
  /** The price charged (COP). */
  General: z.number(),
  /** Price with other payment means; informative, never charged by the web sale. */
  OtroPago: z.number(),
});

/** One alternative of a recipe group (always a single product). */
const RecipeAlternativeSchema = z.object({
  Codigo: z.string(),
  Descripcion: z.string(),
  Tipo: z.literal('P'),
  Cantidad: z.number(),
  Precios: z.array(SnackPriceSchema),
});
export type RecipeAlternative = z.infer<typeof RecipeAlternativeSchema>;

/**
 * One component of a combo recipe. Tipo 'P': a fixed product, no choice (Receta empty).
 * Tipo 'A': a group; the buyer picks exactly one of its Receta alternatives.
 */
const RecipeItemSchema = z.object({
  Codigo: z.string(),
  Descripcion: z.string(),
  Tipo: z.enum(['P', 'A']),
  Cantidad: z.number(),
  Precios: z.array(SnackPriceSchema),
  Receta: z.array(RecipeAlternativeSchema),
});
export type RecipeItem = z.infer<typeof RecipeItemSchema>;

/** A product of the score (point of sale) catalogue. */
const SnackProductSchema = z.object({
  Codigo: z.string(),
  Descripcion: z.string(),
  /** 'P' single product, 'A' combo with a recipe. */
  Tipo: z.enum(['P', 'A']),
  Cantidad: z.number(),
  /** Precios[0] is the one used. */
  Precios: z.array(SnackPriceSchema).min(1),
  Receta: z.array(RecipeItemSchema),
  /** 's' member-only (Club Vizionarios with CineFan 'vigente'), 'n' for everyone. */
  CineFanPlus: z.enum(['s', 'n']),
});
export type SnackProduct = z.infer<typeof SnackProductSchema>;

/** GET confectioneries/score/viziona: data.data. */
export const SnackProductsAnswerSchema = nestedDataEnvelope(z.array(SnackProductSchema));

/** The web catalogue entry of a snack (image, category), matched by score_id = SnackProduct.Codigo. */
const CatalogueEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  score_id: z.string(),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

/** GET confectioneries: data.data. */
export const CatalogueEntriesAnswerSchema = nestedDataEnvelope(z.array(CatalogueEntrySchema));
