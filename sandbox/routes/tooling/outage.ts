import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../../lib/context.ts';
import { parsePayload } from '../../lib/validation.ts';

const OutageSchema = z.object({
  down: z.boolean({ error: 'El campo down debe ser true o false.' }),
});

/**
 * Simulates the cinema API going down (for the BFF's stale-cache path): while `down`, every
 * `/api/v1` request has its connection dropped without an answer, as a stopped server's would.
 * The tooling routes keep answering so a test can bring the API back.
 */
export function registerOutageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/outage', async () => ({ down: ctx.outage.down }));

  app.post('/outage', async (request) => {
    ctx.outage.down = parsePayload(OutageSchema, request.body).down;
    return { down: ctx.outage.down };
  });
}
