import { z } from 'zod';
import { EmailSchema, requiredText } from './fields.ts';
import { EMAIL_MAX_LENGTH, MESSAGES, PHONE_MAX_LENGTH } from './messages.ts';
import {
  ATTACHMENT_EXTENSIONS,
  ETHICS_MAX_TOTAL_BYTES,
  PQR_MAX_ATTACHMENTS,
  PQR_TYPES,
  WHISTLEBLOWER_TYPES,
} from '../cinema-api/forms.ts';

/**
 * The service forms (document 1, sections 3, 5 and 7): the PQR form of /contactanos and the
 * ethics report of /linea-etica, with the attachment rules both share (document 2, section 5).
 * The islands validate with these schemas and the BFF validates the same fields again on the
 * multipart stream, with the same limits, so both show the same words.
 * Texts and limits marked "ours" are not in the spec and were designed here. The spec's own
 * limits, extensions and choices are the cinema API's contract and live in
 * `shared/cinema-api/forms.ts`; they are used from there, never repeated.
 */

// ---------------------------------------------------------------------------------------------
// Limits

export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The `accept` attribute of the file input (a hint only; the rules below decide). */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const MEGABYTE = 1024 * 1024;

export interface AttachmentRules {
  /** Most files one submission may carry. */
  maxFiles: number;
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** Largest sum of all files, in bytes. */
  maxTotalBytes: number;
  /** What is shown when a rule is broken. */
  messages: { tooManyFiles: string; fileTooLarge: string; totalTooLarge: string };
}

/** PQR: at most 5 files (spec). Each file at most 10 MB (ours: the spec sets no size). */
export const PQR_ATTACHMENT_RULES: AttachmentRules = {
  maxFiles: PQR_MAX_ATTACHMENTS,
  maxFileBytes: 10 * MEGABYTE,
  maxTotalBytes: PQR_MAX_ATTACHMENTS * 10 * MEGABYTE,
  messages: {
    tooManyFiles: `Máximo ${PQR_MAX_ATTACHMENTS} archivos permitidos`,
    fileTooLarge: 'Cada archivo debe pesar máximo 10 MB',
    totalTooLarge: 'El tamaño total de los archivos no debe superar 50 MB',
  },
};

/** Ethics report: at most 5 MB in total (spec: 5*1024*1024 bytes). At most 10 files (ours). */
export const ETHICS_ATTACHMENT_RULES: AttachmentRules = {
  maxFiles: 10,
  maxFileBytes: ETHICS_MAX_TOTAL_BYTES,
  maxTotalBytes: ETHICS_MAX_TOTAL_BYTES,
  messages: {
    tooManyFiles: 'Máximo 10 archivos permitidos',
    fileTooLarge: 'El tamaño total de los archivos no debe superar 5 MB',
    totalTooLarge: 'El tamaño total de los archivos no debe superar 5 MB',
  },
};

/** Ours: long enough for a detailed account, short enough to bound what the BFF relays. */
export const MESSAGE_MAX_LENGTH = 5000;
export const COMPANY_MAX_LENGTH = 300;
export const PERSON_NAME_MAX_LENGTH = 120;
/** Ours: an ALTCHA payload is about 600 characters; anything far longer is not one. */
export const CAPTCHA_MAX_LENGTH = 4096;
/** Ours: longest attachment file name relayed upstream. */
export const ATTACHMENT_NAME_MAX_LENGTH = 200;

// ---------------------------------------------------------------------------------------------
// Choices (the lists themselves are the API's, in shared/cinema-api/forms.ts)

