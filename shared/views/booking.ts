import { z } from 'zod';
import { MovieCardViewSchema } from './catalogue.ts';
import { CardFormSchema, PseFormSchema } from '../validation/payment.ts';
import { MembershipViewSchema } from './session.ts';

/**
 * View-ready shapes of the purchase flow (`/bff/booking/...`, `/bff/payments/...`,
 * `/bff/tickets/...`, `/bff/membership/...`). Amounts are whole COP; calendar dates
 * 'YYYY-MM-DD' and hours 'HH:mm:ss' in Bogotá, with `...Text` fields already formatted.
 * The schemas are the BFF routes' request and response schemas; islands import the types.
 */

// ---- seat map -------------------------------------------------------------------------

const SeatStateSchema = z.enum(['available', 'mine', 'occupied', 'disabled']);
export type SeatState = z.infer<typeof SeatStateSchema>;

const SeatCellSchema = z.object({
  kind: z.literal('seat'),
  /** 'F-7': row letter and seat number, as holds and bills name seats. */
  id: z.string(),
  /** Row letter (FilaRelativa). */
  row: z.string(),
  /** Seat number within the row (ColumnaRelativa). */
  number: z.number(),
  /** Grid column (ColumnaTotal), 1-based. */
  column: z.number(),
  /** Price zone name (TipoZona). */
  zone: z.string(),
  state: SeatStateSchema,
});
export type SeatCell = z.infer<typeof SeatCellSchema>;

const AisleCellSchema = z.object({ kind: z.literal('aisle'), column: z.number() });

const MapCellSchema = z.discriminatedUnion('kind', [SeatCellSchema, AisleCellSchema]);
export type MapCell = z.infer<typeof MapCellSchema>;

const SeatRowSchema = z.object({
  /** Row letter; '' for a row made only of aisle. */
  label: z.string(),
  /** Grid row (FilaTotal), 1-based; row 1 is nearest the screen. */
  index: z.number(),
  cells: z.array(MapCellSchema),
});
export type SeatRow = z.infer<typeof SeatRowSchema>;

const SeatMapSchema = z.object({
  /** Grid columns, aisles included. */
  columns: z.number(),
  rows: z.array(SeatRowSchema),
});
export type SeatMap = z.infer<typeof SeatMapSchema>;

/** A live update of a showtime's seats: one letter per grid cell per row (see seat-map.ts). */
export const SeatStatesEventSchema = z.object({ rows: z.array(z.string()) });
export type SeatStatesEvent = z.infer<typeof SeatStatesEventSchema>;

// ---- prices and snacks -----------------------------------------------------------------

const ZoneOfferSchema = z.object({
  /** The Tarifa charged (the price entry's codigo). */
  code: z.string(),
  /** Zone name (seats carry it as TipoZona). */
  zone: z.string(),
  description: z.string(),
  /** COP per ticket this person pays. */
  price: z.number(),
  ordinaryPrice: z.number(),
  savingPerTicket: z.number(),
  /** The location's isVizionario: a member price is charged. */
  isMemberPrice: z.boolean(),
  /** 'Ahorras $X por boleta' / 'Afíliate y ahorra $X por boleta', or null. */
  savingText: z.string().nullable(),
});
export type ZoneOffer = z.infer<typeof ZoneOfferSchema>;

const SnackOptionSchema = z.object({ code: z.string(), name: z.string() });
export type SnackOption = z.infer<typeof SnackOptionSchema>;

const RecipeGroupSchema = z.object({
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  options: z.array(SnackOptionSchema),
});

const SnackOfferSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['product', 'combo']),
  image: z.string().nullable(),
  category: z.string().nullable(),
  price: z.number(),
  savingPerUnit: z.number(),
  fixed: z.array(SnackOptionSchema.extend({ quantity: z.number() })),
  groups: z.array(RecipeGroupSchema),
});
export type SnackOffer = z.infer<typeof SnackOfferSchema>;

