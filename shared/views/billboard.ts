import { z } from 'zod';
import { BillboardMovieViewSchema, DateOptionViewSchema } from './catalogue.ts';

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
