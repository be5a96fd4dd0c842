import { z } from 'zod';

/** A slug or theater as a path segment: what the API's slugs look like, nothing that could reach another path. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/i;
export const SlugSchema = z.string().regex(SLUG_PATTERN);

/** A showtime's id in a path: a positive 32-bit integer. */
export const ShowtimeIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const ShowtimeParamsSchema = z.object({ showtimeId: ShowtimeIdSchema });

/** The message of a malformed identifier in a path, on its field of the 400 answer. */
export const INVALID_IDENTIFIER_MESSAGE = 'El identificador no es válido.';

/** A content page's slug (`/pagina/{slug}`): letters, digits and hyphens, as the content service writes them. */
export const ContentSlugSchema = z.string().regex(/^[A-Za-z0-9-]{1,120}$/, { error: INVALID_IDENTIFIER_MESSAGE });

/** A bill's number in a path (the cinema API's, 'VZ000123'): tickets, payment status pages, the calendar file. */
export const BillParamsSchema = z.object({ bill: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/** A purchase of "Mis compras" by its id; a malformed one gets the BFF's text for a bad identifier. */
export const PurchaseParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: INVALID_IDENTIFIER_MESSAGE }),
});
/** A bill (purchase) number in a path, as the cinema API writes them ('VZ000123'). */
