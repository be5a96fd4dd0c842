import { z } from 'zod';

/**
 * View-ready shapes of the BFF's public catalogue routes (`/bff/catalogue/...`): what the
 * pages render, already grouped and formatted. Calendar dates are 'YYYY-MM-DD' and hours
 * 'HH:mm:ss' in Bogotá; every `...Text` field is formatted es-CO (see shared/format/).
 * Upstream fields the pages do not use are left out. The schemas are the BFF routes'
 * response schemas; pages and islands import the types only.
 */

/** The theater the chain's site shows (the API's `{theater}` path segment). */
export const HOME_THEATER = 'viziona';

const LinkTargetSchema = z.enum(['_self', '_blank']);
export type LinkTarget = z.infer<typeof LinkTargetSchema>;

/** One button of a date picker. */
const DateOptionViewSchema = z.object({
  date: z.string(),
  /** 'Dom'. */
  weekday: z.string(),
  /** '22 nov'. */
  day: z.string(),
  /** 'Domingo, 22 de noviembre'. */
  label: z.string(),
});
export type DateOptionView = z.infer<typeof DateOptionViewSchema>;

const ShowtimeHourViewSchema = z.object({
  id: z.number(),
  hour: z.string(),
  /** '7:30 p. m.'. */
  hourText: z.string(),
  /** ISO instant with Bogotá's offset: structured data, and when the hour stops being sold. */
  startsAt: z.string(),
  /** ISO instant with Bogotá's offset: the start plus the movie's length (until then it is 'En curso'). */
  endsAt: z.string(),
  /** Seats still free. */
  seats: z.number(),
});
export type ShowtimeHourView = z.infer<typeof ShowtimeHourViewSchema>;

/** The hours of one movie on one date in one format, version and room. */
const ShowtimeGroupViewSchema = z.object({
  format: z.string(),
  version: z.string(),
  roomId: z.number(),
  roomName: z.string(),
  hours: z.array(ShowtimeHourViewSchema),
});
export type ShowtimeGroupView = z.infer<typeof ShowtimeGroupViewSchema>;

export const MovieCardViewSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  poster: z.string(),
  genre: z.string(),
  rating: z.string(),
  durationMinutes: z.number(),
  /** '2 h 15 min'. */
  durationText: z.string(),
  releaseDate: z.string(),
  /** '22 de noviembre de 2026'. */
  releaseDateText: z.string(),
});
export type MovieCardView = z.infer<typeof MovieCardViewSchema>;

/** A movie of one billboard day with its hours. */
const BillboardMovieViewSchema = MovieCardViewSchema.extend({
  groups: z.array(ShowtimeGroupViewSchema),
});

const BillboardDayViewSchema = z.object({
  date: z.string(),
  movies: z.array(BillboardMovieViewSchema),
});
export type BillboardDayView = z.infer<typeof BillboardDayViewSchema>;

/** Every date of the billboard with its movies, so a date picker switches without a request. */
export const BillboardWeekViewSchema = z.object({
  theater: z.string(),
  dates: z.array(DateOptionViewSchema),
  days: z.array(BillboardDayViewSchema),
});
export type BillboardWeekView = z.infer<typeof BillboardWeekViewSchema>;

/** `GET /bff/catalogue/movies`: the movies now showing. */
export const NowShowingViewSchema = z.object({
  theater: z.string(),
  movies: z.array(MovieCardViewSchema),
});

export const MovieDetailViewSchema = z.object({
  theater: z.string(),
  movie: MovieCardViewSchema.extend({
    director: z.string(),
    language: z.string(),
    country: z.string(),
    synopsis: z.string(),
    versions: z.array(z.string()),
    formats: z.array(z.string()),
    /** The trailer link as the API gives it ('' when none). */
    trailer: z.string(),
    /** youtube-nocookie embed URL built from the link's last path segment, or null. */
    trailerEmbedUrl: z.string().nullable(),
  }),
  dates: z.array(DateOptionViewSchema),
  days: z.array(z.object({ date: z.string(), groups: z.array(ShowtimeGroupViewSchema) })),
  /**
   * The least a visitor pays for one ticket of each showtime on sale (COP, service fee
   * included; no membership price), for the page's "price from" and its structured data. A
   * showtime whose prices the cinema API did not give is missing.
   */
  pricesFrom: z.array(z.object({ showtimeId: z.number(), price: z.number() })),
});
export type MovieDetailView = z.infer<typeof MovieDetailViewSchema>;

