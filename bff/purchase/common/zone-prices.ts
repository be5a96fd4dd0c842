import { joinAndSaveText, youSaveText } from '#shared/booking/texts.ts';
import {
  FREQUENT_CLIENT_DISABLED,
  FREQUENT_CLIENT_ENABLED,
  NOT_FOR_SALE_MAX_PRICE,
  isAvalPrice,
  type PriceZone,
} from '#shared/cinema-api/booking.ts';
import { formatCop } from '#shared/format/money.ts';
import type { ZoneOffer } from '#shared/views/booking.ts';

/** What decides the price a person pays (document 2, section 6). */
export interface PriceAudience {
  /** Membership status 'Usuario con tarjeta activa'. */
  activeCard: boolean;
  /** CineFan 'vigente'. */
  cineFanVigente: boolean;
}

export const NON_MEMBER: PriceAudience = { activeCard: false, cineFanVigente: false };

const isMemberAudience = (audience: PriceAudience): boolean => audience.activeCard;

/**
 * The zones offered to this person, in the order the cinema lists them. Entries with a value
 * of 1 or less are ignored; a zone is offered when it has an ordinary price. Members pay the
 * frequent-client price ('habilitado'), or the "aval" price when their card is active and
 * CineFan is 'vigente'; everyone else pays the ordinary price ('deshabilitado').
 */
export function buildZoneOffers(prices: ReadonlyArray<PriceZone>, audience: PriceAudience): ZoneOffer[] {
  const byZone = new Map<string, PriceZone[]>();
  for (const entry of prices) {
    if (!(entry.valor > NOT_FOR_SALE_MAX_PRICE)) continue;
    const list = byZone.get(entry.zona);
    if (list) list.push(entry);
    else byZone.set(entry.zona, [entry]);
  }

  const offers: ZoneOffer[] = [];
  for (const [zone, entries] of byZone) {
    const ordinary = cheapest(
      entries.filter((e) => e.ClienteFrecuente === FREQUENT_CLIENT_DISABLED && !isAvalPrice(e)),
    );
    if (!ordinary) continue;
    const member = cheapest(entries.filter((e) => e.ClienteFrecuente === FREQUENT_CLIENT_ENABLED && !isAvalPrice(e)));
    const aval = cheapest(entries.filter((e) => e.ClienteFrecuente === FREQUENT_CLIENT_ENABLED && isAvalPrice(e)));

    let charged = ordinary;
    if (isMemberAudience(audience)) {
      charged = (audience.cineFanVigente ? cheapest([aval, member].filter(isPresent)) : member) ?? ordinary;
    }
    const isMemberPrice = charged !== ordinary;
    const savingPerTicket = isMemberPrice
      ? Math.max(0, ordinary.valor - charged.valor)
      : Math.max(0, ordinary.valor - (member?.valor ?? ordinary.valor));
    const savingText =
      savingPerTicket <= 0
        ? null
        : isMemberPrice
          ? youSaveText(formatCop(savingPerTicket))
          : joinAndSaveText(formatCop(savingPerTicket));

    offers.push({
      code: charged.codigo,
      zone,
      description: ordinary.descripcion,
      price: charged.valor,
      ordinaryPrice: ordinary.valor,
      savingPerTicket,
      isMemberPrice,
      savingText,
    });
  }
  return offers;
}

function isPresent<T>(value: T | undefined): value is T {
  return value !== undefined;
}

function cheapest(entries: ReadonlyArray<PriceZone>): PriceZone | undefined {
  let best: PriceZone | undefined;
  for (const entry of entries) if (!best || entry.valor < best.valor) best = entry;
  return best;
}
