import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { BffConfig } from './config.ts';

/**
 * pino (JSON) options of the BFF: a request id on every line, and no password, token,
 * cookie, code, card number or CVC in any line. The default request serializer logs no
 * headers or bodies; these paths catch anything a handler logs by mistake.
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
];

const HEADER_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-custom-action"]',
  'req.headers["x-register-code"]',
  'req.headers["x-registration-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'headers["x-custom-action"]',
  'headers["x-register-code"]',
  'headers["x-registration-key"]',
];

/**
 * `code` is only redacted where a body or path parameter could hold it (a verification or
 * reset code): elsewhere it is an error code (`err.code`) that operators need.
 */
const CODE_PATHS = ['body.code', '*.body.code', 'params.code', '*.params.code', 'payload.code', '*.payload.code'];

export const REDACT_PATHS = [
  ...HEADER_PATHS,
  ...CODE_PATHS,
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export const REDACTED = '[REDACTED]';

/** Paths whose last segment is a secret (the reset-password code). */
const SECRET_PATH = /^(\/bff\/auth\/reset\/|\/?update-password\/)[^/?#]+/;

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

export function loggerOptions(
  config: BffConfig,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(req: FastifyRequest) {
        return { method: req.method, url: safeUrl(req.url), remoteAddress: req.ip };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
