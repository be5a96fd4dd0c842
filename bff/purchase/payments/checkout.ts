import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductLine } from '#shared/cinema-api/payments.ts';
import { canAddCombos } from '#shared/booking/limits.ts';
import { buildZoneOffers } from '#bff/purchase/common/zone-prices.ts';
import { countCombos, computeTotals, type Totals } from '#shared/booking/totals.ts';
import { priceCart, type PricedCartLine } from '#bff/purchase/common/snack-offers.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { CartLine, PaymentMethodView } from '#shared/views/booking.ts';
import { BffError } from '#bff/errors.ts';
import { audienceOf } from '#bff/purchase/common/audience.ts';
import { maxSeatsOf, snackOffersFor } from '#bff/purchase/common/purchase-rules.ts';
import { toPaymentMethodView } from '#bff/payments/payment-checks.ts';
import type { HoldState } from '#bff/purchase/common/hold.ts';

export const CHECKOUT_ERRORS = {
  holdMissing: 'La reserva de sillas expiró o no existe. Vuelve a seleccionar tus sillas.',
  holdExpired: 'Tu reserva de sillas expiró y no se hizo ningún cobro. Vuelve a seleccionar tus sillas.',
  priceChanged: 'Los precios de esta función cambiaron y no se hizo ningún cobro. Vuelve a seleccionar tus sillas.',
  otherShowtime: (showtime: string) =>
    `Tu reserva activa ahora es para otra función (${showtime}): la hiciste en otra ventana o dispositivo. No se hizo ningún cobro. Vuelve a seleccionar tus sillas.`,
  otherSeats: (seats: string) =>
    `Tus sillas reservadas cambiaron: ahora son ${seats}. No se hizo ningún cobro. Vuelve a seleccionar tus sillas.`,
  totalChanged: (seen: string, now: string) =>
    `El total de tu compra cambió de ${seen} a ${now} y no se hizo ningún cobro. Vuelve a seleccionar tus sillas para ver los precios vigentes.`,
  alreadyPaid: 'Esta compra ya fue pagada: revisa Mis Compras. No se hizo un nuevo cobro.',
  unknownProduct: 'Uno de los productos del carrito ya no está disponible.',
  badQuantity: 'La cantidad mínima de cada producto es 1.',
} as const;

/** A ticket purchase priced by the BFF from what the cinema API says now. */
export interface PricedPurchase {
  totals: Totals;
  products: ProductLine[];
  lines: PricedCartLine[];
  /** Free texts kept with the bill. */
  detail: string;
  description: string;
  paymentMethod: PaymentMethodView;
}

/** What pricing reads of the BFF: the booking's data, the settings and the person's membership. */
type PricingNeeds = Pick<FastifyInstance, 'booking' | 'settings' | 'membership'>;

/**
 * Prices the person's hold and cart: the ticket price is the one of the Tarifa the seats
 * were reserved with, each snack the price offered to this person, the fees the settings';
 * nothing comes from the browser but product codes, quantities and recipe choices.
 */
export async function priceTicketPurchase(
  app: PricingNeeds,
  request: FastifyRequest,
  hold: HoldState,
  cart: ReadonlyArray<CartLine>,
): Promise<PricedPurchase> {
  const { sources } = app.booking;
  const [data, settings, snacks, membership] = await Promise.all([
    sources.bookingData(request, hold.showtimeId, { fresh: true }),
    app.settings.read(request, { fresh: true }),
    sources.snacks(request, { fresh: true }),
    app.membership.current(request),
  ]);

  // The seats were reserved at a Tarifa; it must still be the one this person gets now (a
  // membership bought meanwhile, or a price change, means choosing the seats again).
  const audience = audienceOf(membership);
  const ticket = buildZoneOffers(data.prices, audience).find((offer) => offer.zone === hold.zone);
  if (!ticket || ticket.code !== hold.tarifa) throw new BffError(409, 'PRICE_CHANGED', CHECKOUT_ERRORS.priceChanged);

  const maxCombos = maxSeatsOf(settings);
  if (!canAddCombos(0, countCombos(cart), maxCombos)) {
    const message = BOOKING_TEXTS.comboLimit(maxCombos);
    throw new BffError(422, 'COMBO_LIMIT', message, { products: message });
  }
  const priced = priceCart(cart, snackOffersFor(snacks, audience));
  if (!priced.ok) {
    const message =
      priced.reason === 'incomplete-recipe'
        ? BOOKING_TEXTS.incompleteCombo
        : priced.reason === 'bad-quantity'
          ? CHECKOUT_ERRORS.badQuantity
          : CHECKOUT_ERRORS.unknownProduct;
    throw new BffError(422, 'INVALID_CART', message, { products: message });
  }

  const totals = computeTotals({
    seats: hold.seats.length,
    ticketUnitPrice: ticket.price,
    ticketSavingPerSeat: 0,
    snacks: priced.lines,
    fees: { ticket: settings.ticket_servicio, snack: settings.confiteria_servicio },
  });

  return {
    totals,
    lines: priced.lines,
    products: priced.lines.map((line) => ({
      Codigo: line.offer.code,
      Cantidad: line.quantity,
      Receta: line.choices.map((choice) => ({ Codigo: choice.code })),
    })),
    detail: priced.lines
      .map((line) => {
        const recipe = [...line.offer.fixed.map((item) => item.name), ...line.choices.map((choice) => choice.name)];
        return `${line.quantity} x ${line.offer.name}${recipe.length > 0 ? ` (${recipe.join(', ')})` : ''}`;
      })
      .join('; '),
    description: `${hold.labels.length} boleta(s) ${hold.labels.join(', ')}${totals.combos > 0 ? ` + ${totals.combos} producto(s) de confitería` : ''}`,
    paymentMethod: toPaymentMethodView(data.payment_method),
  };
}
