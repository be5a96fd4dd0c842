import { z } from 'zod';

/** A slug or theater as a path segment: what the API's slugs look like, nothing that could reach another path. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/i;
export const SlugSchema = z.string().regex(SLUG_PATTERN);

/** A showtime's id in a path: a positive 32-bit integer. */
export const ShowtimeIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const ShowtimeParamsSchema = z.object({ showtimeId: ShowtimeIdSchema });