export type PqrType = (typeof PQR_TYPES)[number];
export type WhistleblowerType = (typeof WHISTLEBLOWER_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Texts

export const SERVICE_FORM_MESSAGES = {
  acceptDataPolicy: 'Debes aceptar la Política de Protección de Datos Personales',
  /** The checkbox's own text. */
  acceptDataPolicyLabel: 'He leído y acepto la Política de Protección de Datos Personales',
  captchaRequired: 'Por favor, completa el captcha',
  pqrMaxFiles: PQR_ATTACHMENT_RULES.messages.tooManyFiles,
  /** The uploader's hint under the PQR file list. */
  pqrMaxFilesHint: `Máximo ${PQR_ATTACHMENT_RULES.maxFiles} archivos permitidos.`,
  ethicsMaxTotal: ETHICS_ATTACHMENT_RULES.messages.totalTooLarge,
  /** The uploader's hint under the ethics file list. */
  ethicsMaxTotalHint: `Máximo ${ETHICS_ATTACHMENT_RULES.maxTotalBytes} bytes permitidos en total.`,
  attachmentType:
    'Solo se permiten archivos: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, JPG, JPEG, PNG o MP4.',
  onlyLetters: 'Solo se permiten letras',

  // Ours: the spec requires these without quoting a message.
  pqrNameRequired: MESSAGES.nameRequired,
  pqrPhoneRequired: MESSAGES.phoneRequired,
  pqrPhoneDigits: 'El teléfono solo puede tener números',
  pqrTypeRequired: 'Selecciona un tipo de PQR',
  pqrMessageRequired: 'El mensaje es requerido',
  detailsRequired: 'Los detalles del reporte son requeridos',
  companyRequired: 'La empresa o entidad es requerida',
  whistleblowerRequired: 'Selecciona el tipo de denunciante',
  messageTooLong: `El texto no debe superar ${MESSAGE_MAX_LENGTH} caracteres`,
  attachmentEmpty: 'El archivo está vacío',
  attachmentContent: 'El contenido del archivo no corresponde a su tipo',
  attachmentName: 'El nombre del archivo no es válido',
  attachmentUnreadable: 'No pudimos leer el archivo; elígelo de nuevo',
} as const;

// ---------------------------------------------------------------------------------------------
// Attachments

/** What the rules need of a file: a browser `File` is one, and so is a part on the BFF. */
export interface AttachmentLike {
  readonly name: string;
  readonly size: number;
}

/** The accepted extension of a file name (lowercased), or null when it is not accepted. */
export function attachmentExtension(fileName: string): AttachmentExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as AttachmentExtension)
    : null;
}

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The file name as relayed upstream: any directory part (`C:\Users\ana\carta.pdf`, which old
 * browsers send) is dropped and control characters removed. A name that tries to climb out of
 * a folder (`..` as a path segment) or has nothing left is refused: null.
 */
export function attachmentBaseName(rawName: string): string | null {
  const segments = rawName.split(/[/\\]/);
  if (segments.some((segment) => segment.trim() === '..')) return null;
  const base = (segments[segments.length - 1] ?? '').replace(CONTROL_CHARACTERS, '').trim();
  if (base === '' || base === '.' || base.length > ATTACHMENT_NAME_MAX_LENGTH) return null;
  return base;
}

/** The field key of the BFF's error body that marks the file at `index` of the list sent. */
export const attachmentFieldKey = (index: number): string => `attachments.${index}`;

/** A problem of one file, naming it (a name already refused is not repeated). */
export function namedAttachmentMessage(fileName: string, message: string): string {
  const name = attachmentBaseName(fileName);
  return name === null ? message : `«${name}»: ${message}`;
}

/**
 * Checks one file against the rules a single file can break (name, type, emptiness, size).
 * Returns the message to show, or null when the file is acceptable.
 */
export function attachmentProblem(file: AttachmentLike, rules: AttachmentRules): string | null {
  if (attachmentBaseName(file.name) === null) return SERVICE_FORM_MESSAGES.attachmentName;
  if (attachmentExtension(file.name) === null) return SERVICE_FORM_MESSAGES.attachmentType;
  if (file.size <= 0) return SERVICE_FORM_MESSAGES.attachmentEmpty;
  if (file.size > rules.maxFileBytes) return rules.messages.fileTooLarge;
  return null;
}

/** Checks a whole list: each file, then the count, then the total size. */
export function attachmentListProblem(
  files: readonly AttachmentLike[],
  rules: AttachmentRules,
): string | null {
  for (const file of files) {
    const problem = attachmentProblem(file, rules);
    if (problem) return problem;
  }
  if (files.length > rules.maxFiles) return rules.messages.tooManyFiles;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > rules.maxTotalBytes) return rules.messages.totalTooLarge;
  return null;
}

