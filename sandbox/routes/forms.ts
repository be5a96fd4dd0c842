import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve } from './serve.ts';
import {
  ATTACHMENT_EXTENSIONS,
  ETHICS_MAX_TOTAL_BYTES,
  EthicsFieldsSchema,
  PQR_MAX_ATTACHMENTS,
  PqrFieldsSchema,
} from '#shared/cinema-api/forms.ts';
import { FieldErrors } from '../lib/api-error.ts';
import type { SandboxContext } from '../lib/context.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN, parsePayload } from '../lib/validation.ts';
import { storeSubmission, type ReceivedFile } from '../services/submissions.ts';

const FILE_FIELDS = new Set(['attachments[]', 'attachments']);
const EXTENSION_MESSAGE = 'Solo se permiten archivos: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, JPG, JPEG, PNG o MP4.';

interface Multipart {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

async function readMultipart(request: FastifyRequest): Promise<Multipart> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  if (!request.isMultipart()) return { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (FILE_FIELDS.has(part.fieldname) && part.filename !== '') {
        files.push({ field: part.fieldname, name: part.filename, contentType: part.mimetype, bytes });
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

function checkExtensions(files: ReceivedFile[], errors: FieldErrors): void {
  const allowed = new Set<string>(ATTACHMENT_EXTENSIONS);
  files.forEach((file, index) => {
    const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
    if (!allowed.has(extension)) errors.add(`attachments.${index}`, EXTENSION_MESSAGE);
  });
}

const created = (id: number, radicado: string, message: string) => ({ message, data: { id, radicado } });

export function registerFormRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  serve(api, ctx, 'POST /pqrs', async ({ request }) => {
    const { fields, files } = await readMultipart(request);
    const errors = new FieldErrors();
    const parsed = PqrFieldsSchema.safeParse(fields);
    if (parsed.success) {
      if (!EMAIL_PATTERN.test(parsed.data.email)) errors.add('email', EMAIL_MESSAGE);
      if (parsed.data.accept_terms !== '1')
        errors.add('accept_terms', 'Debes aceptar la Política de Protección de Datos Personales');
    }
    if (files.length > PQR_MAX_ATTACHMENTS) errors.add('attachments', 'Máximo 5 archivos permitidos');
    checkExtensions(files, errors);
    const data = parsePayload(PqrFieldsSchema, fields, errors);
    const saved = storeSubmission(ctx.db, 'pqrs', { ...data }, files, ctx.clock.nowMs());
    return created(saved.id, saved.radicado, 'PQR registrada correctamente.');
  });

  serve(api, ctx, 'POST /ethics', async ({ request }) => {
    const { fields, files } = await readMultipart(request);
    const errors = new FieldErrors();
    const name = fields.name?.trim() ?? '';
    const email = fields.email?.trim() ?? '';
    if (name !== '' && !/^[\p{L} ]+$/u.test(name)) errors.add('name', 'Solo se permiten letras');
    if (email !== '' && !EMAIL_PATTERN.test(email)) errors.add('email', EMAIL_MESSAGE);
    const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
    if (total > ETHICS_MAX_TOTAL_BYTES)
      errors.add('attachments', 'El tamaño total de los archivos no debe superar 5 MB');
    checkExtensions(files, errors);
    const data = parsePayload(EthicsFieldsSchema, fields, errors);
    const stored: Record<string, string> = {
      details: data.details,
      company: data.company,
      whistleblower: data.whistleblower,
      captcha: data.captcha,
      ...(name === '' ? {} : { name }),
      ...(email === '' ? {} : { email }),
    };
    const saved = storeSubmission(ctx.db, 'ethics', stored, files, ctx.clock.nowMs());
    return created(saved.id, saved.radicado, 'Reporte recibido correctamente.');
  });
}
