import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { perPersonRateLimit } from '#bff/purchase/common/rate-limits.ts';
import { CALENDAR_CONTENT_TYPE, calendarFileName } from '#bff/purchase/bills/ticket-calendar.ts';
import { readTicket, readTicketCalendar } from '#bff/purchase/bills/tickets.ts';

/**
 * A ticket purchase after paying: the ticket page with one QR image per code, and its
 * calendar file. No folder-wide session rule: the calendar file is a plain link
 * (bff/decisions/ticket-calendar.md) that answers anybody but the owner with a 404, never 401.
 */
const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /tickets/:bill', {
    onRequest: requireCustomer,
    handler: async (request) => readTicket(app, request, request.params.bill),
  });

  endpointRoute(app, 'GET /tickets/:bill/calendar.ics', {
    config: { rateLimit: perPersonRateLimit.calendar },
    handler: async (request, reply) => {
      const { bill } = request.params;
      const text = await readTicketCalendar(app, request, bill);
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${calendarFileName(bill)}"`)
        .send(text);
    },
  });
};

export default ticketRoutes;
