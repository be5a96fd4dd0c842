import { isRecipeComplete } from '#shared/booking/snacks.ts';
import type { CatalogueEntry, SnackProduct } from '#shared/cinema-api/catalogue.ts';
import type { CartLine, SnackOffer, SnackOption } from '#shared/views/booking.ts';
import type { PriceAudience } from './zone-prices.ts';

/**
 * The snacks offered to a person (document 2, sections 3 and 6) and the pricing of a cart
 * against them. Everyone gets the ordinary list (CineFanPlus 'n'); a member with CineFan
 * 'vigente' also gets the member-only products ('s'), which the cinema API sells to nobody
 * else. Precios[0].General is the price charged.
 */
const usesMemberSnackList = (audience: PriceAudience): boolean => audience.activeCard && audience.cineFanVigente;

const priceOf = (product: SnackProduct): number => product.Precios[0]?.General ?? 0;
/** 'Crispetas grandes (Club)' and 'Crispetas grandes' are the same product at two prices. */
const baseName = (name: string): string =>
  name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export function buildSnackOffers(
  products: ReadonlyArray<SnackProduct>,
  catalogue: ReadonlyArray<CatalogueEntry>,
  audience: PriceAudience,
): SnackOffer[] {
  const memberList = usesMemberSnackList(audience);
  const entries = new Map(catalogue.map((entry) => [entry.score_id, entry]));
  const ordinaryByName = new Map(
    products
      .filter((product) => product.CineFanPlus === 'n')
      .map((product) => [baseName(product.Descripcion), product]),
  );

  return products
    .filter((product) => (product.CineFanPlus === 'n' || memberList) && priceOf(product) > 0)
    .map((product) => {
      const entry = entries.get(product.Codigo);
      const ordinary = product.CineFanPlus === 's' ? ordinaryByName.get(baseName(product.Descripcion)) : undefined;
      const price = priceOf(product);
      return {
        code: product.Codigo,
        name: product.Descripcion,
        kind: product.Tipo === 'A' ? 'combo' : 'product',
        image: entry?.image ?? null,
        category: entry?.category_name ?? null,
        price,
        savingPerUnit: ordinary ? Math.max(0, priceOf(ordinary) - price) : 0,
        fixed: product.Receta.filter((item) => item.Tipo === 'P').map((item) => ({
          code: item.Codigo,
          name: item.Descripcion,
          quantity: item.Cantidad,
        })),
        groups: product.Receta.filter((item) => item.Tipo === 'A').map((item) => ({
          code: item.Codigo,
          name: item.Descripcion,
          quantity: item.Cantidad,
          options: item.Receta.map((option) => ({ code: option.Codigo, name: option.Descripcion })),
        })),
      } satisfies SnackOffer;
    });
}

export interface PricedCartLine {
  offer: SnackOffer;
  quantity: number;
  choices: SnackOption[];
  unitPrice: number;
  savingPerUnit: number;
}

export type PricedCart =
  | { ok: true; lines: PricedCartLine[] }
  | { ok: false; reason: 'unknown-product' | 'incomplete-recipe' | 'bad-quantity' };

/**
 * Prices a cart against the offers of this person. Any product not offered, any quantity
 * that is not a whole number of 1 or more, any incomplete or foreign recipe refuses the cart.
 */
export function priceCart(lines: ReadonlyArray<CartLine>, offers: ReadonlyArray<SnackOffer>): PricedCart {
  const byCode = new Map(offers.map((offer) => [offer.code, offer]));
  const priced: PricedCartLine[] = [];
  for (const line of lines) {
    const offer = byCode.get(line.code);
    if (!offer) return { ok: false, reason: 'unknown-product' };
    if (!Number.isInteger(line.quantity) || line.quantity < 1) return { ok: false, reason: 'bad-quantity' };
    if (!isRecipeComplete(offer, line.choices)) return { ok: false, reason: 'incomplete-recipe' };
    const choices = offer.groups.flatMap((group, index) =>
      group.options.filter((option) => option.code === line.choices[index]).slice(0, 1),
    );
    priced.push({
      offer,
      quantity: line.quantity,
      choices,
      unitPrice: offer.price,
      savingPerUnit: offer.savingPerUnit,
    });
  }
  return { ok: true, lines: priced };
}
