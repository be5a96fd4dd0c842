/**
 * Runs before every page. A personal or guest-only page learns who is logged in (one
 * `GET /bff/session`, kept in `Astro.locals.user`) and is guarded on the server so no page
 * flashes. A public page never reads the session: it is rendered without the browser's
 * cookies, so it is the same for everyone and shared caches may keep it (ETag, 304).
 */
import { hash } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import type { SessionView } from '#shared/views/session.ts';
import { bffCallerOf, callBff, type BffCaller } from './lib/bff-server.ts';
import { noteRoutePattern } from './lib/request-context.ts';
import { entityTag, matchesEntityTag } from '#shared/http/entity-tags.ts';
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from './lib/page-cache.ts';
import { codedEntityTag, encodePage, preferredCoding } from './lib/page-encoding.ts';
import { warmPageImages } from './lib/image-warmer.ts';
import { queryFreeRedirect } from './lib/page-query.ts';
import { withIslandStyleInHead } from './lib/island-styles.ts';
import {
  isPersonalPath,
  isGuestOnlyPath,
  isProtectedPath,
  isWaitingRoomPath,
  isWaitingRoomPlacePath,
  loginPath,
  purchaseOf,
  returnFromGuestPage,
  routes,
} from './lib/routes.ts';
import { serverEnv } from './lib/server-env.ts';

/** Who is logged in; `known: false` when the BFF gave no answer (restarting, unreachable). */
type SessionRead = { user: SessionView['user']; known: boolean };

async function readSession(caller: BffCaller): Promise<SessionRead> {
  // No cookie at all means no session: spare the BFF a call for every anonymous page view.
  if (caller.cookies.size === 0) return { user: null, known: true };
  const result = await callBff(caller, 'GET /session');
  if (result.ok) return { user: result.data.user, known: true };
  return { user: null, known: result.status < 500 };
}

/**
 * The cinema API's image hosts (IMAGE_ORIGINS) join the policy's `img-src`, which the build
 * limits to 'self' and data: (the hosts are known at run time, not at build time).
 */
function withImageOrigins(policy: string): string {
  if (serverEnv.imageOrigins.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) =>
      directive.trim().startsWith('img-src ')
        ? `${directive.trimEnd()} ${serverEnv.imageOrigins.join(' ')}`
        : directive,
    )
    .join(';');
}

/**
 * A presale waiting room may hold a showtime's purchase: the BFF says whether this person may
 * go on (204), or queues them and answers 403, and then the page is the waiting room's (it
 * sends them back here when their turn comes). Asked before the login guard, so a visitor
 * takes a place first and logs in while waiting. No answer from the BFF: the usual path (the
 * purchase's own calls are checked by the BFF anyway).
 */
async function waitingRoomRedirect(caller: BffCaller, pathname: string): Promise<string | null> {
  const purchase = purchaseOf(pathname);
  if (!purchase) return null;
  const admission = await callBff(caller, 'GET /waiting-room/showtimes/:showtimeId/admission', {
    params: { showtimeId: purchase.showtimeId },
  });
  // 429: the address took its new places of the minute; the waiting page says so and lets them try again.
  return admission.status === 403 || admission.status === 429
    ? routes.waitingRoom(purchase.theater, purchase.slug, purchase.showtimeId)
    : null;
}

/** A directive of a policy with `change` applied to its value (`frame-src 'none'` → ...). */
function withDirective(policy: string, name: string, change: (value: string) => string): string {
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.startsWith(`${name} `) ? ` ${name} ${change(trimmed.slice(name.length + 1))}` : directive;
    })
    .join(';');
}

/**
 * The one frame of our own: without JavaScript, the waiting page shows the person's place in
 * a small frame of this site (`routes.waitingRoomPlace`, personal), so that page may be framed
 * by this site (and no other) and the waiting page may frame this site. Every other page keeps
 * `frame-ancestors 'none'` and DENY.
 */
function waitingRoomFraming(pathname: string): { policy: (policy: string) => string; xFrameOptions: string } {
  if (isWaitingRoomPlacePath(pathname))
    return {
      policy: (policy) => withDirective(policy, 'frame-ancestors', () => "'self'"),
      xFrameOptions: 'SAMEORIGIN',
    };
  if (isWaitingRoomPath(pathname))
    return {
      policy: (policy) => withDirective(policy, 'frame-src', (value) => `'self' ${value}`),
      xFrameOptions: 'DENY',
    };
  return { policy: (policy) => policy, xFrameOptions: 'DENY' };
}

function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': PRIVATE_CACHE_CONTROL } });
}

/**
 * A public page's answer for shared caches: the body is read once to tag it (`ETag`), a request
 * that already holds that version gets `304 Not Modified` without it, and any other gets it
 * compressed as it asked, once (`lib/page-encoding.ts`): the edge keeps those bytes as they are.
 * Its photos are made ahead for the screens that will ask for them (`lib/image-warmer.ts`).
 */
