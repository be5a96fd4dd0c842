import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { Pool } from 'undici';
import type { z } from 'zod';
import {
  API_KEY_HEADER,
  CUSTOM_ACTION_HEADER,
  FORBIDDEN_MESSAGE,
  REGISTER_CODE_HEADER,
  REGISTRATION_KEY_HEADER,
  UNAUTHENTICATED_MESSAGE,
} from '#shared/cinema-api/headers.ts';
import { BffError, ERROR_MESSAGES, unauthenticated } from '../errors.ts';
import type { BffConfig } from './config.ts';
import { safeUrl } from './logging.ts';
import { endSession } from './session.ts';

/**
 * The one way to the cinema API: an undici pool (keep-alive, timeouts), the secret headers
 * added here and nowhere else, the bearer token from the session when asked, one retry for
 * reads, every answer parsed with a schema from shared/cinema-api/, and every failure turned
 * into a `BffError`.
 */

type UpstreamCall<S extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the API root, built with `upstreamPath` (e.g. upstreamPath`movies/${slug}`). */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Schema of the successful answer. */
  schema: S;
  /** Send the session's bearer token; a logged-out visitor gets a 401 without a call. */
  auth?: boolean;
  /** The extra secret header some calls demand. */
  secretHeader?: 'registerCode' | 'registrationKey';
};

/** A POST whose body flows through as it arrives (multipart uploads); the answer is left raw. */
type UpstreamStreamCall = {
  path: string;
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  /** Aborting destroys the upstream connection mid-body, so nothing partial is stored. */
  signal: AbortSignal;
};

type UpstreamClient = {
  call<S extends z.ZodType>(request: FastifyRequest, call: UpstreamCall<S>): Promise<z.output<S>>;
  /** Sends the visitor's bearer token when there is a session. Network failures throw. */
  stream(request: FastifyRequest, call: UpstreamStreamCall): Promise<{ status: number; json: unknown }>;
};

/** Builds an API path, encoding every interpolated value as one path segment. */
export function upstreamPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce(
    (path, text, index) => path + text + (index < values.length ? encodeURIComponent(String(values[index])) : ''),
    '',
  );
}

const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRY_DELAY_MS = 100;

type RawAnswer = { status: number; text: string };

/** How an upstream call ended, for the metrics. */
type UpstreamOutcome = 'ok' | 'client_error' | 'server_error' | 'network_error' | 'invalid_answer';

const outcomeOf = (status: number): UpstreamOutcome =>
  status < 400 ? 'ok' : status < 500 ? 'client_error' : 'server_error';

