import type { PaymentMethod } from '#shared/cinema-api/booking.ts';
import type { PayBrand } from '#shared/cinema-api/payments.ts';
import type { PaymentMethodView } from '#shared/views/booking.ts';
import { BffError } from '#bff/errors.ts';

/** The checks every payment (of any product) passes before it charges. */

const PAYMENT_ERRORS = {
  paymentBusy: 'Ya estamos procesando un pago de esta compra. Espera unos segundos y revisa Mis Compras.',
  unknownBrand: 'Elige un medio de pago de la lista.',
  methodUnavailable: 'Este medio de pago no está disponible para esta compra.',
} as const;

/** A payment of the same hold or membership is running (on this or another replica) too long. */
export const paymentBusy = (): BffError => new BffError(409, 'PAYMENT_IN_PROGRESS', PAYMENT_ERRORS.paymentBusy);

/** The brand the person chose must be one the cinema API offers now. */
export function requireKnownBrand(brands: ReadonlyArray<PayBrand>, brandId: number): void {
  if (!brands.some((brand) => brand.id === brandId)) {
    throw new BffError(422, 'UNKNOWN_BRAND', PAYMENT_ERRORS.unknownBrand, { brandId: PAYMENT_ERRORS.unknownBrand });
  }
}

/** The means the person chose must be open for this purchase. */
export function requireMethod(method: PaymentMethodView, means: 'card' | 'pse'): void {
  if (!method[means]) throw new BffError(422, 'METHOD_UNAVAILABLE', PAYMENT_ERRORS.methodUnavailable);
}

/** The means a sale offers (the cinema API's `payment_method`), as the pages and the checks read them. */
export const toPaymentMethodView = (method: PaymentMethod): PaymentMethodView => ({
  id: method.score_payment_method,
  card: method.pay_with_card,
  pse: method.pay_with_pse,
});
