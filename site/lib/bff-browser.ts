/**
 * The islands' client of the BFF: same-origin `/bff/...`, JSON in and out, and the
 * `X-Viziona-Client: web` header on every state-changing request (the BFF refuses a
 * non-GET request without it).
 */
import type { BffFailure } from './bff-error.ts';
import { bffFailureFrom } from './bff-error.ts';

export type BffResponse<T> = { ok: true; status: number; data: T } | { ok: false; status: number; failure: BffFailure };

const networkFailure: BffFailure = {
  code: 'NETWORK',
  message: 'No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.',
};

export async function bffRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<BffResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-viziona-client'] = 'web';
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/bff${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, failure: networkFailure };
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    return { ok: false, status: response.status, failure: bffFailureFrom(data, { ...networkFailure, code: 'UNKNOWN' }) };
  }
  // The BFF is our own service answering in the view types of shared/views.
  return { ok: true, status: response.status, data: data as T };
}

export const bffGetJson = <T>(path: string) => bffRequest<T>('GET', path);
export const bffPostJson = <T>(path: string, body?: unknown) => bffRequest<T>('POST', path, body ?? {});
export const bffPutJson = <T>(path: string, body: unknown) => bffRequest<T>('PUT', path, body);
