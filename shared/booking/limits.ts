/**
 * Seat and combo limits (document 2, section 5): at most `maxSeats` seats, and at most
 * `maxSeats` combos in total (the same `maximo_entradas` setting bounds both).
 */

/** True when one more seat may be selected. */
export function canSelectAnotherSeat(selectedCount: number, maxSeats: number): boolean {
  return selectedCount < maxSeats;
}

/** True when the combos in the cart may grow by `adding` units. */
export function canAddCombos(comboCountInCart: number, adding: number, maxCombos: number): boolean {
  return comboCountInCart + adding <= maxCombos;
}

/** A quantity the stepper accepts: a whole number, at least 1. */
export function clampComboQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.floor(quantity));
}