/** A cart line as the browser sends it: product, quantity, one option per recipe group. */
export const CartLineSchema = z.object({
  code: z.string().trim().min(1).max(40),
  quantity: z.int().min(1).max(99),
  choices: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});
export type CartLine = z.infer<typeof CartLineSchema>;

const PayBrandViewSchema = z.object({ id: z.number(), name: z.string(), image: z.string() });
export type PayBrandView = z.infer<typeof PayBrandViewSchema>;

const PaymentMethodViewSchema = z.object({
  /** score_payment_method. */
  id: z.number(),
  card: z.boolean(),
  pse: z.boolean(),
});
export type PaymentMethodView = z.infer<typeof PaymentMethodViewSchema>;

const FeesViewSchema = z.object({
  /** ticket_servicio: service fee per seat. */
  ticket: z.number(),
  /** confiteria_servicio: service fee per combo. */
  snack: z.number(),
});

// ---- the hold ----------------------------------------------------------------------------

const HoldViewSchema = z.object({
  showtimeId: z.number(),
  zone: z.string(),
  seats: z.array(z.string()),
  /** Epoch milliseconds when the hold ends. */
  expiresAt: z.number(),
  /** Seconds left when this answer was written (the island counts down from here). */
  secondsLeft: z.number(),
});
export type HoldView = z.infer<typeof HoldViewSchema>;

// ---- the booking view --------------------------------------------------------------------

/** A showtime's day, hour, room, format and version, as the purchase pages show them. */
const ShowtimeFactsViewSchema = z.object({
  id: z.number(),
  date: z.string(),
  hour: z.string(),
  /** 'Domingo, 22 de noviembre'. */
  dateText: z.string(),
  /** '7:30 p. m.'. */
  hourText: z.string(),
  format: z.string(),
  version: z.string(),
  roomName: z.string(),
});
export type ShowtimeFactsView = z.infer<typeof ShowtimeFactsViewSchema>;

const BookingShowtimeViewSchema = ShowtimeFactsViewSchema.extend({
  roomId: z.number(),
  /** True once the showtime's date and hour have passed (Bogotá). */
  started: z.boolean(),
});

/** The movie of a showtime: the catalogue card's facts the purchase pages show. */
const BookingMovieViewSchema = MovieCardViewSchema.pick({
  id: true,
  slug: true,
  title: true,
  poster: true,
  rating: true,
  genre: true,
  durationMinutes: true,
});
export type BookingMovieView = z.infer<typeof BookingMovieViewSchema>;

/** `GET /bff/booking/:showtimeId`: everything the purchase page renders, for this person. */
export const BookingViewSchema = z.object({
  showtime: BookingShowtimeViewSchema,
  movie: BookingMovieViewSchema,
  membership: MembershipViewSchema.nullable(),
  zones: z.array(ZoneOfferSchema),
  seatMap: SeatMapSchema,
  snacks: z.array(SnackOfferSchema),
  maxSeats: z.number(),
  /** Selections that leave one free seat alone are refused (shared/booking/lonely-seats.ts; off by the BFF's configuration). */
  lonelySeatRule: z.boolean(),
  fees: FeesViewSchema,
  payBrands: z.array(PayBrandViewSchema),
  paymentMethod: PaymentMethodViewSchema,
  /** This person's hold on this showtime, if any. */
  hold: HoldViewSchema.nullable(),
  holdSeconds: z.number(),
  /**
   * A presale's waiting room let this person in and they hold no seats yet: epoch milliseconds
   * until which their turn lasts unused (then it goes to the next person). Null otherwise.
   */
  turnUntil: z.number().nullable(),
});
export type BookingView = z.infer<typeof BookingViewSchema>;

// ---- reservation -------------------------------------------------------------------------

export const ReserveBodySchema = z.object({
  zone: z.string().trim().min(1).max(60),
  seats: z.array(z.string().trim().min(1).max(12)).min(1).max(50),
});
export type ReserveBody = z.infer<typeof ReserveBodySchema>;

