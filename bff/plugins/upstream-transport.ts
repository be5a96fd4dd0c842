import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { cinemaApi, type CinemaName } from '#shared/cinema-api/api.ts';
import { cinemaMethodOf, cinemaPathOf } from '#shared/cinema-api/call.ts';
import {
  API_KEY_HEADER,
  CUSTOM_ACTION_HEADER,
  REGISTER_CODE_HEADER,
  REGISTRATION_KEY_HEADER,
} from '#shared/cinema-api/headers.ts';
import type { BffConfig } from './config.ts';

/**
 * The wire to the cinema API: one undici pool (keep-alive, timeouts), each call's path filled
 * from its declaration (shared/cinema-api/), and the secret headers it declares added here and
 * nowhere else. It answers raw status and text: the BFF's client (`upstream.ts`) parses them
 * into answers and errors, the conformance check (`npm run check:upstream`) holds them against
 * the declarations.
 */

export type TransportConfig = Pick<
  BffConfig,
  'upstreamUrl' | 'upstreamTimeoutMs' | 'upstreamWriteTimeoutMs' | 'cinema'
>;

export interface RawRequest {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  /** The bearer token, for a call that takes one. */
  token?: string | undefined;
  /** Sent as `x-request-id`, so the API's logs name our request. */
  requestId: string;
}

export interface RawAnswer {
  status: number;
  text: string;
}

export interface StreamRequest {
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  token?: string | undefined;
  requestId: string;
  /** Aborting destroys the upstream connection mid-body, so nothing partial is stored. */
  signal: AbortSignal;
}

function searchOf(query: RawRequest['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') search.set(key, String(value));
  }
  return search.size > 0 ? `?${search.toString()}` : '';
}

export function createCinemaTransport(config: TransportConfig) {
  const base = new URL(config.upstreamUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 128,
    keepAliveTimeout: 10_000,
    connectTimeout: Math.min(config.upstreamTimeoutMs, 5_000),
    headersTimeout: config.upstreamTimeoutMs,
    bodyTimeout: config.upstreamTimeoutMs,
  });

  function headersFor(name: CinemaName, token: string | undefined, requestId: string): Record<string, string> {
    const call = cinemaApi[name];
    const headers: Record<string, string> = {
      accept: 'application/json',
      [API_KEY_HEADER]: config.cinema.apiKey,
      [CUSTOM_ACTION_HEADER]: config.cinema.actionKey,
      'x-request-id': requestId,
    };
    if (token && call.auth !== 'none') headers.authorization = `Bearer ${token}`;
    if ('secretHeader' in call && call.secretHeader === 'registerCode') {
      headers[REGISTER_CODE_HEADER] = config.cinema.registerCode;
    }
    if ('secretHeader' in call && call.secretHeader === 'registrationKey') {
      headers[REGISTRATION_KEY_HEADER] = config.cinema.registrationKey;
    }
    return headers;
  }

  const pathOf = (name: CinemaName, request: Pick<RawRequest, 'params' | 'query'>): string =>
    `${basePath}/${cinemaPathOf(name, request.params)}${searchOf(request.query)}`;

  return {
    /** One JSON call (no retry: the client decides). */
    async send(name: CinemaName, request: RawRequest): Promise<RawAnswer> {
      const method = cinemaMethodOf(name);
      const headers = headersFor(name, request.token, request.requestId);
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const answer = await pool.request({
        method,
        path: pathOf(name, request),
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        // A charge or a registration may take the provider longer than a catalogue read.
        ...(method === 'GET'
          ? {}
          : { headersTimeout: config.upstreamWriteTimeoutMs, bodyTimeout: config.upstreamWriteTimeoutMs }),
      });
      return { status: answer.statusCode, text: await answer.body.text() };
    },

    /** A multipart POST whose body flows through as it arrives. */
    async stream(name: CinemaName, request: StreamRequest): Promise<RawAnswer> {
      const answer = await pool.request({
        method: 'POST',
        path: pathOf(name, {}),
        headers: { ...headersFor(name, request.token, request.requestId), 'content-type': request.contentType },
        // Pulled chunk by chunk: at most one small buffer waits between the two sockets.
        body: Readable.from(request.body, { objectMode: false, highWaterMark: 64 * 1024 }),
        signal: request.signal,
        headersTimeout: config.upstreamWriteTimeoutMs,
      });
      return { status: answer.statusCode, text: await answer.body.text() };
    },

    close: () => pool.close(),
  };
}

export type CinemaTransport = ReturnType<typeof createCinemaTransport>;
