import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../../lib/context.ts';
import { parsePayload } from '../../lib/validation.ts';

const AdvanceSchema = z.object({
  advanceSeconds: z.number({ error: 'El campo advanceSeconds debe ser un número.' }).finite(),
});

export function registerClockRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const state = () => ({
    now: ctx.clock.now().toISOString(),
    bogota: bogotaTimestamp(ctx.clock.now()),
    offset_seconds: ctx.clock.offsetSeconds(),
  });

  app.get('/clock', async () => state());

  app.post('/clock', async (request) => {
    const { advanceSeconds } = parsePayload(AdvanceSchema, request.body);
    ctx.clock.advance(advanceSeconds);
    return state();
  });
}
