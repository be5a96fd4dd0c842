import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TicketView } from '#shared/views/booking.ts';
import { BffError, notFound } from '#bff/errors.ts';
import { availableWallets } from '#bff/plugins/wallet-config.ts';
import { readBill, ticketNotReady } from './bill-reads.ts';
import { toTicketView } from './bill-views.ts';
import { ticketCalendar } from './ticket-calendar.ts';

/** What the ticket reads need of the BFF: the cinema API, the wallets configured and the site's origin. */
type TicketNeeds = Pick<FastifyInstance, 'upstream' | 'config'>;

/** The ticket page of an accepted purchase of the customer (409 while it has no tickets). */
export async function readTicket(app: TicketNeeds, request: FastifyRequest, number: string): Promise<TicketView> {
  const bill = await readBill(app.upstream, request, number);
  const ticket = await toTicketView(bill, bill.codes, availableWallets(app.config.wallet));
  if (!ticket) throw ticketNotReady();
  return ticket;
}

/**
 * The calendar file of a ticket purchase. Only the purchase's owner gets it; anybody else, a
 * visitor without a session included, gets the 404 of a bill that does not exist.
 */
export async function readTicketCalendar(app: TicketNeeds, request: FastifyRequest, number: string): Promise<string> {
  if (!request.auth) throw notFound();
  const bill = await readBill(app.upstream, request, number).catch((error: unknown) => {
    // The session ended upstream meanwhile: the same answer as for any visitor.
    throw error instanceof BffError && error.statusCode === 401 ? notFound() : error;
  });
  const text = ticketCalendar({
    bill,
    ticketUrl: new URL(`/ticket/${encodeURIComponent(number)}`, app.config.siteOrigin).href,
    now: new Date(),
  });
  if (text === null) throw ticketNotReady();
  return text;
}
