import type { CartLine, SnackOffer } from '../views/booking.ts';

/**
 * The cart's rules the islands apply and the BFF checks again (bff/purchase/snack-offers.ts
 * prices a cart only when they hold).
 */

/** True when every recipe group has one of its options chosen. */
export function isRecipeComplete(offer: SnackOffer, choices: ReadonlyArray<string | null | undefined>): boolean {
  if (choices.length !== offer.groups.length) return false;
  return offer.groups.every((group, index) => group.options.some((option) => option.code === choices[index]));
}

/** The same product with the same choices is one line (quantities add up). */
export function cartLineKey(line: Pick<CartLine, 'code' | 'choices'>): string {
  return [line.code, ...line.choices].join('|');
}