const AttachmentSchema = z.custom<AttachmentLike>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { size?: unknown }).size === 'number',
  { error: SERVICE_FORM_MESSAGES.attachmentType },
);

/** The attachments field of a form: the files themselves are kept as given (no copy). */
function attachmentsSchema(rules: AttachmentRules) {
  return z
    .array(AttachmentSchema)
    .default([])
    .superRefine((files, context) => {
      const problem = attachmentListProblem(files, rules);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

// ---------------------------------------------------------------------------------------------
// Field rules

const captchaSchema = requiredText(SERVICE_FORM_MESSAGES.captchaRequired, CAPTCHA_MAX_LENGTH);

/** A long text (message, details): required, at most MESSAGE_MAX_LENGTH characters. */
function longText(message: string, maxLength = MESSAGE_MAX_LENGTH) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(maxLength, { error: SERVICE_FORM_MESSAGES.messageTooLong });
}

const PHONE_DIGITS = /^\d+$/;

const pqrPhoneSchema = requiredText(SERVICE_FORM_MESSAGES.pqrPhoneRequired, PHONE_MAX_LENGTH).regex(
  PHONE_DIGITS,
  { error: SERVICE_FORM_MESSAGES.pqrPhoneDigits },
);

/** Letters (any alphabet, with accents) and spaces only. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

/** Optional name of the reporter: empty is fine, otherwise letters and spaces only. */
const optionalPersonName = z
  .string({ error: SERVICE_FORM_MESSAGES.onlyLetters })
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, { error: MESSAGES.textTooLong })
  .refine((value) => value === '' || LETTERS_AND_SPACES.test(value), {
    error: SERVICE_FORM_MESSAGES.onlyLetters,
  })
  .default('');

/** Optional e-mail: empty is fine, otherwise a valid address. */
const optionalEmail = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .refine(
    (value) =>
      value === '' || (value.length <= EMAIL_MAX_LENGTH && z.regexes.email.test(value)),
    { error: MESSAGES.emailInvalid },
  )
  .default('');

// ---------------------------------------------------------------------------------------------
// PQR

/** The PQR's text fields (what the BFF checks before relaying any file). */
export const PqrFieldsSchema = z.object({
  name: requiredText(SERVICE_FORM_MESSAGES.pqrNameRequired, PERSON_NAME_MAX_LENGTH),
  email: EmailSchema,
  phone: pqrPhoneSchema,
  type_pqr: z.enum(PQR_TYPES, { error: SERVICE_FORM_MESSAGES.pqrTypeRequired }),
  message: longText(SERVICE_FORM_MESSAGES.pqrMessageRequired),
  accept_terms: z.literal(true, { error: SERVICE_FORM_MESSAGES.acceptDataPolicy }),
  captcha: captchaSchema,
});
export type PqrFields = z.output<typeof PqrFieldsSchema>;

/** The PQR form in the browser: the fields plus the chosen files. */
export const PqrFormSchema = PqrFieldsSchema.extend({
  attachments: attachmentsSchema(PQR_ATTACHMENT_RULES),
});
export type PqrFormInput = z.input<typeof PqrFormSchema>;
export type PqrForm = z.output<typeof PqrFormSchema>;

// ---------------------------------------------------------------------------------------------
// Ethics report

/** The ethics report's text fields (what the BFF checks before relaying any file). */
export const EthicsFieldsSchema = z.object({
  details: longText(SERVICE_FORM_MESSAGES.detailsRequired),
  company: longText(SERVICE_FORM_MESSAGES.companyRequired, COMPANY_MAX_LENGTH),
  whistleblower: z.enum(WHISTLEBLOWER_TYPES, { error: SERVICE_FORM_MESSAGES.whistleblowerRequired }),
  name: optionalPersonName,
  email: optionalEmail,
  captcha: captchaSchema,
});
export type EthicsFields = z.output<typeof EthicsFieldsSchema>;

/** The ethics form in the browser: the fields plus the chosen files. */
export const EthicsFormSchema = EthicsFieldsSchema.extend({
  attachments: attachmentsSchema(ETHICS_ATTACHMENT_RULES),
});
export type EthicsFormInput = z.input<typeof EthicsFormSchema>;
export type EthicsForm = z.output<typeof EthicsFormSchema>;
