import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import type { MultipartCallName } from '#shared/cinema-api/api.ts';
import { ATTACHMENTS_FIELD, SubmissionAnswerSchema } from '#shared/cinema-api/forms.ts';
import {
  CAPTCHA_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  SERVICE_FORM_MESSAGES,
  attachmentBaseName,
  attachmentExtension,
  attachmentFieldKey,
  namedAttachmentMessage,
  type AttachmentExtension,
  type AttachmentRules,
} from '#shared/validation/service-forms.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import type { BffErrorCode } from '#shared/views/errors.ts';
import type { ServiceFormReceipt } from '#shared/views/service-forms.ts';
import { BffError, ERROR_MESSAGES } from '../errors.ts';
import { captchaRefusal } from '../plugins/captcha.ts';
import { MAGIC_BYTES_NEEDED, contentMatchesExtension, contentTypeOf } from '#shared/validation/magic-bytes.ts';
import { MultipartEncoder } from './multipart-encoder.ts';

/**
 * Relays one service form (PQR or ethics report) from the browser to the cinema API as a
 * stream: nothing is written to disk and memory does not grow with the upload.
 *
 * The text fields come first (the page sends them first; a field after a file is refused).
 * They are checked with the form's shared schema, then the first file's name, extension and
 * leading bytes, then the captcha is verified and spent. Only then is the upstream request
 * opened; every later file is checked the same way as it arrives, and sizes are counted
 * byte by byte. A file that breaks a rule mid-stream aborts the upstream request (its
 * connection is destroyed before the closing boundary), so the API stores nothing partial.
 */

export interface ServiceFormSpec<F extends { captcha: string }> {
  /** The cinema API's call that receives it. */
  upstreamCall: MultipartCallName;
  rules: AttachmentRules;
  schema: z.ZodType<F>;
  /** The schema's input, from the multipart text fields. */
  readFields(text: ReadonlyMap<string, string>): Record<string, unknown>;
  /** The text fields the API receives, in order. */
  toUpstreamFields(fields: F): Array<[string, string]>;
}

/** File fields the BFF takes: the API's `attachments[]`, and the bare name. */
const FILE_FIELDS = new Set([ATTACHMENTS_FIELD, 'attachments']);
const MAX_TEXT_FIELDS = 12;
/** UTF-8 takes at most 4 bytes a character; the longest text field is the message. */
const MAX_FIELD_BYTES = Math.max(MESSAGE_MAX_LENGTH, CAPTCHA_MAX_LENGTH) * 4;
/** Room for the text fields and the part headers around the files. */
const BODY_OVERHEAD_BYTES = MAX_TEXT_FIELDS * (MAX_FIELD_BYTES + 512);

/** The largest body a form can legitimately have; a declared length above it is refused unread. */
function maxBodyBytes(rules: AttachmentRules): number {
  return rules.maxTotalBytes + BODY_OVERHEAD_BYTES + (rules.maxFiles + 1) * 1024;
}

/** The multipart parser's own limits: a backstop behind the checks below, never the rule. */
function multipartLimits(rules: AttachmentRules) {
  return {
    fieldNameSize: 64,
    fieldSize: MAX_FIELD_BYTES,
    fields: MAX_TEXT_FIELDS,
    // One more than allowed, so the extra file reaches the count check and its message.
    files: rules.maxFiles + 1,
    fileSize: rules.maxFileBytes + 1,
    parts: MAX_TEXT_FIELDS + rules.maxFiles + 1,
    headerPairs: 16,
  };
}

interface OpenedFile {
  /** Its position among the files sent (0 for the first). */
  index: number;
  name: string;
  extension: AttachmentExtension;
  /** The bytes read to check the signature; sent first. */
  head: Buffer[];
  rest: AsyncIterator<Buffer>;
  source: MultipartFile;
}

/** The file a refusal concerns: its position in the list sent and the name it was sent with. */
interface RefusedFile {
  index: number;
  name: string;
}

/**
 * A refused attachment. When one file is to blame, the message names it and the body marks
 * it: `fields['attachments.{index}']`, the position in the list the page sent, so the page can
 * mark that file (see bff/decisions/service-forms-and-captcha.md).
 */
function fileRefusal(status: number, code: BffErrorCode, message: string, file?: RefusedFile): BffError {
  const shown = file ? namedAttachmentMessage(file.name, message) : message;
  const fields: Record<string, string> = { attachments: shown };
  if (file) fields[attachmentFieldKey(file.index)] = shown;
  return new BffError(status, code, shown, fields);
}

const badRequest = (message: string = ERROR_MESSAGES.badRequest): BffError => new BffError(400, 'BAD_REQUEST', message);

