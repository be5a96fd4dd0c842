import { Readable } from 'node:stream';
import { Pool } from 'undici';
import type { BffConfig } from '../../plugins/config.ts';
import { API_KEY_HEADER, CUSTOM_ACTION_HEADER } from '../../../shared/cinema-api/headers.ts';

/**
 * POSTs a streamed multipart body to the cinema API. The shared upstream client sends JSON
 * bodies it holds whole; an upload has to flow through as it arrives, so this one call has
 * its own small pool, with the same secret headers as every other call.
 */

export interface RelayRequest {
  /** Relative to the API root: 'pqrs' or 'ethics'. */
  path: string;
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  requestId: string;
  /** The visitor's upstream token, when logged in (the API links the submission to them). */
  bearerToken: string | undefined;
  /** Aborting destroys the upstream connection mid-body, so nothing partial is stored. */
  signal: AbortSignal;
}

export interface RelayAnswer {
  status: number;
  json: unknown;
}

export interface FormsUpstream {
  post(request: RelayRequest): Promise<RelayAnswer>;
  close(): Promise<void>;
}

export function createFormsUpstream(config: BffConfig): FormsUpstream {
  const base = new URL(config.upstreamUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 16,
    connectTimeout: Math.min(config.upstreamTimeoutMs, 5_000),
    // Refreshed by every body chunk sent, so a slow upload is not cut off while it flows.
    headersTimeout: config.upstreamTimeoutMs,
    bodyTimeout: config.upstreamTimeoutMs,
  });

  return {
    async post(request) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'content-type': request.contentType,
        [API_KEY_HEADER]: config.cinema.apiKey,
        [CUSTOM_ACTION_HEADER]: config.cinema.actionKey,
        'x-request-id': request.requestId,
      };
      if (request.bearerToken) headers.authorization = `Bearer ${request.bearerToken}`;
      const answer = await pool.request({
        method: 'POST',
        path: `${basePath}/${request.path}`,
        headers,
        // Pulled chunk by chunk: at most one small buffer waits between the two sockets.
        body: Readable.from(request.body, { objectMode: false, highWaterMark: 64 * 1024 }),
        signal: request.signal,
      });
      const text = await answer.body.text();
      let json: unknown = null;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: answer.statusCode, json };
    },
    close: () => pool.close(),
  };
}
