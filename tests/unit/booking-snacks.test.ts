import { describe, expect, it } from 'vitest';
import type { SnackProduct } from '#shared/cinema-api/catalogue.ts';
import { buildSnackOffers, priceCart } from '#bff/purchase/common/snack-offers.ts';
import { NON_MEMBER } from '#bff/purchase/common/zone-prices.ts';
import { isRecipeComplete } from '#shared/booking/snacks.ts';

const price = (General: number) => [{ General, OtroPago: General + 1000 }];
const product = (Codigo: string, Descripcion: string, General: number, CineFanPlus: 's' | 'n'): SnackProduct => ({
  Codigo,
  Descripcion,
  Tipo: 'P',
  Cantidad: 1,
  Precios: price(General),
  Receta: [],
  CineFanPlus,
});
const combo = (Codigo: string, General: number, CineFanPlus: 's' | 'n'): SnackProduct => ({
  Codigo,
  Descripcion: 'Combo Pareja',
  Tipo: 'A',
  Cantidad: 1,
  Precios: price(General),
  CineFanPlus,
  Receta: [
    { Codigo: 'POP', Descripcion: 'Crispetas grandes', Tipo: 'P', Cantidad: 1, Precios: price(0), Receta: [] },
    {
      Codigo: 'BEB',
      Descripcion: 'Bebida',
      Tipo: 'A',
      Cantidad: 2,
      Precios: price(0),
      Receta: [
        { Codigo: 'COLA', Descripcion: 'Gaseosa cola', Tipo: 'P', Cantidad: 1, Precios: price(0) },
        { Codigo: 'AGUA', Descripcion: 'Agua', Tipo: 'P', Cantidad: 1, Precios: price(0) },
      ],
    },
  ],
});

const products = [
  product('P1', 'Crispetas', 12_000, 'n'),
  combo('C1', 38_000, 'n'),
  combo('C1S', 30_400, 's'),
  product('P1S', 'Crispetas (Club)', 9_600, 's'),
];
const catalogue = [
  { id: 1, name: 'Combo Pareja', image: '/img/c1.svg', category_id: 1, category_name: 'Combos', score_id: 'C1' },
];

describe('snack offers', () => {
  it('gives everyone but vigente members the ordinary list', () => {
    const offers = buildSnackOffers(products, catalogue, NON_MEMBER);
    expect(offers.map((offer) => offer.code)).toEqual(['P1', 'C1']);
    expect(offers[1]).toMatchObject({ kind: 'combo', image: '/img/c1.svg', price: 38_000, savingPerUnit: 0 });
    expect(offers[1]?.fixed).toEqual([{ code: 'POP', name: 'Crispetas grandes', quantity: 1 }]);
    expect(offers[1]?.groups[0]?.options.map((option) => option.code)).toEqual(['COLA', 'AGUA']);
    expect(
      buildSnackOffers(products, catalogue, { activeCard: true, cineFanVigente: false }).map((o) => o.code),
    ).toEqual(['P1', 'C1']);
  });

  it('adds the member-only products for vigente members, with their saving', () => {
    const offers = buildSnackOffers(products, catalogue, { activeCard: true, cineFanVigente: true });
    expect(offers.map((offer) => offer.code)).toEqual(['P1', 'C1', 'C1S', 'P1S']);
    // 'Combo Pareja' has an ordinary twin; 'Crispetas (Club)' is 'Crispetas' at a member price.
    expect(offers.map((offer) => offer.savingPerUnit)).toEqual([0, 0, 7_600, 2_400]);
  });
});

describe('cart pricing', () => {
  const offers = buildSnackOffers(products, catalogue, NON_MEMBER);
  const comboOffer = offers[1]!;

  it('demands one valid choice per recipe group', () => {
    expect(isRecipeComplete(comboOffer, ['COLA'])).toBe(true);
    expect(isRecipeComplete(comboOffer, [])).toBe(false);
    expect(isRecipeComplete(comboOffer, ['POP'])).toBe(false);
  });

  it('prices lines from the offers, never from the browser', () => {
    const cart = priceCart(
      [
        { code: 'C1', quantity: 2, choices: ['AGUA'] },
        { code: 'P1', quantity: 1, choices: [] },
      ],
      offers,
    );
    expect(cart.ok).toBe(true);
    if (!cart.ok) return;
    expect(
      cart.lines.map((line) => [line.offer.code, line.unitPrice, line.quantity, line.choices.map((c) => c.code)]),
    ).toEqual([
      ['C1', 38_000, 2, ['AGUA']],
      ['P1', 12_000, 1, []],
    ]);
  });

  it('refuses products not offered to this person, bad quantities and incomplete recipes', () => {
    expect(priceCart([{ code: 'C1S', quantity: 1, choices: ['AGUA'] }], offers)).toEqual({
      ok: false,
      reason: 'unknown-product',
    });
    expect(priceCart([{ code: 'P1', quantity: 0, choices: [] }], offers)).toEqual({
      ok: false,
      reason: 'bad-quantity',
    });
    expect(priceCart([{ code: 'P1', quantity: 1.5, choices: [] }], offers)).toEqual({
      ok: false,
      reason: 'bad-quantity',
    });
    expect(priceCart([{ code: 'C1', quantity: 1, choices: [] }], offers)).toEqual({
      ok: false,
      reason: 'incomplete-recipe',
    });
  });
});
