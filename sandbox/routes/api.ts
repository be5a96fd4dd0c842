import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER, CUSTOM_ACTION_HEADER } from '#shared/cinema-api/headers.ts';
import { ApiError, forbidden, unauthenticated } from '../lib/api-error.ts';
import { readHeader } from '../lib/auth.ts';
import type { SandboxContext } from '../lib/context.ts';
import { sameSecret } from '../lib/secrets.ts';
import { settleDueCardPayments } from '../services/bills.ts';
import { registerAccountRoutes } from './accounts.ts';
import { registerBookingRoutes } from './booking.ts';
import { registerCatalogueRoutes } from './catalogue.ts';
import { registerContentRoutes } from './content.ts';
import { registerFormRoutes } from './forms.ts';
import { registerPasswordResetRoutes } from './password-reset.ts';
import { registerPaymentRoutes } from './payments.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerPurchaseRoutes } from './purchases.ts';
import { refuseUndeclaredRoutes } from './serve.ts';
import { registerVerificationRoutes } from './verification.ts';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

function acceptsJson(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes('application/json');
}

/** The cinema API under /api/v1: the header checks every call passes, then the features. */
export async function registerApi(api: FastifyInstance, ctx: SandboxContext): Promise<void> {
  api.addHook('onRequest', async (request) => {
    const apiKey = readHeader(request, API_KEY_HEADER);
    if (apiKey === undefined || !sameSecret(apiKey, ctx.secrets.apiKey)) throw unauthenticated();
    const action = readHeader(request, CUSTOM_ACTION_HEADER);
    if (action === undefined || !sameSecret(action, ctx.secrets.actionKey)) throw forbidden();
    if (!acceptsJson(readHeader(request, 'accept'))) throw new ApiError(406, { message: 'Not Acceptable.' });
    settleDueCardPayments(ctx);
  });
  refuseUndeclaredRoutes(api);
  await api.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 20, fields: 30, fieldSize: 64 * 1024, parts: 60 },
  });
  registerAccountRoutes(api, ctx);
  registerProfileRoutes(api, ctx);
  registerPasswordResetRoutes(api, ctx);
  registerVerificationRoutes(api, ctx);
  registerPurchaseRoutes(api, ctx);
  registerContentRoutes(api, ctx);
  registerFormRoutes(api, ctx);
  registerCatalogueRoutes(api, ctx);
  registerBookingRoutes(api, ctx);
  registerPaymentRoutes(api, ctx);
  api.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'No se encontró la ruta solicitada.' }));
}