/** Turns @fastify/multipart's errors (limits, a client that hung up, malformed bodies) into ours. */
function multipartFailure(error: unknown, rules: AttachmentRules): BffError {
  if (error instanceof BffError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return fileRefusal(413, 'TOO_MANY_FILES', rules.messages.tooManyFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileRefusal(413, 'FILE_TOO_LARGE', rules.messages.fileTooLarge);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new BffError(413, 'PAYLOAD_TOO_LARGE', ERROR_MESSAGES.payloadTooLarge);
    default:
      return badRequest();
  }
}

/** What a form's relay uses of the BFF: the captcha and the cinema API's multipart calls. */
type RelayNeeds = Pick<FastifyInstance, 'verifyCaptcha' | 'upstream'>;

export async function relayServiceForm<F extends { captcha: string }>(
  app: RelayNeeds,
  request: FastifyRequest,
  spec: ServiceFormSpec<F>,
): Promise<ServiceFormReceipt> {
  try {
    return await relay(app, request, spec);
  } catch (error) {
    // Refused before the whole body was read: answer now and throw the rest away unread.
    // The connection stays open until the client has sent it all: closing it under an
    // upload makes most clients lose the answer (EPIPE) along with the connection.
    if (!request.raw.complete) discardRemainingBody(request, maxBodyBytes(spec.rules));
    throw error;
  }
}

async function relay<F extends { captcha: string }>(
  app: RelayNeeds,
  request: FastifyRequest,
  spec: ServiceFormSpec<F>,
): Promise<ServiceFormReceipt> {
  const { rules } = spec;
  if (!request.isMultipart()) {
    throw new BffError(415, 'UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.unsupportedMediaType);
  }
  const declaredLength = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declaredLength) && declaredLength > maxBodyBytes(rules)) {
    throw fileRefusal(413, 'PAYLOAD_TOO_LARGE', rules.messages.totalTooLarge);
  }

  const parts = request.parts({ limits: multipartLimits(rules), preservePath: true });
  const nextPart = async (): Promise<Multipart | null> => {
    try {
      const next = await parts.next();
      return next.done ? null : next.value;
    } catch (error) {
      throw multipartFailure(error, rules);
    }
  };

  // 1. The text fields, up to the first file.
  const text = new Map<string, string>();
  let part = await nextPart();
  while (part && part.type === 'field') {
    if (part.valueTruncated || part.fieldnameTruncated) {
      throw new BffError(413, 'FIELD_TOO_LONG', MESSAGES.textTooLong);
    }
    if (typeof part.value !== 'string') throw badRequest();
    if (!text.has(part.fieldname)) text.set(part.fieldname, part.value);
    part = await nextPart();
  }
  const parsed = spec.schema.safeParse(spec.readFields(text));
  if (!parsed.success) throw validationFailure(parsed.error);
  const fields = parsed.data;

  // 2. The first file, checked before anything is sent upstream.
  let count = 0;
  let pending: OpenedFile | null = part ? await openFile(part, count, rules) : null;
  if (pending) count += 1;

  // 3. The captcha, spent only once everything checkable so far is fine.
  const verdict = await app.verifyCaptcha(fields.captcha);
  if (!verdict.ok) throw captchaRefusal(verdict);

  // 4. The upstream request, fed as the browser's body arrives.
  const encoder = new MultipartEncoder();
  const controller = new AbortController();
  let refusal: BffError | null = null;
  const refuse = (error: BffError): BffError => {
    refusal = error;
    controller.abort();
    return error;
  };

  async function* body(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of spec.toUpstreamFields(fields)) yield encoder.field(name, value);
    let total = 0;
    while (pending) {
      const file: OpenedFile = pending;
      yield encoder.fileStart(ATTACHMENTS_FIELD, file.name, contentTypeOf(file.extension));
      let size = 0;
      const sizeChecked = (chunk: Buffer): Buffer => {
        size += chunk.length;
        total += chunk.length;
        if (size > rules.maxFileBytes) {
          throw refuse(fileRefusal(413, 'FILE_TOO_LARGE', rules.messages.fileTooLarge, file));
        }
        if (total > rules.maxTotalBytes) {
          throw refuse(fileRefusal(413, 'PAYLOAD_TOO_LARGE', rules.messages.totalTooLarge));
        }
        return chunk;
      };
      for (const chunk of file.head) yield sizeChecked(chunk);
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await file.rest.next();
        } catch (error) {
          throw refuse(multipartFailure(error, rules));
        }
        if (next.done) break;
        yield sizeChecked(next.value);
      }
      if (file.source.file.truncated) {
        throw refuse(fileRefusal(413, 'FILE_TOO_LARGE', rules.messages.fileTooLarge, file));
      }
      yield encoder.fileEnd();

      let following: Multipart | null;
      try {
        following = await nextPart();
      } catch (error) {
        throw refuse(error instanceof BffError ? error : badRequest());
      }
      if (following && following.type === 'field') {
        throw refuse(badRequest('Los campos del formulario deben ir antes de los archivos.'));
      }
      try {
        pending = following ? await openFile(following, count, rules) : null;
      } catch (error) {
        throw refuse(error instanceof BffError ? error : badRequest());
      }
      if (pending) count += 1;
    }
    yield encoder.close();
  }

  let status: number;
  let json: unknown;
  try {
    ({ status, json } = await app.upstream.stream(request, spec.upstreamCall, {
      body: body(),
      contentType: encoder.contentType,
      signal: controller.signal,
    }));
  } catch (error) {
    controller.abort();
    if (refusal) throw refusal;
    request.log.error({ upstream: spec.upstreamCall, err: error }, 'form relay failed');
    throw new BffError(502, 'UPSTREAM_UNAVAILABLE', ERROR_MESSAGES.upstreamUnavailable);
  }
  if (refusal) throw refusal;
  return receiptFrom(request, spec, status, json);
}

