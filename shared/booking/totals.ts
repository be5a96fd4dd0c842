/**
 * The purchase totals (document 2, section 9), computed by the BFF from authoritative prices
 * and shown by the islands: service = ticket fee × seats + snack fee × combos; subtotal =
 * tickets + snacks; total = subtotal + service; saving = ticket differences + snack saving.
 */
export interface SnackLineAmounts {
  /** Price of one unit this person pays (COP). */
  unitPrice: number;
  quantity: number;
  /** What one unit saves against the ordinary price (0 when none). */
  savingPerUnit?: number;
}

export interface TotalsInput {
  seats: number;
  /** Price of one ticket of the chosen zone for this person. */
  ticketUnitPrice: number;
  /** What one ticket saves against the ordinary price (0 for non-members). */
  ticketSavingPerSeat: number;
  snacks: ReadonlyArray<SnackLineAmounts>;
  fees: { ticket: number; snack: number };
}

export interface Totals {
  seats: number;
  /** Snack units in the cart (each counts as one combo for the fee and the limit). */
  combos: number;
  tickets: number;
  snacks: number;
  service: number;
  subtotal: number;
  total: number;
  saving: number;
}

const whole = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

export function countCombos(snacks: ReadonlyArray<{ quantity: number }>): number {
  return snacks.reduce((sum, line) => sum + whole(line.quantity), 0);
}

export function computeTotals(input: TotalsInput): Totals {
  const seats = whole(input.seats);
  const combos = countCombos(input.snacks);
  const tickets = seats * whole(input.ticketUnitPrice);
  const snacks = input.snacks.reduce((sum, line) => sum + whole(line.unitPrice) * whole(line.quantity), 0);
  const service = whole(input.fees.ticket) * seats + whole(input.fees.snack) * combos;
  const subtotal = tickets + snacks;
  const saving =
    seats * whole(input.ticketSavingPerSeat) +
    input.snacks.reduce((sum, line) => sum + whole(line.savingPerUnit ?? 0) * whole(line.quantity), 0);
  return { seats, combos, tickets, snacks, service, subtotal, total: subtotal + service, saving };
}
