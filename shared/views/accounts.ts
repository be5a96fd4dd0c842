import { z } from 'zod';
import { TicketCodeViewSchema, TransactionViewSchema } from './booking.ts';
import { MembershipViewSchema, SessionViewSchema } from './session.ts';

/** `GET /bff/profile`: the profile editor's values. E-mail and document are read-only. */
export const ProfileViewSchema = z.object({
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  doc_type: z.string(),
  doc_number: z.string(),
  /** 'YYYY-MM-DD', or '' when unknown (what `<input type="date">` takes). */
  birthday: z.string(),
  /** 'M', 'F' or '' (not given). */
  sex: z.enum(['M', 'F', '']),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

/** One card of "Mis tickets": poster, title, date, hour and the 'Ver detalle' link. */
const PurchaseCardViewSchema = z.object({
  id: z.number(),
  /** The bill number, 'VZ000123'. */
  bill: z.string(),
  title: z.string(),
  poster: z.string(),
  /** 'YYYY-MM-DD' of the showtime. */
  date: z.string(),
  /** 'Domingo, 22 de noviembre'. */
  dateText: z.string(),
  /** 'HH:mm:ss' of the showtime. */
  hour: z.string(),
  /** '7:30 p. m.'. */
  hourText: z.string(),
  /** pay_status.name: 'Aceptada', 'Rechazada', 'Pendiente'. */
  status: z.string(),
  accepted: z.boolean(),
  /** '/ticket/{bill}' when accepted, otherwise '/pay-status/{pay_method}/{bill}'. */
  href: z.string(),
});
export type PurchaseCardView = z.infer<typeof PurchaseCardViewSchema>;

/** `GET /bff/profile/purchases`: newest first; purchases without a showtime are left out. */
export const PurchasesViewSchema = z.object({
  purchases: z.array(PurchaseCardViewSchema),
});

/**
 * `GET /bff/profile/purchases/:id`: one purchase of the logged-in user: the bill as the
 * status pages show it (`TransactionView`) with its id, ticket codes and link.
 * `status.accepted` and `totalService` repeat `accepted` and `service` under the names this
 * route's readers already use.
 */
export const PurchaseDetailViewSchema = TransactionViewSchema.extend({
  id: z.number(),
  status: TransactionViewSchema.shape.status.extend({ accepted: z.boolean() }),
  totalService: z.number(),
  /** One QR code per seat once accepted; [] otherwise. */
  codes: z.array(TicketCodeViewSchema),
  /** Where 'Ver detalle' leads: '/ticket/{bill}' or '/pay-status/{pay_method}/{bill}'. */
  href: z.string(),
});
export type PurchaseDetailView = z.infer<typeof PurchaseDetailViewSchema>;

/** `POST /bff/verification/send`. */
export const VerificationSentViewSchema = z.object({ sent: z.literal(true) });

/** `POST /bff/auth/forgot`, `POST /bff/auth/reset/:code`, `POST /bff/auth/logout`. */
export const DoneViewSchema = z.object({ ok: z.literal(true) });

/** `PUT /bff/profile`: the saved profile and the refreshed session (header name, etc.). */
export const ProfileSavedViewSchema = z.object({
  profile: ProfileViewSchema,
  session: SessionViewSchema,
});
export type ProfileSavedView = z.infer<typeof ProfileSavedViewSchema>;

/** `GET /bff/profile/membership`: null when the status could not be read. */
export const MembershipStatusViewSchema = z.object({
  membership: MembershipViewSchema.nullable(),
});
export type MembershipStatusView = z.infer<typeof MembershipStatusViewSchema>;
