import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { BffConfig } from './config.ts';

/**
 * pino (JSON) options of the BFF: a request id on every line, and no password, token,
 * cookie, code, card number or CVC in any line.
 *
 * Secrets are kept out by construction first: the `req`, `res` and `err` serializers emit
 * only the fields listed in them (never headers, bodies, or an error's other properties,
 * such as an HTTP client's request options), and URLs are masked by `safeUrl`. Redaction is
 * the safety net for whatever else a handler logs by mistake, on explicit paths only: pino
 * redacts a line only when it carries one of those top-level keys. Wildcard paths
 * (`*.password`) instead ran the redactor over every value of every line, access lines
 * included, and cost about three quarters of a cached catalogue read's throughput.
 */

const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'currentPassword',
  'token',
  'pay_token',
  'register_token',
  'access_token',
  'refresh_token',
  'codes',
  'verification_code',
  'cookie',
  'cookies',
  'authorization',
  'card_number',
  'cardNumber',
  'cvc',
  'cvv',
  'keyPay',
  // The wallets' signing keys (kept as SecretText / KeyObject, which print nothing) and a save link's JWT.
  'privateKey',
  'private_key',
  'signerKey',
  'signerKeyPassphrase',
  'jwt',
];

/** Secret request and upstream headers, as a logged `headers` object would name them. */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-custom-action',
  'x-register-code',
  'x-registration-key',
];

/** Objects a handler could log whole by mistake; their secret keys are redacted. */
const CONTAINERS = ['body', 'params', 'query', 'payload', 'form', 'data', 'user', 'session', 'auth', 'upstreamBody'];

/**
 * `code` is only redacted where a body or path parameter could hold it (a verification or
 * reset code): elsewhere it is an error code (`code`, `err.code`) that operators need.
 */
const CODE_CONTAINERS = ['body', 'params', 'payload', 'form', 'data'];

const property = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...CONTAINERS.flatMap((container) => SECRET_KEYS.map((key) => `${container}${property(key)}`)),
  ...SECRET_HEADERS.map((header) => `headers${property(header)}`),
  ...CODE_CONTAINERS.map((container) => `${container}.code`),
];

export const REDACTED = '[REDACTED]';

/**
 * Paths whose last segment is a secret: the reset-password code in the BFF's, the cinema API's
 * and the site's page path; an alert e-mail's unsubscribe token in the site's page path (the
 * BFF's route takes it as `?token=`, masked as a secret query value).
 */
const SECRET_PATH = /^(\/bff\/auth\/reset\/|\/?update-password\/|\/forgot-password\/|\/avisos\/cancelar\/)[^/?#]+/;

const SECRET_QUERY_KEYS = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));

/** A URL or upstream path safe to log: a secret path segment and secret query values are masked. */
export function safeUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const maskedPath = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryStart === -1) return maskedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const key = decodeURIComponentSafe(pair.split('=')[0] ?? '').toLowerCase();
      return SECRET_QUERY_KEYS.has(key) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${maskedPath}?${query}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Honours a well-formed `X-Request-Id` from the front door, otherwise makes one. */
export function requestIdFor(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** A request as logged: never its headers (cookie, authorization) or body. */
function serializeRequest(req: FastifyRequest): { method: string; url: string; remoteAddress: string } {
  return { method: req.method, url: safeUrl(req.url), remoteAddress: req.ip };
}

/** A reply as logged: its status only (never its headers, which may set the session cookie). */
function serializeReply(reply: Pick<FastifyReply, 'statusCode'>): { statusCode: number } {
  return { statusCode: reply.statusCode };
}

type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: SerializedError;
  errors?: SerializedError[];
};

const ERROR_DEPTH = 3;
const AGGREGATED_ERRORS = 5;

/**
 * An error as logged: kind, message, stack, code and status, and the same of its causes (an
 * undici error's socket error, say). Other properties are left out, so an error that carries
 * a request's headers or body never puts them in a line.
 */
function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const serialized: SerializedError = {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string' || typeof code === 'number') serialized.code = code;
  if (typeof statusCode === 'number') serialized.statusCode = statusCode;
  if (depth < ERROR_DEPTH) {
    if (error.cause !== undefined) serialized.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError && Array.isArray(error.errors)) {
      serialized.errors = error.errors
        .slice(0, AGGREGATED_ERRORS)
        .map((inner: unknown) => serializeError(inner, depth + 1));
    }
  }
  return serialized;
}

export function loggerOptions(
  config: BffConfig,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, res: serializeReply, err: (error: unknown) => serializeError(error) },
    ...(stream ? { stream } : {}),
  };
}
