/**
 * The browser's one client of the BFF: same-origin `/bff/...`, a JSON or multipart body, the
 * answer read as JSON, and the client header on every state-changing request (the BFF refuses
 * a non-GET request without it). It never throws: a failure comes back as a `BffFailure`.
 */
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../shared/http/client-header.ts';
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
export type BffBody = FormData | object;

export async function bffRequest<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: BffBody,
  options: BffRequestOptions = {},
): Promise<BffResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CLIENT_HEADER] = CLIENT_HEADER_VALUE;
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/bff${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      ...options,
    });
  } catch {
    return { ok: false, status: 0, failure: NETWORK_FAILURE };
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, status: response.status, failure: bffFailureFrom(data, UNKNOWN_FAILURE) };
  // The BFF is our own service answering in the view types of shared/views.
  return { ok: true, status: response.status, data: data as T };
}

export const bffGet = <T>(path: string, options?: BffRequestOptions) => bffRequest<T>('GET', path, undefined, options);
export const bffPost = <T>(path: string, body: BffBody = {}, options?: BffRequestOptions) => bffRequest<T>('POST', path, body, options);
export const bffPut = <T>(path: string, body: BffBody, options?: BffRequestOptions) => bffRequest<T>('PUT', path, body, options);
