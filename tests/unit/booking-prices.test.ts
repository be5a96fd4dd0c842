import { describe, expect, it } from 'vitest';
import type { PriceZone } from '#shared/cinema-api/booking.ts';
import { NON_MEMBER, buildZoneOffers } from '#bff/purchase/common/zone-prices.ts';
import { formatCop } from '#shared/format/money.ts';

const zone = (
  codigo: string,
  zona: string,
  valor: number,
  ClienteFrecuente: PriceZone['ClienteFrecuente'],
  descripcion = zona,
): PriceZone => ({
  codigo,
  zona,
  valor,
  descripcion,
  ClienteFrecuente,
});

const prices: PriceZone[] = [
  zone('GEN', 'General', 18_000, 'deshabilitado'),
  zone('GENC', 'General', 14_400, 'habilitado'),
  zone('GENAV', 'General', 12_000, 'habilitado', 'General aval'),
  zone('PRE', 'Preferencial', 24_000, 'deshabilitado'),
  zone('PREC', 'Preferencial', 19_200, 'habilitado'),
  zone('CORT', 'Cortesia', 1, 'deshabilitado'),
  zone('ZERO', 'Cero', 0, 'habilitado'),
];

describe('zone offers', () => {
  it('ignores zones priced at 1 or less and keeps the cinema order', () => {
    expect(buildZoneOffers(prices, NON_MEMBER).map((offer) => offer.zone)).toEqual(['General', 'Preferencial']);
  });

  it('charges non-members the ordinary price and invites them to join', () => {
    const [general] = buildZoneOffers(prices, NON_MEMBER);
    expect(general).toMatchObject({ code: 'GEN', price: 18_000, isMemberPrice: false, savingPerTicket: 3_600 });
    expect(general?.savingText).toBe(`Afíliate y ahorra ${formatCop(3_600)} por boleta`);
  });

  it('charges members with an active card the frequent-client price, without "aval" unless CineFan is vigente', () => {
    const [general, preferential] = buildZoneOffers(prices, { activeCard: true, cineFanVigente: false });
    expect(general).toMatchObject({ code: 'GENC', price: 14_400, isMemberPrice: true, savingPerTicket: 3_600 });
    expect(general?.savingText).toBe(`Ahorras ${formatCop(3_600)} por boleta`);
    expect(preferential).toMatchObject({ code: 'PREC', price: 19_200 });
  });

  it('gives "aval" prices only to an active card with CineFan vigente', () => {
    const [general, preferential] = buildZoneOffers(prices, { activeCard: true, cineFanVigente: true });
    expect(general).toMatchObject({ code: 'GENAV', price: 12_000, savingPerTicket: 6_000 });
    expect(general?.savingText).toBe(`Ahorras ${formatCop(6_000)} por boleta`);
    expect(preferential).toMatchObject({ code: 'PREC', price: 19_200 });
    // CineFan vigente without an active card is not a member.
    expect(buildZoneOffers(prices, { activeCard: false, cineFanVigente: true })[0]).toMatchObject({ code: 'GEN' });
  });

  it('shows no saving text when the member price is no cheaper', () => {
    const flat = [zone('A', 'Sala', 10_000, 'deshabilitado'), zone('B', 'Sala', 10_000, 'habilitado')];
    expect(buildZoneOffers(flat, NON_MEMBER)[0]?.savingText).toBeNull();
    expect(buildZoneOffers(flat, { activeCard: true, cineFanVigente: true })[0]?.savingText).toBeNull();
  });
});
