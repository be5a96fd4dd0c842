import { z } from 'zod';
import {
  DateTimeTextSchema,
  dataEnvelope,
  requiredMessage,
  requiredText,
} from './common.ts';

export const DOC_TYPES = ['CC', 'CE', 'PPN', 'NIT'] as const;
const SEX_VALUES = ['M', 'F'] as const;

/** The user as every account answer returns it (login, register, profile). */
const UserSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string(),
  /** null means the e-mail is not verified yet. */
  email_verified_at: DateTimeTextSchema.nullable(),
  phone: z.string(),
  doc_type: z.string(),
  doc_number: z.string(),
  /** 'YYYY-MM-DD' or null. */
  birthday: z.string().nullable(),
  /** 'M', 'F' or '' (not given). */
  sex: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** POST login, POST register: top-level, no envelope. */
export const SessionAnswerSchema = z.object({
  token: z.string(),
  /** When the token stops working: 'YYYY-MM-DD HH:mm:ss', America/Bogota. */
  expires_at: DateTimeTextSchema,
  user: UserSchema,
});
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

export const LoginPayloadSchema = z.object({
  email: requiredText('correo electrónico'),
  password: z.string({ error: requiredMessage('contraseña') }).min(1, { error: requiredMessage('contraseña') }),
});

/** POST register. The confirm fields and the accept flags are never sent. */
export const RegisterPayloadSchema = z.object({
  name: requiredText('nombre'),
  lastname: requiredText('apellido'),
  email: requiredText('correo electrónico'),
  password: z.string({ error: requiredMessage('contraseña') }),
  doc_type: z.enum(DOC_TYPES, { error: 'El tipo de documento no es válido.' }),
  doc_number: requiredText('número de documento', 20),
  phone: requiredText('teléfono', 20),
  /** 'YYYY-MM-DD'. */
  birthday: requiredText('fecha de nacimiento', 10),
  sex: z.enum(SEX_VALUES, { error: 'El sexo no es válido.' }),
  device: requiredText('dispositivo', 20),
  /** The token from POST token/register (robot check). */
  register_token: requiredText('token de registro'),
});

/** PUT profile. E-mail, document type and number cannot change and are ignored if sent. */
export const ProfileUpdatePayloadSchema = z.object({
  name: requiredText('nombre'),
  lastname: requiredText('apellido'),
  phone: requiredText('teléfono', 20),
  /** 'YYYY-MM-DD', or null/'' to clear. */
  birthday: z.string({ error: 'La fecha no es válida.' }).nullable().optional(),
  /** 'M', 'F' or '' (tolerated, means not given). */
  sex: z.enum(['M', 'F', ''], { error: 'Seleccione un sexo' }).optional(),
  /** Sent only when the password section was opened. */
  password: z.string().optional(),
  password_confirmation: z.string().optional(),
});

/** GET profile. */
export const ProfileAnswerSchema = dataEnvelope(UserSchema);

/** PUT profile. */
export const ProfileUpdateAnswerSchema = z.object({ message: z.string(), data: UserSchema });

export const MEMBERSHIP_ACTIVE = 'Usuario con tarjeta activa';
export const MEMBERSHIP_INACTIVE = 'Usuario sin tarjeta activa';

const MembershipStatusSchema = z.object({
  Estado: z.enum([MEMBERSHIP_ACTIVE, MEMBERSHIP_INACTIVE]),
  /** 'vigente' while the membership runs, 'vencida' after it ended, '' if never held. */
  CineFan: z.string(),
  /** End of the membership, 'YYYY-MM-DD HH:mm:ss', null if never held. */
  Vencimiento: DateTimeTextSchema.nullable(),
});
export type MembershipStatus = z.infer<typeof MembershipStatusSchema>;

/** GET profile/membership-status: a list whose first element is used. */
export const MembershipStatusAnswerSchema = dataEnvelope(z.array(MembershipStatusSchema));

export const ForgotPayloadSchema = z.object({ email: requiredText('correo electrónico') });

/** POST update-password/{code}. */
export const UpdatePasswordPayloadSchema = z.object({
  password: z.string({ error: requiredMessage('contraseña') }),
});

/** POST token/register and POST pay-token: top-level token. */
export const TokenAnswerSchema = z.object({ token: z.string(), expires_at: DateTimeTextSchema });
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** POST code: only `data` comes back. */
export const SendCodeAnswerSchema = dataEnvelope(
  z.object({ sent: z.boolean(), expires_at: DateTimeTextSchema }),
);

export const ValidateCodePayloadSchema = z.object({ code: requiredText('código', 20) });

/** POST code/validate, 200 only when valid (an invalid code is a 422). */
export const ValidateCodeAnswerSchema = dataEnvelope(
  z.object({ valid: z.literal(true), user: UserSchema }),
);
