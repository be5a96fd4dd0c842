/**
 * Runs before every page: learns who is logged in (one `GET /bff/session` per request, kept
 * in `Astro.locals.user`), applies the login and guest-only guards on the server so no page
 * flashes, and decides how the answer may be cached.
 */
import { defineMiddleware } from 'astro:middleware';
import type { SessionView } from '../shared/views/session.ts';
import { bffCallerOf, bffGet, type BffCaller } from './lib/bff-server.ts';
import { noteRoutePattern } from './lib/request-context.ts';
import { isGuestOnlyPath, isProtectedPath, loginPath, routes } from './lib/routes.ts';
import { serverEnv } from './lib/server-env.ts';


const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const PRIVATE_CACHE = 'private, no-store';

/** Who is logged in; `known: false` when the BFF gave no answer (restarting, unreachable). */
type SessionRead = { user: SessionView['user']; known: boolean };

async function readSession(caller: BffCaller): Promise<SessionRead> {
  // No cookie at all means no session: spare the BFF a call for every anonymous page view.
  if (caller.cookies.size === 0) return { user: null, known: true };
  const result = await bffGet<SessionView>('/bff/session', caller);
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
    .map((directive) => (directive.trim().startsWith('img-src ') ? `${directive.trimEnd()} ${serverEnv.imageOrigins.join(' ')}` : directive))
    .join(';');
}

function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': PRIVATE_CACHE } });
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
  const caller = bffCallerOf(context.request);
  const session = await readSession(caller);
  const user = session.user;
  context.locals.bff = caller;
  context.locals.user = user;

  const personal = isProtectedPath(pathname) || isGuestOnlyPath(pathname);
  let response: Response;
  if (!session.known && personal) {
    // Not knowing who this is must not send a logged-in customer to the login page.
    const rendered = await next(routes.unavailable);
    response = new Response(rendered.body, rendered);
  } else if (!user && isProtectedPath(pathname)) {
    response = redirectTo(loginPath(`${pathname}${search}`));
  } else if (user && isGuestOnlyPath(pathname)) {
    response = redirectTo(routes.home);
  } else {
    const rendered = await next();
    // A fresh Response: the one rendered may carry immutable headers.
    response = new Response(rendered.body, rendered);
  }

  // Cookies the BFF set during this request (middleware and page calls alike).
  const headers = response.headers;
  for (const line of caller.setCookies.values()) headers.append('set-cookie', line);

  if (user || personal || !session.known || caller.setCookies.size > 0) {
    headers.set('cache-control', PRIVATE_CACHE);
  } else if (!headers.has('cache-control') && response.status === 200 && headers.get('content-type')?.startsWith('text/html')) {
    // Anonymous HTML may be shared by a CDN; a visitor with a cookie gets their own copy.
    headers.set('cache-control', PUBLIC_CACHE);
    headers.append('vary', 'Cookie');
  }

  const policy = headers.get('content-security-policy');
  if (policy) headers.set('content-security-policy', withImageOrigins(policy));
  headers.set('x-content-type-options', 'nosniff');
  headers.set('x-frame-options', 'DENY');
  // No page of ours uses these; a script that slipped in could not either.
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  // A page another site opens cannot reach back into ours through window.opener.
  headers.set('cross-origin-opener-policy', 'same-origin');
  // The reset page's URL holds the reset code: never send it to another site as a referrer.
  headers.set('referrer-policy', pathname.startsWith('/forgot-password') ? 'no-referrer' : 'strict-origin-when-cross-origin');
  return response;
});
