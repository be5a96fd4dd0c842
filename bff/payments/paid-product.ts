import type { FastifyRequest } from 'fastify';
import type { PayBrand, ProductLine } from '#shared/cinema-api/payments.ts';
import type { SelectedSeat } from '#shared/cinema-api/booking.ts';
import type { PayType } from '#shared/booking/constants.ts';
import type { CardForm, PseForm } from '#shared/validation/payment.ts';
import type { PaymentMethodView, PaymentResultView } from '#shared/views/booking.ts';

/**
 * What a paid product is to the payments floor (`sale.ts`): the tickets (bff/purchase/) and the
 * Club Vizionarios membership (bff/membership/) each implement it, and a new product (a gift
 * card: README.md) would too. The floor does the rest the same way for every product: one
 * payment at a time per scope on every replica, the captcha, the brand and the means checked,
 * the card or PSE charge with the product's pay type, the outcome kept for a double click, and
 * the "sale settled" event.
 */

export type PayMeans = 'card' | 'pse';

/** Every payment body: the chosen brand and one of the two forms, beside the product's own order. */
export type PaymentBody = { brandId: number } & ({ card: CardForm } | { pse: PseForm });

/** What a product charges, priced by the BFF from what the cinema API says now (never the browser). */
export interface Order {
  /** The purchase's consecutive: a hold's own, or one taken only once the order passed its checks. */
  consecutive: () => Promise<number>;
  subtotal: number;
  service: number;
  total: number;
  /** The showtime and its held seats (tickets); null and none for anything else. */
  showtimeId: number | null;
  seats: SelectedSeat[];
  products: ProductLine[];
  /** Free texts kept with the bill. */
  detail: string;
  description: string;
  /** The means this sale may be paid with (score_payment_method and card/PSE). */
  paymentMethod: PaymentMethodView;
  /** The brands the cinema API offers now: the body's `brandId` must be one. */
  brands: readonly PayBrand[];
}

/** An order as the means charge it: with the product's pay type and the brand chosen. */
export interface ChargedOrder extends Omit<Order, 'consecutive'> {
  consecutive: number;
  payType: PayType;
  brandId: number;
}

/** One request's sale of a product, opened before the payment lock. */
export interface Sale<A> {
  /** One payment per scope runs at a time on every replica; a settled one answers again (a hold, a person's membership). */
  scope: string;
  /** Inside the lock: the order, priced now (409 when what the person saw is gone). */
  price(): Promise<Order>;
  /** Inside the lock, after the brand and means checks: the order is what the person saw (a total). */
  agree?(order: Order): void;
  /** The cinema API refused the charge: the product's own refusal (a hold gone), or the error as it is. */
  refused?(error: unknown): Promise<unknown>;
  /** Inside the lock, after the charge: what the product does with the outcome (a hold spent). */
  charged?(result: PaymentResultView): Promise<void>;
  /** After the lock: the route's answer (the membership adds the membership it gave). */
  answer(result: PaymentResultView): Promise<A>;
}

export interface PaidProduct<B extends PaymentBody, A> {
  /** Its pay type at the cinema API (`pay_type`): the means never take one from a caller. */
  payType: PayType;
  /** Its name in the payment metrics (`viziona_bff_payments_total{kind}`), by means. */
  metricKind: Readonly<Record<PayMeans, string>>;
  /** Opens the sale of a request; refusals about what the person saw come here, before any lock. */
  open(request: FastifyRequest, body: B): Promise<Sale<A>>;
}
