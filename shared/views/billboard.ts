import { z } from 'zod';
import type {
  BillboardMovieView,
  DateOptionView,
  ShowtimeGroupView,
  ShowtimeHourView,
} from './catalogue.ts';

// Zod forms of the catalogue view types (shared/views/catalogue.ts) that the billboard
// route answers with; `satisfies` keeps both in step.

export const DateOptionViewSchema = z.object({
  date: z.string(),
  weekday: z.string(),
  day: z.string(),
  label: z.string(),
}) satisfies z.ZodType<DateOptionView>;

export const ShowtimeHourViewSchema = z.object({
  id: z.number(),
  hour: z.string(),
  hourText: z.string(),
  startsAt: z.string(),
  seats: z.number(),
}) satisfies z.ZodType<ShowtimeHourView>;

export const ShowtimeGroupViewSchema = z.object({
  format: z.string(),
  version: z.string(),
  roomId: z.number(),
  roomName: z.string(),
  hours: z.array(ShowtimeHourViewSchema),
}) satisfies z.ZodType<ShowtimeGroupView>;

export const BillboardMovieViewSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  poster: z.string(),
  genre: z.string(),
  rating: z.string(),
  durationMinutes: z.number(),
  durationText: z.string(),
  releaseDate: z.string(),
  releaseDateText: z.string(),
  groups: z.array(ShowtimeGroupViewSchema),
}) satisfies z.ZodType<BillboardMovieView>;

/**
 * `GET /bff/catalogue/billboard?date=YYYY-MM-DD`: the billboard of one day. `dates` are the
 * days with showtimes (from dates/viziona); `date` is the day shown (the requested one, else
 * the first available; null when there is none).
 */
export const BillboardViewSchema = z.object({
  theater: z.string(),
  date: z.string().nullable(),
  dates: z.array(DateOptionViewSchema),
  movies: z.array(BillboardMovieViewSchema),
});
export type BillboardView = z.infer<typeof BillboardViewSchema>;
