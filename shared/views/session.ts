import { z } from 'zod';

/** Club Vizionarios membership as the header, side menu and club card show it. */
export const MembershipViewSchema = z.object({
  /** True when the status reads 'Usuario con tarjeta activa'. */
  active: z.boolean(),
  /** The upstream 'Estado' text, e.g. 'Usuario con tarjeta activa'. */
  status: z.string(),
  /** The upstream 'CineFan' text, e.g. 'vigente'; null when absent. */
  cineFan: z.string().nullable(),
  /** The upstream 'Vencimiento', a date with time ('YYYY-MM-DD HH:mm:ss', Bogotá); null when absent. */
  expiresAt: z.string().nullable(),
});
export type MembershipView = z.infer<typeof MembershipViewSchema>;

/** Who is logged in, as islands and server-rendered pages learn it. Never the token. */
export const SessionUserViewSchema = z.object({
  username: z.string(),
  name: z.string(),
  fullname: z.string(),
  email: z.string(),
  /** False while email_verified_at is null: the header then shows the verification prompt. */
  verified: z.boolean(),
  membership: MembershipViewSchema.nullable(),
});
export type SessionUserView = z.infer<typeof SessionUserViewSchema>;

/** `GET /bff/session`, and the answer of login and registration. */
export const SessionViewSchema = z.object({
  user: SessionUserViewSchema.nullable(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;
