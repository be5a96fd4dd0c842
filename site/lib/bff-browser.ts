/**
 * The browser's one client of the BFF: same-origin `/bff/...`, a JSON or multipart body, the
 * answer read as JSON, and the client header on every state-changing request (the BFF refuses
 * a non-GET request without it). It never throws: a failure comes back as a `BffFailure`.
 * Every call names its endpoint in the contract (`callBff('GET /session')`): the path, the
 * arguments and the answer come from it. `uploadToBff` (`bff-upload.ts`, loaded only by what
 * sends files) sends a multipart body the same way and reports how much of it has gone.
 */
import type { AnswerFor, ContractName, RequestArgs } from '#shared/contract/contract.ts';
import { methodOf, requestPath, type RequestParts } from '#shared/contract/path.ts';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#shared/http/client-header.ts';
import { bffFailureFrom, type BffFailure } from './bff-error.ts';

export type BffResponse<T> = { ok: true; status: number; data: T } | { ok: false; status: number; failure: BffFailure };

/** The BFF could not be reached (offline, a dropped connection); status 0. */
export const NETWORK_FAILURE: BffFailure = {
  code: 'NETWORK',
  message: 'No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.',
};

/** An error answer without a readable body. */
const UNKNOWN_FAILURE: BffFailure = { ...NETWORK_FAILURE, code: 'UNKNOWN' };

export interface BffRequestOptions {
  /** Aborts the request (the answer is then a network failure). */
  signal?: AbortSignal;
  /** Lets the request outlive the page: a hold released while the person leaves. */
  keepalive?: boolean;
  /** `no-store` for a read that must reach the BFF each time (a payment being followed). */
  cache?: RequestCache;
}

/** A JSON value, or `FormData` sent as multipart (the browser writes the boundary). */
type BffBody = FormData | object;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The headers of a request to the BFF (`bff-upload.ts` sends the same). */
export function requestHeaders(method: Method, body: BffBody | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CLIENT_HEADER] = CLIENT_HEADER_VALUE;
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  return headers;
}

/** The BFF's answer: its data, or its error body read as a `BffFailure`. */
export function answerOf<T>(status: number, data: unknown): BffResponse<T> {
  if (status < 200 || status > 299) return { ok: false, status, failure: bffFailureFrom(data, UNKNOWN_FAILURE) };
  // The BFF is our own service answering in the view types of shared/views.
  return { ok: true, status, data: data as T };
}

export const networkFailure = <T>(): BffResponse<T> => ({ ok: false, status: 0, failure: NETWORK_FAILURE });

async function bffRequest<T>(
  method: Method,
  path: string,
  body?: BffBody,
  options: BffRequestOptions = {},
): Promise<BffResponse<T>> {
  let response: Response;
  try {
    response = await fetch(`/bff${path}`, {
      method,
      headers: requestHeaders(method, body),
      credentials: 'same-origin',
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      ...options,
    });
  } catch {
    return networkFailure();
  }
  // A body that is not JSON reads as null; a body that never arrived (the connection dropped,
  // the page left: Firefox then read a 200 session answer as `null`) is a network failure.
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    if (!(error instanceof SyntaxError)) return networkFailure();
    data = null;
  }
  return answerOf<T>(response.status, data);
}

/**
 * Calls a BFF endpoint by its contract name (`'POST /booking/:showtimeId/reserve'`): the
 * params, query and body are typed by the contract's schemas, and so is the answer. Only the
 * contract's types reach the browser: its schemas stay on the server.
 */
export function callBff<N extends ContractName>(
  name: N,
  ...[request]: RequestArgs<N, BffRequestOptions>
): Promise<BffResponse<AnswerFor<N>>> {
  const { body, signal, keepalive, cache } = (request ?? {}) as RequestParts & BffRequestOptions;
  return bffRequest<AnswerFor<N>>(methodOf(name), requestPath(name, request), body as BffBody | undefined, {
    signal,
    keepalive,
    cache,
  });
}

/** The same-origin URL of an endpoint that is not read as JSON (the seat stream, a calendar file). */
export const bffUrl = <N extends ContractName>(name: N, ...[request]: RequestArgs<N>): string =>
  `/bff${requestPath(name, request)}`;
