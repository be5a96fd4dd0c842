import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillAnswerSchema } from '../../../shared/cinema-api/bills.ts';
import { TicketViewSchema } from '../../../shared/views/booking.ts';
import { toTicketView } from '../../booking/bill-views.ts';
import { BffError, unauthenticated } from '../../errors.ts';
import { upstreamPath } from '../../plugins/upstream.ts';

export const TICKET_NOT_READY = 'Esta compra no tiene tickets disponibles.';

/** `GET /bff/tickets/:bill`: the person's accepted ticket purchase with one QR image per code. */
const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthenticated();
  });

  app.get(
    '/tickets/:bill',
    {
      schema: {
        params: z.object({ bill: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) }),
        response: { 200: TicketViewSchema },
      },
    },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: upstreamPath`bills/${request.params.bill}`,
        schema: BillAnswerSchema,
        auth: true,
      });
      const ticket = await toTicketView(answer.data, answer.data.codes);
      if (!ticket) throw new BffError(409, 'TICKET_NOT_READY', TICKET_NOT_READY);
      return ticket;
    },
  );
};

export default ticketRoutes;
