import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../lib/context.ts';

/**
 * A stand-in for the two Google services "Guardar en Google Wallet" calls (no internet here),
 * under `/google-wallet/`, speaking their shapes:
 * - `POST /google-wallet/token`: OAuth 2.0's JWT bearer grant (RFC 7523) as
 *   `oauth2.googleapis.com/token` answers it: a form with `grant_type` and the service account's
 *   signed `assertion`, answered `{ access_token, expires_in, token_type }`. The assertion's
 *   claims are checked (issuer, the Wallet scope, audience, a life of at most an hour) and kept
 *   for the tests, which verify its signature with the account's public key (the double does
 *   not know it, as the BFF's own tests hold the key pair).
 * - the Wallet API's `eventTicketClass` and `eventTicketObject` (`walletobjects/v1`): insert
 *   (POST; 409 ALREADY_EXISTS when the id exists), update (PUT `/:id`; 404 when it does not),
 *   read (GET `/:id`), each with a bearer token it issued. An object must name a class it holds.
 * What it keeps is in memory and readable at `GET /sandbox/google-wallet` (tests, people).
 */

export interface GoogleWalletDouble {
  tokens: Map<string, number>;
  classes: Map<string, Record<string, unknown>>;
  objects: Map<string, Record<string, unknown>>;
  /** The claims of every assertion taken, and the assertion itself, newest last. */
  assertions: Array<{ assertion: string; claims: Record<string, unknown> }>;
}

export const createGoogleWalletDouble = (): GoogleWalletDouble => ({
  tokens: new Map(),
  classes: new Map(),
  objects: new Map(),
  assertions: [],
});

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TOKEN_SECONDS = 3600;
const KINDS = { eventTicketClass: 'classes', eventTicketObject: 'objects' } as const;
type Kind = keyof typeof KINDS;
const ID = /^\d{5,30}\.[A-Za-z0-9._-]{1,200}$/;

/** Google's error body. */
const failure = (reply: FastifyReply, code: number, status: string, message: string) =>
  reply.code(code).send({ error: { code, message, status } });

function claimsOf(assertion: string): Record<string, unknown> | null {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'RS256') return null;
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function registerGoogleWalletDouble(app: FastifyInstance, ctx: SandboxContext): void {
  const double = ctx.googleWallet;
  const nowSeconds = () => Math.floor(ctx.clock.nowMs() / 1000);

  app.post('/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || typeof form.assertion !== 'string')
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    const claims = claimsOf(form.assertion);
    const now = nowSeconds();
    const audience = `${request.protocol}://${request.host}/google-wallet/token`;
    const valid =
      claims !== null &&
      typeof claims.iss === 'string' &&
      typeof claims.scope === 'string' &&
      claims.scope.split(' ').includes(WALLET_SCOPE) &&
      claims.aud === audience &&
      typeof claims.iat === 'number' &&
      typeof claims.exp === 'number' &&
      claims.iat <= now + 60 &&
      claims.exp > now &&
      claims.exp - claims.iat <= TOKEN_SECONDS;
    if (!valid || !claims) return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT.' });
    double.assertions.push({ assertion: form.assertion, claims });
    const token = randomBytes(24).toString('base64url');
    double.tokens.set(token, ctx.clock.nowMs() + TOKEN_SECONDS * 1000);
    return { access_token: token, expires_in: TOKEN_SECONDS, token_type: 'Bearer' };
  });

  const authorised = (request: FastifyRequest): boolean => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const until = token === undefined ? undefined : double.tokens.get(token);
    return until !== undefined && until > ctx.clock.nowMs();
  };

  const resource = (kind: Kind, body: unknown): Record<string, unknown> | string => {
    if (typeof body !== 'object' || body === null) return 'The request body is not a resource.';
    const fields = body as Record<string, unknown>;
    if (typeof fields.id !== 'string' || !ID.test(fields.id)) return 'Invalid resource id.';
    if (kind === 'eventTicketObject' && (typeof fields.classId !== 'string' || !double.classes.has(fields.classId)))
      return `Class ${String(fields.classId)} not found.`;
    return fields;
  };

  for (const kind of Object.keys(KINDS) as Kind[]) {
    const store = double[KINDS[kind]];
    const base = `/walletobjects/v1/${kind}`;

    app.post(base, async (request, reply) => {
      if (!authorised(request)) return failure(reply, 401, 'UNAUTHENTICATED', 'Invalid credentials.');
      const fields = resource(kind, request.body);
      if (typeof fields === 'string')
        return failure(reply, fields.includes('not found') ? 404 : 400, 'INVALID_ARGUMENT', fields);
      const id = fields.id as string;
      if (store.has(id)) return failure(reply, 409, 'ALREADY_EXISTS', `Resource ${id} already exists.`);
      store.set(id, fields);
      return fields;
    });

    app.put<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) => {
      if (!authorised(request)) return failure(reply, 401, 'UNAUTHENTICATED', 'Invalid credentials.');
      if (!store.has(request.params.id))
        return failure(reply, 404, 'NOT_FOUND', `Resource ${request.params.id} not found.`);
      const fields = resource(kind, request.body);
      if (typeof fields === 'string') return failure(reply, 400, 'INVALID_ARGUMENT', fields);
      if (fields.id !== request.params.id) return failure(reply, 400, 'INVALID_ARGUMENT', 'The id does not match.');
      store.set(request.params.id, fields);
      return fields;
    });

    app.get<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) => {
      if (!authorised(request)) return failure(reply, 401, 'UNAUTHENTICATED', 'Invalid credentials.');
      return (
        store.get(request.params.id) ?? failure(reply, 404, 'NOT_FOUND', `Resource ${request.params.id} not found.`)
      );
    });
  }
}

/** `GET /sandbox/google-wallet`: what the double holds (no credentials: it is the sandbox's own tool). */
export function registerGoogleWalletTooling(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/google-wallet', async () => ({
    classes: [...ctx.googleWallet.classes.values()],
    objects: [...ctx.googleWallet.objects.values()],
    assertions: ctx.googleWallet.assertions,
  }));
}
