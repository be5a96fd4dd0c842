import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  cinemaApi,
  type CinemaAnswer,
  type CinemaName,
  type CinemaRequest,
  type JsonCallName,
  type MultipartCallName,
} from '#shared/cinema-api/api.ts';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from '#shared/cinema-api/headers.ts';
import { BffError, ERROR_MESSAGES, unauthenticated } from '../errors.ts';
import { endSession } from './session.ts';
import { createCinemaTransport, type RawAnswer, type TransportConfig } from './upstream-transport.ts';

/**
 * The one way to the cinema API: every call by its name in shared/cinema-api/api.ts (its
 * path, secret headers, auth and answer schema come from there), the bearer token from the
 * session when the call takes one, one retry for reads, every answer parsed with the call's
 * schema, and every failure turned into a `BffError`.
 */

/**
 * Who a call is made for: a request (its id and logger name the call in the logs, its session
 * gives the bearer token), or a background run of this replica (no session).
 */
export type UpstreamCaller = FastifyRequest | BackgroundCaller;

export interface BackgroundCaller {
  readonly background: string;
  readonly id: string;
  readonly log: FastifyBaseLogger;
  readonly auth: null;
}

/** A caller for work no request started (a timer's run): its own id in the log lines. */
export function backgroundCaller(log: FastifyBaseLogger, task: string): BackgroundCaller {
  const id = `${task}-${randomUUID()}`;
  return { background: task, id, log: log.child({ reqId: id }), auth: null };
}

interface CallOptions {
  /** An `optional-bearer` call sends the session's token only when asked (the caller's own seats). */
  asCustomer?: boolean;
}

/** The arguments after the name: the request's parts, optional when the call takes none. */
export type UpstreamCallArgs<N extends JsonCallName> =
  undefined extends CinemaRequest<N> ? [request?: CallOptions] : [request: NonNullable<CinemaRequest<N>> & CallOptions];

interface RequestParts extends CallOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

/** A multipart POST whose body flows through as it arrives; the answer is left raw. */
interface StreamCall {
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  /** Aborting destroys the upstream connection mid-body, so nothing partial is stored. */
  signal: AbortSignal;
}

export interface UpstreamClient {
  call<N extends JsonCallName>(
    caller: UpstreamCaller,
    name: N,
    ...request: UpstreamCallArgs<N>
  ): Promise<CinemaAnswer<N>>;
  /** Sends the visitor's bearer token when there is a session. Network failures throw. */
  stream(caller: UpstreamCaller, name: MultipartCallName, call: StreamCall): Promise<{ status: number; json: unknown }>;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRY_DELAY_MS = 100;

/** How an upstream call ended, for the metrics. */
type UpstreamOutcome = 'ok' | 'client_error' | 'server_error' | 'network_error' | 'invalid_answer';

const outcomeOf = (status: number): UpstreamOutcome =>
  status < 400 ? 'ok' : status < 500 ? 'client_error' : 'server_error';

/** The token a call sends: the session's, when the call takes one (an optional one when asked). */
function tokenFor(name: CinemaName, caller: UpstreamCaller, asCustomer: boolean | undefined): string | undefined {
  const { auth } = cinemaApi[name];
  if (auth === 'bearer' || (auth === 'optional-bearer' && asCustomer)) return caller.auth?.token;
  return undefined;
}

export function createUpstreamClient(config: TransportConfig, observe: (outcome: UpstreamOutcome) => void = () => {}) {
  const transport = createCinemaTransport(config);

  async function sendWithRetry(
    name: JsonCallName,
    parts: RequestParts,
    token: string | undefined,
    caller: UpstreamCaller,
  ): Promise<RawAnswer> {
    const attempts = name.startsWith('GET ') ? 2 : 1;
    const request = { params: parts.params, query: parts.query, body: parts.body, token, requestId: caller.id };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await transport.send(name, request);
        if (attempt < attempts && RETRY_STATUSES.has(answer.status)) {
          caller.log.warn({ upstream: name, status: answer.status }, 'upstream read failed, retrying');
        } else {
          return answer;
        }
      } catch (error) {
        if (attempt >= attempts) throw error;
        caller.log.warn({ upstream: name, err: error }, 'upstream read failed, retrying');
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }

  const client: UpstreamClient = {
    async stream(caller, name, call) {
      const answer = await transport
        .stream(name, { ...call, token: tokenFor(name, caller, true), requestId: caller.id })
        .catch((error: unknown) => {
          observe('network_error');
          throw error;
        });
      observe(outcomeOf(answer.status));
      return { status: answer.status, json: parseJson(answer.text) };
    },
    async call<N extends JsonCallName>(caller: UpstreamCaller, name: N, ...args: UpstreamCallArgs<N>) {
      const parts: RequestParts = args[0] ?? {};
      const declared = cinemaApi[name];
      const token = tokenFor(name, caller, parts.asCustomer);
      if (declared.auth === 'bearer' && !token) throw unauthenticated();
      const logger = caller.log;
      const started = performance.now();
      let answer: RawAnswer;
      try {
        answer = await sendWithRetry(name, parts, token, caller);
      } catch (error) {
        observe('network_error');
        logger.error({ upstream: name, err: error }, 'upstream unreachable');
        throw upstreamUnavailable();
      }
      const ms = Math.round(performance.now() - started);
      logger.debug({ upstream: name, status: answer.status, ms }, 'upstream call');

      const json = parseJson(answer.text);
      if (answer.status >= 200 && answer.status < 300) {
        const parsed = declared.answer.safeParse(json);
        if (!parsed.success) {
          observe('invalid_answer');
          logger.error(
            {
              upstream: name,
              issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
            },
            'upstream answer does not match its schema',
          );
          throw upstreamUnavailable();
        }
        observe('ok');
        // The declaration's answer schema parsed it: its output is CinemaAnswer<N>.
        return parsed.data as CinemaAnswer<N>;
      }
      observe(outcomeOf(answer.status));
      throw toBffError(caller, name, answer.status, json);
    },
  };

  return { client, close: () => transport.close() };
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

function toBffError(caller: UpstreamCaller, name: CinemaName, status: number, json: unknown): BffError {
  const message = messageOf(json);
  const where = { upstream: name, status };
  const logger = caller.log;

  if (status === 401) {
    if (cinemaApi[name].auth === 'bearer') {
      // The upstream no longer accepts the token: the visitor is logged out.
      if (!('background' in caller)) endSession(caller);
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
