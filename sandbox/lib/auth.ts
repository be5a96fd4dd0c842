import type { FastifyRequest } from 'fastify';
import { getRow } from '../db/database.ts';
import type { UserRow } from '../services/users.ts';
import { forbidden, unauthenticated } from './api-error.ts';
import type { SandboxContext } from './context.ts';
import { sameSecret, sha256 } from './secrets.ts';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

function userForToken(ctx: SandboxContext, token: string): UserRow | undefined {
  return getRow<UserRow>(
    ctx.db,
    `SELECT users.* FROM auth_tokens JOIN users ON users.id = auth_tokens.user_id
     WHERE auth_tokens.token_hash = ? AND auth_tokens.revoked = 0 AND auth_tokens.expires_at > ?`,
    sha256(token),
    ctx.clock.nowMs(),
  );
}

/** The caller's user; 401 without a live bearer token. */
export function requireUser(ctx: SandboxContext, request: FastifyRequest): UserRow {
  const token = bearerToken(request);
  const user = token === undefined ? undefined : userForToken(ctx, token);
  if (user === undefined) throw unauthenticated();
  return user;
}

/** The caller's user when a live bearer token is present; never refuses. */
export function optionalUser(ctx: SandboxContext, request: FastifyRequest): UserRow | undefined {
  const token = bearerToken(request);
  return token === undefined ? undefined : userForToken(ctx, token);
}

export function readHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** 403 unless the header carries the expected secret. */
export function requireSecretHeader(request: FastifyRequest, name: string, expected: string): void {
  const given = readHeader(request, name);
  if (given === undefined || !sameSecret(given, expected)) throw forbidden();
}

/** The bearer token itself (for logout). */
export function presentedToken(request: FastifyRequest): string | undefined {
  return bearerToken(request);
}
