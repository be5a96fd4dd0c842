/**
 * The room layout's `TipoSilla` values. Kept apart from the zod schemas of `booking.ts` so that
 * browser code reading a seat map (the purchase island) does not carry zod with it.
 */
export const SEAT_TYPE_AISLE = 'pasillo';
export const SEAT_TYPE_DISABLED = 'Discapacitado';
export const SEAT_TYPE_NORMAL = 'Normal';
