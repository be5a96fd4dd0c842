import type { PriceZone } from '#shared/cinema-api/booking.ts';
import { PRICE_ZONES, THREE_D_SURCHARGE } from '../db/seed/price-zones.ts';
import type { SandboxContext } from '../lib/context.ts';
import type { ShowtimeRow } from './showtimes.ts';

/** The price list of one showtime: the zones of its room (3D costs more) plus the courtesy entry. */
export function pricesFor(ctx: SandboxContext, showtime: ShowtimeRow): PriceZone[] {
  const zones = ctx.catalogue.roomZones.get(showtime.room_id) ?? new Set<string>();
  const surcharge = showtime.movie_format === '3D' ? THREE_D_SURCHARGE : 0;
  return PRICE_ZONES.filter((zone) => zone.valor <= 1 || zones.has(zone.zona)).map((zone) => ({
    ...zone,
    valor: zone.valor <= 1 ? zone.valor : zone.valor + surcharge,
  }));
}