export const ReserveViewSchema = z.object({ hold: HoldViewSchema });

export const CancelViewSchema = z.object({ released: z.boolean() });

/**
 * `POST /bff/booking/cancel`: `showtimeId` releases only a hold on that showtime (a page never
 * releases the hold another tab made elsewhere); `leaving` (the page is going away) releases
 * it after a grace unless another page of the hold claims it (`POST /bff/booking/hold/keep`).
 */
export const CancelBodySchema = z.object({
  showtimeId: z.int().positive().optional(),
  leaving: z.boolean().default(false),
});

/** `event: hold` of the live stream: the person's hold as a page of this showtime sees it. */
export const HoldEventSchema = z.object({
  /** The hold on this showtime, or null. */
  hold: HoldViewSchema.nullable(),
  /** The live hold is on another showtime: how to name it. */
  elsewhere: z.string().nullable(),
  /** A page of this hold left: a page still showing it claims it. */
  leaving: z.boolean(),
});
export type HoldEvent = z.infer<typeof HoldEventSchema>;
export type CancelView = z.infer<typeof CancelViewSchema>;

// ---- payments ----------------------------------------------------------------------------

/**
 * What the customer saw when pressing "Pagar": the showtime, the seats and the total. A ticket
 * payment carries it, and the BFF charges only when it is exactly what it holds and computes.
 */
export const PurchaseSeenSchema = z.object({
  showtimeId: z.int().positive(),
  seats: z.array(z.string().trim().min(1).max(12)).min(1).max(50),
  total: z.int().nonnegative(),
});
export type PurchaseSeen = z.infer<typeof PurchaseSeenSchema>;

/** What both ticket payment bodies carry besides the means. Anything else (a subtotal...) is dropped. */
const ticketPurchaseFields = {
  ...PurchaseSeenSchema.shape,
  /** The chosen PayBrand.id. */
  brandId: z.int().positive(),
  products: z.array(CartLineSchema).max(30).default([]),
};

/**
 * The two bodies a paid product is paid with: its own order (what the person saw, the brand
 * chosen) with the card form, or with the PSE form. Every product's payment routes take these.
 */
export function paymentBodiesOf<O extends z.ZodRawShape>(order: O) {
  return {
    card: z.object({ ...order, card: CardFormSchema }),
    pse: z.object({ ...order, pse: PseFormSchema }),
  };
}

/** `POST /bff/payments/card` and `/pse`: the purchase the customer saw, and the card or PSE form. */
export const TicketPaymentBodies = paymentBodiesOf(ticketPurchaseFields);
export type TicketPaymentBody = z.output<typeof TicketPaymentBodies.card> | z.output<typeof TicketPaymentBodies.pse>;

/** What the payment routes answer when the payment provider has decided (or not yet). */
export const PaymentResultViewSchema = z.object({
  bill: z.string(),
  /** True only for pay_status 1 ('Aceptada'). */
  accepted: z.boolean(),
  status: z.object({ id: z.number(), name: z.string() }),
  /** The provider's message: shown in the error modal when not accepted. */
  message: z.string(),
  /** PSE: the bank's page the browser goes to; null otherwise (then the status page of `bill`). */
  bankUrl: z.string().nullable(),
});
export type PaymentResultView = z.infer<typeof PaymentResultViewSchema>;

export const BanksViewSchema = z.object({ banks: z.array(z.object({ code: z.string(), name: z.string() })) });
export type BanksView = z.infer<typeof BanksViewSchema>;

// ---- after payment: bills ----------------------------------------------------------------

/** A product line of a bill; `recipe` lists a combo's components ([] for a single product). */
const BillProductViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** COP. */
  unitPrice: z.number(),
  /** COP. */
  total: z.number(),
  recipe: z.array(z.object({ code: z.string(), name: z.string(), quantity: z.number() })),
});
export type BillProductView = z.infer<typeof BillProductViewSchema>;

