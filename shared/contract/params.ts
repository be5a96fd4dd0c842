import { z } from 'zod';

/** A slug or theater as a path segment: what the API's slugs look like, nothing that could reach another path. */
export const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/i);

/** A showtime's id in a path: a positive 32-bit integer. */
export const ShowtimeIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const ShowtimeParamsSchema = z.object({ showtimeId: ShowtimeIdSchema });

/** A bill (purchase) number in a path, as the cinema API writes them ('VZ000123'). */
export const BillParamsSchema = z.object({ bill: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
