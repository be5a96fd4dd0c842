import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors.ts';

/**
 * Operator routes (`/bff/ops/...`: the waiting room's events) are Fastify routes like the
 * others, with their schemas and error answers, but only the operations port reaches them
 * (bff/operations/ops-server.ts, never behind the public load balancer): it forwards its
 * requests in process with a token made at start and known to nobody else. On the public port
 * they do not exist (404), and the edge refuses `/bff/ops/` before that (docker/).
 */
export const OPERATOR_HEADER = 'x-viziona-operator';

interface OperatorAccess {
  /** This process's token, for the operations port's forwarding. */
  readonly token: string;
  /** The onRequest hook of every operator route. */
  requireOperator(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorAccess: OperatorAccess;
  }
}

export const operatorAccessPlugin = fp(
  async (app) => {
    const token = randomBytes(32).toString('base64url');
    const expected = Buffer.from(token);
    async function requireOperator(request: FastifyRequest): Promise<void> {
      const sent = request.headers[OPERATOR_HEADER];
      const given = Buffer.from(typeof sent === 'string' ? sent : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
    }
    app.decorate('operatorAccess', { token, requireOperator });
  },
  { name: 'viziona-operator-access' },
);
