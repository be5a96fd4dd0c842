/**
 * What the site server knows about the request being answered, for its log lines and
 * metrics: the request id (from the load balancer, passed on to the BFF) and the page's route
 * pattern (filled in by the middleware). Server code only.
 *
 * The store lives on `globalThis` because two copies of this module run in one process: the
 * one the server entry (site/server.ts) imports, and the one bundled into the built pages.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  readonly id: string;
  route: string;
}

const key = Symbol.for('viziona.site.request-context');
const holder = globalThis as typeof globalThis & { [key]?: AsyncLocalStorage<RequestContext> };
export const requestContext: AsyncLocalStorage<RequestContext> = (holder[key] ??=
  new AsyncLocalStorage<RequestContext>());

/** Records the matched page pattern (e.g. `/sala/[slug]`) on the current request, if any. */
export function noteRoutePattern(pattern: string): void {
  const context = requestContext.getStore();
  if (context) context.route = pattern;
}