/** The showtime a bill paid for, with its movie. */
const BillShowtimeViewSchema = ShowtimeFactsViewSchema.extend({ movie: BookingMovieViewSchema });
export type BillShowtimeView = z.infer<typeof BillShowtimeViewSchema>;

/**
 * One bill (a purchase, a transaction) as the person sees it: `/estado-transaccion/{bill}`
 * and `/pay-status/{type}/{bill}` (`GET /bff/payments/transactions/:bill`,
 * `GET /bff/payments/status/:method/:bill`), and the base of `PurchaseDetailView`.
 */
export const TransactionViewSchema = z.object({
  bill: z.string(),
  /** True only for pay_status 1 ('Aceptada'). */
  accepted: z.boolean(),
  status: z.object({ id: z.number(), name: z.string() }),
  /** 'YYYY-MM-DD HH:mm:ss' (Bogotá) and its formatted form. */
  createdAt: z.string(),
  createdAtText: z.string(),
  theater: z.string(),
  payType: z.object({ id: z.number(), name: z.string() }),
  payMethod: z.string(),
  /** null for a membership purchase. */
  showtime: BillShowtimeViewSchema.nullable(),
  /** Seat labels 'F-7'. */
  seats: z.array(z.string()),
  products: z.array(BillProductViewSchema),
  subtotal: z.number(),
  service: z.number(),
  total: z.number(),
});
export type TransactionView = z.infer<typeof TransactionViewSchema>;

/** A ticket code (what its QR image carries) and its seat 'F-7'. */
export const TicketCodeViewSchema = z.object({ code: z.string(), seat: z.string() });
export type TicketCodeView = z.infer<typeof TicketCodeViewSchema>;

/** `/ticket/{bill}`: the accepted ticket purchase with one QR image per code. */
export const TicketViewSchema = z.object({
  bill: z.string(),
  showtime: BillShowtimeViewSchema,
  seats: z.array(z.string()),
  /** One per seat: the code, its seat and the QR image as a PNG data: URL drawn by the BFF. */
  codes: z.array(TicketCodeViewSchema.extend({ qr: z.string() })),
  products: z.array(BillProductViewSchema),
  /** The wallets this deployment can add the tickets to (their signing keys are configured): only those buttons show. */
  wallets: z.object({ apple: z.boolean(), google: z.boolean() }),
});
export type TicketView = z.infer<typeof TicketViewSchema>;

// ---- membership --------------------------------------------------------------------------

/** `GET /bff/membership/offer`: what buying Club Vizionarios costs, and how it can be paid. */
export const MembershipOfferViewSchema = z.object({
  price: z.number(),
  service: z.number(),
  total: z.number(),
  payBrands: z.array(PayBrandViewSchema),
  paymentMethod: PaymentMethodViewSchema,
  membership: MembershipViewSchema.nullable(),
  /**
   * When the membership will end if bought now ('YYYY-MM-DD HH:mm:ss', Bogotá): a year from the
   * end of one still running (a renewal), else a year from now; and that day in words.
   */
  endsAfterPurchase: z.string(),
  /** '10 de marzo de 2028'. */
  endsAfterPurchaseText: z.string(),
});
export type MembershipOfferView = z.infer<typeof MembershipOfferViewSchema>;

/** `POST /bff/membership/purchase` and `/pse`: the chosen brand and the card or PSE form (the amounts are the BFF's). */
export const MembershipPaymentBodies = paymentBodiesOf({ brandId: z.int().positive() });
export type MembershipPurchaseBody =
  z.output<typeof MembershipPaymentBodies.card> | z.output<typeof MembershipPaymentBodies.pse>;

export const MembershipPurchaseViewSchema = z.object({
  result: PaymentResultViewSchema,
  /** The membership after the purchase (active at once when accepted). */
  membership: MembershipViewSchema.nullable(),
});
export type MembershipPurchaseView = z.output<typeof MembershipPurchaseViewSchema>;
