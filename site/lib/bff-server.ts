/**
 * The site server's client of the BFF. Middleware and page frontmatter call the BFF over
 * HTTP with the browser's cookie, so the BFF sees the same session: reads (`callBff`), and the
 * one change a page makes itself without JavaScript (`postBff`: a form of ours posted back to
 * its page, which Astro's origin check has let through). One `BffCaller` serves a
 * whole request (the middleware keeps it in `Astro.locals.bff`): when the BFF answers with
 * `Set-Cookie` (it reseals the session cookie), later calls of the same request send the new
 * value and the middleware hands the final cookies to the browser.
 */
import type { AnswerFor, ContractName, GetName, RequestArgs } from '#shared/contract/contract.ts';
import { requestPath } from '#shared/contract/path.ts';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#shared/http/client-header.ts';
import { serverEnv } from './server-env.ts';
import type { BffFailure } from './bff-error.ts';
import { bffFailureFrom, SERVICE_UNAVAILABLE_MESSAGE } from './bff-error.ts';
import { logServerError } from './server-log.ts';

export interface BffCaller {
  /** Cookies to send, by name: the browser's, updated by the BFF's answers. */
  readonly cookies: Map<string, string>;
  readonly requestId: string | null;
  /** `Set-Cookie` lines for the browser, by cookie name (the last one wins). */
  readonly setCookies: Map<string, string>;
}

export type BffResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; failure: BffFailure };

function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/** The caller of one incoming request. */
export function bffCallerOf(request: Request): BffCaller {
  return {
    cookies: parseCookieHeader(request.headers.get('cookie')),
    requestId: request.headers.get('x-request-id'),
    setCookies: new Map(),
  };
}

function isRemoval(attributes: string): boolean {
  const maxAge = /;\s*max-age=(-?\d+)/i.exec(attributes);
  if (maxAge) return Number(maxAge[1]) <= 0;
  const expires = /;\s*expires=([^;]+)/i.exec(attributes);
  return expires ? Date.parse(expires[1] ?? '') <= Date.now() : false;
}

function absorbSetCookies(caller: BffCaller, lines: string[]): void {
  for (const line of lines) {
    const nameEnd = line.indexOf('=');
    if (nameEnd <= 0) continue;
    const name = line.slice(0, nameEnd).trim();
    const valueEnd = line.indexOf(';', nameEnd);
    const value = line.slice(nameEnd + 1, valueEnd === -1 ? undefined : valueEnd).trim();
    if (isRemoval(valueEnd === -1 ? '' : line.slice(valueEnd))) caller.cookies.delete(name);
    else caller.cookies.set(name, value);
    caller.setCookies.set(name, line);
  }
}

const unavailable: BffFailure = {
  code: 'BFF_UNAVAILABLE',
  message: SERVICE_UNAVAILABLE_MESSAGE,
};

async function bffFetch<T>(method: 'GET' | 'POST', path: string, caller: BffCaller): Promise<BffResult<T>> {
  const headers = new Headers({ accept: 'application/json' });
  // A change carries the site's own header, as the browser's client does (the same-origin check).
  if (method !== 'GET') headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE);
  if (caller.cookies.size > 0) {
    headers.set('cookie', Array.from(caller.cookies, ([name, value]) => `${name}=${value}`).join('; '));
  }
  if (caller.requestId) headers.set('x-request-id', caller.requestId);

  let response: Response;
  try {
    response = await fetch(`${serverEnv.bffUrl}${path}`, {
      method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(serverEnv.bffTimeoutMs),
    });
  } catch (error) {
    logServerError(`BFF ${method} failed`, {
      path: path.split('?')[0],
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, status: 503, failure: unavailable };
  }

  absorbSetCookies(caller, response.headers.getSetCookie());
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    return { ok: false, status: response.status, failure: bffFailureFrom(body, unavailable) };
  }
  // The BFF is our own service answering in the view types of shared/views.
  return { ok: true, status: response.status, data: body as T };
}

/**
 * Reads a BFF endpoint by its contract name (`'GET /catalogue/movies/:theater/:slug'`), its
 * parameters filled in: the answer is typed by the contract's schema.
 */
export function callBff<N extends GetName>(
  caller: BffCaller,
  name: N,
  ...[request]: RequestArgs<N>
): Promise<BffResult<AnswerFor<N>>> {
  return bffFetch<AnswerFor<N>>('GET', `/bff${requestPath(name, request)}`, caller);
}

/** Posts to a BFF endpoint that takes no body (its parameters and query filled in), typed as `callBff`. */
export function postBff<N extends Extract<ContractName, `POST ${string}`>>(
  caller: BffCaller,
  name: N,
  ...[request]: RequestArgs<N>
): Promise<BffResult<AnswerFor<N>>> {
  return bffFetch<AnswerFor<N>>('POST', `/bff${requestPath(name, request)}`, caller);
}
