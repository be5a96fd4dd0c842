import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BffError } from '#bff/errors.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { availableWallets } from '#bff/plugins/wallet-config.ts';
import { readBill, ticketNotReady } from '#bff/purchase/bills/bill-reads.ts';
import { perPersonRateLimit } from '#bff/purchase/common/rate-limits.ts';
import { applePasses, passFileName } from '#bff/wallet/apple-pass.ts';
import { createGoogleWalletApi, GoogleWalletError } from '#bff/wallet/google-api.ts';
import { googleSaveUrl } from '#bff/wallet/google-pass.ts';
import { walletTicketOf, type WalletTicket } from '#bff/wallet/wallet-ticket.ts';

/**
 * "Agregar a Apple Wallet" and "Guardar en Google Wallet" (bff/decisions/wallet-passes.md):
 * plain links on the ticket page. The owner only, as the ticket read: 401 without a session,
 * the cinema API's 404 for another person's bill, 409 for a purchase without tickets.
 */

const walletUnavailable = (name: string): BffError =>
  new BffError(404, 'WALLET_UNAVAILABLE', `${name} no está disponible en este momento.`);

/** The purchase's tickets, read with the person's own token (another person's bill is a 404). */
async function ticketOf(
  app: Pick<FastifyInstance, 'upstream' | 'config'>,
  request: FastifyRequest<{ Params: { bill: string } }>,
) {
  const bill = await readBill(app.upstream, request, request.params.bill);
  const ticket: WalletTicket | null = walletTicketOf(bill, app.config.siteOrigin);
  if (!ticket) throw ticketNotReady();
  return ticket;
}

/** Google's API did not take the passes: the person may try again in a moment. */
const googleFailed = (): BffError =>
  new BffError(
    502,
    'UPSTREAM_UNAVAILABLE',
    'No pudimos preparar tus boletas para Google Wallet. Intenta de nuevo en unos minutos.',
  );

const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);
  const googleApi = app.config.wallet.google ? createGoogleWalletApi(app.config.wallet.google) : null;
  app.addHook('onClose', async () => googleApi?.close());

  endpointRoute(app, 'GET /wallet/apple/:bill', {
    config: { rateLimit: perPersonRateLimit.wallet },
    handler: async (request, reply) => {
      const apple = app.config.wallet.apple;
      if (!apple || !availableWallets(app.config.wallet).apple) throw walletUnavailable('Apple Wallet');
      const file = applePasses(await ticketOf(app, request), apple);
      return reply
        .type(file.mediaType)
        .header('content-disposition', `attachment; filename="${passFileName(request.params.bill, file)}"`)
        .send(file.body);
    },
  });

  endpointRoute(app, 'GET /wallet/google/:bill', {
    config: { rateLimit: perPersonRateLimit.wallet },
    handler: async (request, reply) => {
      const google = app.config.wallet.google;
      if (!google || !googleApi) throw walletUnavailable('Google Wallet');
      const ticket = await ticketOf(app, request);
      const url = await googleSaveUrl(ticket, google, app.config.siteOrigin, new Date(), googleApi).catch(
        (error: unknown) => {
          if (!(error instanceof GoogleWalletError)) throw error;
          request.log.warn({ err: error }, 'google wallet: the passes were not saved');
          throw googleFailed();
        },
      );
      return reply.redirect(url, 302);
    },
  });
};

export default walletRoutes;
