import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../../lib/context.ts';
import { parsePayload } from '../../lib/validation.ts';

const OutageSchema = z.object({
  down: z.boolean({ error: 'El campo down debe ser true o false.' }),
  hung: z.boolean({ error: 'El campo hung debe ser true o false.' }).optional(),
});

/**
 * Simulates the cinema API going down (for the BFF's stale-cache path): while `down`, every
 * `/api/v1` request has its connection dropped without an answer, as a stopped server's would;
 * while `hung`, every one is taken and left unanswered, as an overloaded server's would.
 * The tooling routes keep answering so a test can bring the API back.
 */
export function registerOutageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/outage', async () => ({ down: ctx.outage.down, hung: ctx.outage.hung }));

  app.post('/outage', async (request) => {
    const outage = parsePayload(OutageSchema, request.body);
    ctx.outage.down = outage.down;
    ctx.outage.hung = outage.hung ?? false;
    if (!ctx.outage.hung) {
      for (const socket of ctx.outage.held) socket.destroy();
      ctx.outage.held.clear();
    }
    return { down: ctx.outage.down, hung: ctx.outage.hung };
  });
}