const ReleaseViewSchema = z.object({
  slug: z.string(),
  title: z.string(),
  poster: z.string(),
  genre: z.string(),
  durationMinutes: z.number(),
  durationText: z.string(),
  releaseDate: z.string(),
  releaseDateText: z.string(),
  /** 'Preventa' or 'Estreno', as the API names it. */
  type: z.string(),
  /** Type 'Preventa': shown with its badge. */
  presale: z.boolean(),
  /**
   * The hours already on sale, by date, as the movie's page lists them (a presale, or a
   * release programmed early); empty while nothing is on sale (the page offers "Avísame").
   */
  days: z.array(
    z.object({
      date: z.string(),
      /** 'Martes, 2 de diciembre'. */
      label: z.string(),
      groups: z.array(ShowtimeGroupViewSchema),
    }),
  ),
});
export type ReleaseView = z.infer<typeof ReleaseViewSchema>;

export const ReleasesViewSchema = z.object({ theater: z.string(), releases: z.array(ReleaseViewSchema) });

const RoomViewSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  complement: z.string(),
  image: z.string(),
  image2: z.string(),
  /** Sanitised HTML. */
  shortDescriptionHtml: z.string(),
  /** Sanitised HTML. */
  descriptionHtml: z.string(),
});
export type RoomView = z.infer<typeof RoomViewSchema>;

export const RoomsViewSchema = z.object({ rooms: z.array(RoomViewSchema) });

/** A movie playing in one room on one date, with its hours by format and version. */
const RoomDayMovieViewSchema = z.object({
  slug: z.string(),
  title: z.string(),
  poster: z.string(),
  rating: z.string(),
  durationText: z.string(),
  groups: z.array(ShowtimeGroupViewSchema),
});
export type RoomDayMovieView = z.infer<typeof RoomDayMovieViewSchema>;

export const RoomDetailViewSchema = z.object({
  theater: z.string(),
  room: RoomViewSchema,
  dates: z.array(DateOptionViewSchema),
  days: z.array(z.object({ date: z.string(), movies: z.array(RoomDayMovieViewSchema) })),
});
export type RoomDetailView = z.infer<typeof RoomDetailViewSchema>;

export const BannerViewSchema = z.object({
  id: z.number(),
  image: z.string(),
  name: z.string(),
  url: z.string(),
  target: LinkTargetSchema,
});
export type BannerView = z.infer<typeof BannerViewSchema>;

const PopupViewSchema = z.object({
  image: z.string(),
  url: z.string().nullable(),
  target: LinkTargetSchema,
});
export type PopupView = z.infer<typeof PopupViewSchema>;

export const HomeViewSchema = z.object({
  theater: z.string(),
  banners: z.array(BannerViewSchema),
  /** Movies now showing, for the top carousel (the site shuffles them with the banners). */
  movies: z.array(MovieCardViewSchema),
  billboard: BillboardWeekViewSchema,
  releases: z.array(ReleaseViewSchema),
  rooms: z.array(RoomViewSchema),
  popup: PopupViewSchema.nullable(),
});
export type HomeView = z.infer<typeof HomeViewSchema>;

const ConfectioneryViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** null: the page shows the placeholder logo. */
  image: z.string().nullable(),
  /** Sanitised HTML, or null. */
  descriptionHtml: z.string().nullable(),
});
export type ConfectioneryView = z.infer<typeof ConfectioneryViewSchema>;

export const ConfectioneriesViewSchema = z.object({ products: z.array(ConfectioneryViewSchema) });

const CorporateSectionViewSchema = z.object({
  /** 1 to 5, as numbered on the page. */
  number: z.number(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Sanitised HTML: the content service's text, or the spec's fallback text. */
  html: z.string(),
  image: z.string().nullable(),
  /** false when the fallback text is shown. */
  fromContentService: z.boolean(),
});
export type CorporateSectionView = z.infer<typeof CorporateSectionViewSchema>;

const GalleryImageViewSchema = z.object({ id: z.number(), image: z.string() });

export const CorporateViewSchema = z.object({
  intro: z.object({
    title: z.string(),
    subtitle: z.string().nullable(),
    html: z.string(),
    image: z.string().nullable(),
  }),
  sections: z.array(CorporateSectionViewSchema),
  /** Shown with the activations section. */
  gallery: z.array(GalleryImageViewSchema),
});
export type CorporateView = z.infer<typeof CorporateViewSchema>;

export const ClubViewSchema = z.object({
  /** membresia_valor + membresia_servicio (COP). */
  membershipPrice: z.number(),
  /** '$ 99.000'. */
  membershipPriceText: z.string(),
});