function createUpstreamClient(config: BffConfig, observe: (outcome: UpstreamOutcome) => void = () => {}) {
  const base = new URL(config.upstreamUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 128,
    keepAliveTimeout: 10_000,
    connectTimeout: Math.min(config.upstreamTimeoutMs, 5_000),
    headersTimeout: config.upstreamTimeoutMs,
    bodyTimeout: config.upstreamTimeoutMs,
  });

  function headersFor(
    call: Pick<UpstreamCall<z.ZodType>, 'secretHeader' | 'body'>,
    token: string | undefined,
    requestId: string,
  ) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [API_KEY_HEADER]: config.cinema.apiKey,
      [CUSTOM_ACTION_HEADER]: config.cinema.actionKey,
      'x-request-id': requestId,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    if (call.secretHeader === 'registerCode') headers[REGISTER_CODE_HEADER] = config.cinema.registerCode;
    if (call.secretHeader === 'registrationKey') {
      headers[REGISTRATION_KEY_HEADER] = config.cinema.registrationKey;
    }
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }

  async function send(call: UpstreamCall<z.ZodType>, headers: Record<string, string>): Promise<RawAnswer> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) query.set(key, value);
    }
    const search = query.size > 0 ? `?${query.toString()}` : '';
    const answer = await pool.request({
      method: call.method,
      path: `${basePath}/${call.path.replace(/^\/+/, '')}${search}`,
      headers,
      body: call.body === undefined ? null : JSON.stringify(call.body),
      // A charge or a registration may take the provider longer than a catalogue read.
      ...(call.method === 'GET'
        ? {}
        : { headersTimeout: config.upstreamWriteTimeoutMs, bodyTimeout: config.upstreamWriteTimeoutMs }),
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  }

  async function sendWithRetry(
    call: UpstreamCall<z.ZodType>,
    headers: Record<string, string>,
    logger: FastifyBaseLogger,
  ): Promise<RawAnswer> {
    const attempts = call.method === 'GET' ? 2 : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await send(call, headers);
        if (attempt < attempts && RETRY_STATUSES.has(answer.status)) {
          logger.warn({ upstream: safeUrl(call.path), status: answer.status }, 'upstream read failed, retrying');
        } else {
          return answer;
        }
      } catch (error) {
        if (attempt >= attempts) throw error;
        logger.warn({ upstream: safeUrl(call.path), err: error }, 'upstream read failed, retrying');
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }

  const client: UpstreamClient = {
    async stream(request, call) {
      const headers = { ...headersFor({}, request.auth?.token, request.id), 'content-type': call.contentType };
      const answer = await pool
        .request({
          method: 'POST',
          path: `${basePath}/${call.path.replace(/^\/+/, '')}`,
          headers,
          // Pulled chunk by chunk: at most one small buffer waits between the two sockets.
          body: Readable.from(call.body, { objectMode: false, highWaterMark: 64 * 1024 }),
          signal: call.signal,
          headersTimeout: config.upstreamWriteTimeoutMs,
        })
        .catch((error: unknown) => {
          observe('network_error');
          throw error;
        });
      observe(outcomeOf(answer.statusCode));
      return { status: answer.statusCode, json: parseJson(await answer.body.text()) };
    },
    async call(request, call) {
      const token = call.auth ? request.auth?.token : undefined;
      if (call.auth && !token) throw unauthenticated();
      const logger = request.log;
      const started = performance.now();
      let answer: RawAnswer;
      try {
        answer = await sendWithRetry(call, headersFor(call, token, request.id), logger);
      } catch (error) {
        observe('network_error');
        logger.error({ upstream: safeUrl(call.path), method: call.method, err: error }, 'upstream unreachable');
        throw upstreamUnavailable();
      }
      const ms = Math.round(performance.now() - started);
      logger.debug({ upstream: safeUrl(call.path), method: call.method, status: answer.status, ms }, 'upstream call');

      const json = parseJson(answer.text);
      if (answer.status >= 200 && answer.status < 300) {
        const parsed = call.schema.safeParse(json);
        if (!parsed.success) {
          observe('invalid_answer');
          logger.error(
            {
              upstream: safeUrl(call.path),
              issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
            },
            'upstream answer does not match its schema',
          );
          throw upstreamUnavailable();
        }
        observe('ok');
        return parsed.data;
      }
      observe(outcomeOf(answer.status));
      throw toBffError(request, call, answer.status, json, logger);
    },
  };

  return { client, close: () => pool.close() };
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function upstreamUnavailable(): BffError {
  return new BffError(502, 'UPSTREAM_UNAVAILABLE', ERROR_MESSAGES.upstreamUnavailable);
}

function messageOf(json: unknown): string | undefined {
  if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') {
    const message = json.message.trim();
    return message === '' ? undefined : message;
  }
  return undefined;
}

/** Field name → first message, from a Laravel-style 422 `errors` map. */
function fieldsOf(json: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!json || typeof json !== 'object' || !('errors' in json)) return fields;
  const errors = json.errors;
  if (!errors || typeof errors !== 'object') return fields;
  for (const [field, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') fields[field] = first;
  }
  return fields;
}

function toBffError(
  request: FastifyRequest,
  call: UpstreamCall<z.ZodType>,
  status: number,
  json: unknown,
  logger: FastifyBaseLogger,
): BffError {
  const message = messageOf(json);
  const where = { upstream: safeUrl(call.path), method: call.method, status };

  if (status === 401) {
    if (call.auth) {
      // The upstream no longer accepts the token: the visitor is logged out.
      endSession(request);
      return unauthenticated(ERROR_MESSAGES.sessionExpired);
    }
    if (message === undefined || message === UNAUTHENTICATED_MESSAGE) {
      logger.error(where, 'upstream refused the API key');
      return upstreamUnavailable();
    }
    return new BffError(401, 'UNAUTHENTICATED', message);
  }
  if (status === 403) {
    if (message === undefined || message === FORBIDDEN_MESSAGE) {
      logger.error(where, 'upstream refused a secret header');
      return upstreamUnavailable();
    }
    return new BffError(403, 'FORBIDDEN', message);
  }
  if (status === 422) {
    return new BffError(422, 'VALIDATION_FAILED', message ?? ERROR_MESSAGES.validation, fieldsOf(json));
  }
  if (status === 404) return new BffError(404, 'NOT_FOUND', ERROR_MESSAGES.notFound);
  if (status === 429) return new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.rateLimited);
  if (status >= 400 && status < 500) {
    logger.info(where, 'upstream refused the request');
    return new BffError(status, 'UPSTREAM_REJECTED', message ?? ERROR_MESSAGES.badRequest);
  }
  logger.error(where, 'upstream failed');
  return upstreamUnavailable();
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
  }
}

export const upstreamPlugin = fp(
  async (app) => {
    const { client, close } = createUpstreamClient(app.config, (outcome) => app.metrics.upstreamCalls.inc({ outcome }));
    app.decorate('upstream', client);
    app.addHook('onClose', async () => {
      await close();
    });
  },
  { name: 'viziona-upstream', dependencies: ['viziona-config', 'viziona-session', 'viziona-metrics'] },
);
