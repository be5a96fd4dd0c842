import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../lib/context.ts';
import { registerGoogleWalletTooling } from '../google-wallet.ts';
import { registerClockRoutes } from './clock.ts';
import { registerImageRoutes } from './images.ts';
import { registerOutageRoutes } from './outage.ts';
import { registerOutboxRoutes } from './outbox.ts';
import { registerPseBankRoutes } from './pse-bank.ts';
import { registerScheduleRoutes } from './schedule.ts';
import { registerSellOutRoutes } from './sell-out.ts';
import { registerSubmissionRoutes } from './submissions.ts';

/** The sandbox's own tools under /sandbox (no secret headers: they are not the cinema API). */
export async function registerTooling(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.get('/health', async () => ({ ok: true }));
  registerOutboxRoutes(app, ctx);
  registerClockRoutes(app, ctx);
  registerSubmissionRoutes(app, ctx);
  registerPseBankRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerOutageRoutes(app, ctx);
  registerSellOutRoutes(app, ctx);
  registerScheduleRoutes(app, ctx);
  registerGoogleWalletTooling(app, ctx);
}
