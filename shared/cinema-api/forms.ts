import { z } from 'zod';
import { requiredText } from './common.ts';

// POST pqrs and POST ethics are multipart/form-data. These schemas describe the text
// fields; files come as repeated `attachments[]` parts.

export const PQR_TYPES = ['Felicitación', 'Queja', 'Reclamo', 'Sugerencia'] as const;
export const WHISTLEBLOWER_TYPES = [
  'Visitante',
  'Comunidad',
  'Empleado',
  'Proveedor',
  'Contratista',
  'Inversionista',
  'Otro interesado',
] as const;
export const ATTACHMENT_EXTENSIONS = [
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'mp4',
] as const;
export const PQR_MAX_ATTACHMENTS = 5;
export const ETHICS_MAX_TOTAL_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_FIELD = 'attachments[]';

export const PqrFieldsSchema = z.object({
  name: requiredText('nombre', 120),
  email: requiredText('correo electrónico', 120),
  phone: requiredText('teléfono', 20),
  type_pqr: z.enum(PQR_TYPES, { error: 'El tipo de PQR no es válido.' }),
  message: requiredText('mensaje', 5000),
  /** '1' accepted, '0' not (must be '1'). */
  accept_terms: z.enum(['1', '0'], { error: 'El campo aceptación de términos es obligatorio.' }),
});
export type PqrFields = z.infer<typeof PqrFieldsSchema>;

export const EthicsFieldsSchema = z.object({
  details: requiredText('detalles', 10000),
  company: requiredText('entidad', 500),
  whistleblower: z.enum(WHISTLEBLOWER_TYPES, { error: 'El tipo de denunciante no es válido.' }),
  /** Sent only if filled. */
  name: z.string().optional(),
  /** Sent only if filled. */
  email: z.string().optional(),
  /** The captcha answer; the BFF has verified it, the API only requires it. */
  captcha: requiredText('captcha', 10000),
});
export type EthicsFields = z.infer<typeof EthicsFieldsSchema>;

/** POST pqrs and POST ethics, 201. */
export const SubmissionAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), radicado: z.string() }),
});