/** Checks a file part's name, type, count and leading bytes; reads only those bytes. */
async function openFile(part: Multipart, index: number, rules: AttachmentRules): Promise<OpenedFile> {
  if (part.type !== 'file' || !FILE_FIELDS.has(part.fieldname)) throw badRequest();
  if (index >= rules.maxFiles) throw fileRefusal(413, 'TOO_MANY_FILES', rules.messages.tooManyFiles);
  const name = attachmentBaseName(part.filename);
  if (name === null) {
    throw fileRefusal(422, 'INVALID_FILE_NAME', SERVICE_FORM_MESSAGES.attachmentName, { index, name: part.filename });
  }
  const refused: RefusedFile = { index, name };
  const extension = attachmentExtension(name);
  if (extension === null)
    throw fileRefusal(422, 'FILE_TYPE_NOT_ALLOWED', SERVICE_FORM_MESSAGES.attachmentType, refused);

  const rest = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < MAGIC_BYTES_NEEDED) {
    let next: IteratorResult<Buffer>;
    try {
      next = await rest.next();
    } catch (error) {
      throw multipartFailure(error, rules);
    }
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) throw fileRefusal(422, 'EMPTY_FILE', SERVICE_FORM_MESSAGES.attachmentEmpty, refused);
  if (!contentMatchesExtension(Buffer.concat(head), extension)) {
    throw fileRefusal(422, 'FILE_CONTENT_MISMATCH', SERVICE_FORM_MESSAGES.attachmentContent, refused);
  }
  return { index, name, extension, head, rest, source: part };
}

function validationFailure(error: z.ZodError): BffError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    if (field !== '' && !(field in fields)) fields[field] = issue.message;
  }
  const messages = Object.values(fields);
  const message = messages.length === 1 && messages[0] ? messages[0] : ERROR_MESSAGES.validation;
  return new BffError(422, 'VALIDATION_FAILED', message, fields);
}

function receiptFrom<F extends { captcha: string }>(
  request: FastifyRequest,
  spec: ServiceFormSpec<F>,
  status: number,
  json: unknown,
): ServiceFormReceipt {
  const where = { upstream: spec.upstreamCall, status };
  if (status >= 200 && status < 300) {
    const answer = SubmissionAnswerSchema.safeParse(json);
    if (!answer.success) request.log.warn(where, 'form accepted with an unexpected answer');
    return { reference: answer.success ? answer.data.data.radicado : null };
  }
  if (status === 422) {
    const fields = upstreamFields(json);
    const first = Object.values(fields)[0];
    throw new BffError(422, 'VALIDATION_FAILED', first ?? ERROR_MESSAGES.validation, fields);
  }
  if (status === 413) throw fileRefusal(413, 'PAYLOAD_TOO_LARGE', spec.rules.messages.totalTooLarge);
  if (status === 429) throw new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.rateLimited);
  request.log.error(where, 'upstream refused the form');
  throw new BffError(502, 'UPSTREAM_UNAVAILABLE', ERROR_MESSAGES.upstreamUnavailable);
}

/**
 * Field → first message of a Laravel-style 422 `errors` map. `attachments.0` counts for
 * `attachments` and is kept as well, so the page can mark the file the API refused.
 */
function upstreamFields(json: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!json || typeof json !== 'object' || !('errors' in json)) return fields;
  const errors = (json as { errors: unknown }).errors;
  if (!errors || typeof errors !== 'object') return fields;
  for (const [key, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    const field = key.split('.')[0] ?? key;
    if (typeof first !== 'string') continue;
    if (!(field in fields)) fields[field] = first;
    if (/^attachments\.\d+$/.test(key)) fields[key] = first;
  }
  return fields;
}

/**
 * Reads and drops what is left of a refused request so the answer reaches the client (a
 * connection closed under an unread upload often loses the answer too). Memory stays flat;
 * past `maxBytes` more, or half a minute, the connection is cut.
 */
function discardRemainingBody(request: FastifyRequest, maxBytes: number): void {
  const raw = request.raw;
  if (raw.destroyed) return;
  raw.unpipe();
  let discarded = 0;
  const cut = setTimeout(() => raw.destroy(), 30_000);
  cut.unref();
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) raw.destroy();
  });
  raw.once('end', () => clearTimeout(cut));
  raw.once('close', () => clearTimeout(cut));
  raw.resume();
}
