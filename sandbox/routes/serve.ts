import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { cinemaApi, type CinemaApi, type CinemaName } from '#shared/cinema-api/api.ts';
import { cinemaMethodOf, cinemaTemplateOf } from '#shared/cinema-api/call.ts';
import { REGISTER_CODE_HEADER, REGISTRATION_KEY_HEADER } from '#shared/cinema-api/headers.ts';
import type { FieldErrors } from '../lib/api-error.ts';
import { optionalUser, requireSecretHeader, requireUser } from '../lib/auth.ts';
import type { SandboxContext } from '../lib/context.ts';
import { parsePayload } from '../lib/validation.ts';
import type { UserRow } from '../services/users.ts';

/**
 * The sandbox's `/api/v1` routes, each registered from its declaration in
 * shared/cinema-api/api.ts: the method and path, the bearer the call demands (401) or reads,
 * its secret header (403), the success status and the payload schema come from there; the
 * handler is the sandbox's own. `registerApi` refuses a route that has no declaration, and a
 * test refuses a declaration without a route, so the two cannot drift.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Declared<N extends CinemaName> = CinemaApi[N];

type UserFor<N extends CinemaName> = Declared<N>['auth'] extends 'bearer'
  ? UserRow
  : Declared<N>['auth'] extends 'optional-bearer'
    ? UserRow | undefined
    : undefined;

type PayloadFor<N extends CinemaName> =
  Declared<N> extends { body: infer B extends z.ZodType } ? { payload(errors?: FieldErrors): z.output<B> } : object;

export type ServedCall<N extends CinemaName> = {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The path parameters as sent (text): the handler decides what an unknown one is (404). */
  params: Record<ParamNames<N>, string>;
  query: Readonly<Record<string, string | undefined>>;
  user: UserFor<N>;
} & PayloadFor<N>;

/** Marks a route as served from its declaration (`registerApi`'s guard reads it). */
const SERVED_AS = 'cinemaCall';

function userFor(ctx: SandboxContext, name: CinemaName, request: FastifyRequest): UserRow | undefined {
  const { auth } = cinemaApi[name];
  if (auth === 'bearer') return requireUser(ctx, request);
  if (auth === 'optional-bearer') return optionalUser(ctx, request);
  return undefined;
}

function checkSecretHeader(ctx: SandboxContext, name: CinemaName, request: FastifyRequest): void {
  const call = cinemaApi[name];
  if (!('secretHeader' in call)) return;
  if (call.secretHeader === 'registerCode')
    requireSecretHeader(request, REGISTER_CODE_HEADER, ctx.secrets.registerCode);
  else requireSecretHeader(request, REGISTRATION_KEY_HEADER, ctx.secrets.registrationKey);
}

export function serve<N extends CinemaName>(
  api: FastifyInstance,
  ctx: SandboxContext,
  name: N,
  handler: (call: ServedCall<N>) => Promise<unknown>,
): void {
  const declared: CinemaApi[CinemaName] = cinemaApi[name];
  api.route({
    method: cinemaMethodOf(name),
    url: `/${cinemaTemplateOf(name)}`,
    config: { [SERVED_AS]: name },
    handler: async (request, reply) => {
      // The checks run in the documented order: the bearer (401), then the secret header (403).
      const user = userFor(ctx, name, request);
      checkSecretHeader(ctx, name, request);
      reply.code('status' in declared ? declared.status : 200);
      const body = 'body' in declared ? declared.body : undefined;
      const call = {
        request,
        reply,
        params: request.params,
        query: request.query,
        user,
        ...(body !== undefined && body !== 'multipart'
          ? { payload: (errors?: FieldErrors) => parsePayload(body, request.body, errors) }
          : {}),
      };
      // Built from the declaration of `name`, as ServedCall<N> types it.
      return handler(call as ServedCall<N>);
    },
  });
}

/**
 * Refuses, at start, a route of the API's scope that was not served from a declaration (its
 * automatic HEAD twin included).
 */
export function refuseUndeclaredRoutes(api: FastifyInstance): void {
  api.addHook('onRoute', (route: RouteOptions) => {
    const name = (route.config as Record<string, unknown> | undefined)?.[SERVED_AS];
    if (typeof name !== 'string' || !(name in cinemaApi)) {
      throw new Error(
        `${String(route.method)} ${route.url}: a cinema API route is served from its declaration (serve)`,
      );
    }
  });
}
