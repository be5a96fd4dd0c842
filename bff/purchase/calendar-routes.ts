import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BffError, errorAnswers, notFound } from '../errors.ts';
import { BillParamsSchema, readBill, ticketNotReady } from './bill-reads.ts';
import { perPersonRateLimit } from './rate-limits.ts';
import { CALENDAR_CONTENT_TYPE, calendarFileName, ticketCalendar } from './ticket-calendar.ts';

/**
 * "Agregar a mi calendario" on the ticket and status pages: a plain link to this file
 * (bff/decisions/ticket-calendar.md). Only the purchase's owner gets it; anybody else,
 * a visitor without a session included, gets the 404 of a bill that does not exist.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/:bill/calendar.ics',
    {
      config: { rateLimit: perPersonRateLimit.calendar },
      schema: {
        params: BillParamsSchema,
        response: {
          200: {
            description:
              'The showtime of an accepted ticket purchase as an iCalendar (RFC 5545) event, downloaded as `viziona-{bill}.ics`: movie, room, seats, the theatre and its address, start and end in America/Bogota, a reminder an hour before.',
            content: { 'text/calendar': { schema: z.string() } },
          },
          ...errorAnswers(404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw notFound();
      const { bill: number } = request.params;
      const bill = await readBill(app, request, number).catch((error: unknown) => {
        // The session ended upstream meanwhile: the same answer as for any visitor.
        throw error instanceof BffError && error.statusCode === 401 ? notFound() : error;
      });
      const text = ticketCalendar({
        bill,
        ticketUrl: new URL(`/ticket/${encodeURIComponent(number)}`, app.config.siteOrigin).href,
        now: new Date(),
      });
      if (text === null) throw ticketNotReady();
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${calendarFileName(number)}"`)
        .send(text);
    },
  );
};

export default calendarRoutes;