async function tagged(request: Request, response: Response): Promise<Response> {
  const body = new Uint8Array(await response.arrayBuffer());
  // A page, not an endpoint's answer (a resized photo is public too, and already compressed).
  const page = response.headers.get('content-type')?.startsWith('text/html') === true;
  const url = new URL(request.url);
  if (page) warmPageImages(`${url.pathname}${url.search}`, body);
  const coding = page ? preferredCoding(request.headers.get('accept-encoding')) : 'identity';
  const etag = codedEntityTag(entityTag(hash('sha256', body, 'buffer')), coding);
  const headers = new Headers(response.headers);
  headers.set('etag', etag);
  if (page) headers.append('vary', 'Accept-Encoding');
  if (matchesEntityTag(request.headers.get('if-none-match'), etag)) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  const sent = coding === 'identity' ? body : await encodePage(body, coding);
  if (coding !== 'identity') headers.set('content-encoding', coding);
  headers.set('content-length', String(sent.byteLength));
  return new Response(sent as Uint8Array<ArrayBuffer>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

type Locals = App.Locals;
type Next = Parameters<Parameters<typeof defineMiddleware>[0]>[1];

/** Guards, the 503 page while the session cannot be read, the BFF's cookies, `private, no-store`. */
async function personalPage(
  request: Request,
  pathname: string,
  search: string,
  locals: Locals,
  next: Next,
): Promise<Response> {
  const caller = bffCallerOf(request);
  const [session, waitingRoom] = await Promise.all([readSession(caller), waitingRoomRedirect(caller, pathname)]);
  const user = session.user;
  locals.bff = caller;
  locals.user = user;

  let response: Response;
  if (waitingRoom) {
    response = redirectTo(waitingRoom);
  } else if (!session.known) {
    // Not knowing who this is must not send a logged-in customer to the login page.
    const rendered = await next(routes.unavailable);
    response = new Response(rendered.body, rendered);
  } else if (!user && isProtectedPath(pathname)) {
    response = redirectTo(loginPath(`${pathname}${search}`));
  } else if (user && isGuestOnlyPath(pathname)) {
    // Logged in meanwhile (another tab): on to where this page would have sent them.
    response = redirectTo(returnFromGuestPage(pathname, search));
  } else {
    const rendered = await next();
    // A fresh Response: the one rendered may carry immutable headers.
    response = new Response(rendered.body, rendered);
  }
  // Cookies the BFF set during this request (middleware and page calls alike).
  for (const line of caller.setCookies.values()) response.headers.append('set-cookie', line);
  response.headers.set('cache-control', PRIVATE_CACHE_CONTROL);
  return response;
}

/**
 * Rendered without the browser's cookies (no session read, no cookie to the BFF, so none
 * can come back): the personal parts are filled in the browser (features/account).
 */
async function publicPage(request: Request, routePattern: string, locals: Locals, next: Next): Promise<Response> {
  const queryFree = queryFreeRedirect(request.method, routePattern, request.url);
  if (queryFree !== null)
    return new Response(null, {
      status: 301,
      headers: { location: queryFree, 'cache-control': PRIVATE_CACHE_CONTROL },
    });
  locals.user = null;
  locals.bff = bffCallerOf(new Request(request.url, { headers: withoutCookies(request.headers) }));
  const rendered = await next();
  const response = new Response(rendered.body, rendered);
  response.headers.delete('set-cookie');
  if (response.status >= 300 && response.status < 400) response.headers.set('cache-control', PRIVATE_CACHE_CONTROL);
  if (response.status !== 200) return response;
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
  if (!response.headers.get('cache-control')?.startsWith('public')) return response;
  return tagged(request, response);
}

/**
 * The reset page's URL holds the reset code, an alert's cancel page its token: never sent to
 * another site as a referrer. The cancel page keeps it for its own origin: its form posts back
 * to it, and a browser sends `Origin: null` with the POST of a `no-referrer` page, which Astro's
 * origin check refuses.
 */
function referrerPolicyOf(pathname: string): string {
  if (pathname.startsWith('/forgot-password')) return 'no-referrer';
  if (pathname.startsWith('/avisos/cancelar')) return 'same-origin';
  return 'strict-origin-when-cross-origin';
}

function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('cookie');
  return copy;
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) {
    // Rendered at build time: nobody is logged in and there is no request to guard.
    context.locals.user = null;
    context.locals.bff = bffCallerOf(new Request('http://localhost/'));
    return next();
  }
  noteRoutePattern(context.routePattern);
  const { pathname, search } = context.url;
  // The rule leaves the HTML as rendered, before a public page is tagged and compressed: a
  // stream edit of the compressed bytes would miss it and drop the copy's Content-Length.
  const rendered: Next = async (...args) => withIslandStyleInHead(await next(...args));
  const response = isPersonalPath(pathname)
    ? await personalPage(context.request, pathname, search, context.locals, rendered)
    : await publicPage(context.request, context.routePattern, context.locals, rendered);

  const headers = response.headers;
  const policy = headers.get('content-security-policy');
  const framing = waitingRoomFraming(pathname);
  if (policy) headers.set('content-security-policy', framing.policy(withImageOrigins(policy)));
  headers.set('x-content-type-options', 'nosniff');
  headers.set('x-frame-options', framing.xFrameOptions);
  // No page of ours uses these; a script that slipped in could not either.
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  // A page another site opens cannot reach back into ours through window.opener.
  headers.set('cross-origin-opener-policy', 'same-origin');
  headers.set('referrer-policy', referrerPolicyOf(pathname));
  return response;
});
