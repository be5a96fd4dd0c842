import { PurchaseDetailViewSchema, PurchasesViewSchema } from '../views/accounts.ts';
import { TicketViewSchema } from '../views/booking.ts';
import { endpoints } from './endpoint.ts';
import { BillParamsSchema, PurchaseParamsSchema } from './params.ts';

/** The person's bills after paying: "Mis compras", a ticket with its QR codes, its calendar file. */
export const billEndpoints = endpoints({
  'GET /profile/purchases': {
    description: 'The person\'s purchases ("Mis compras"), newest first.',
    answer: PurchasesViewSchema,
    errors: [401, 502],
  },
  'GET /profile/purchases/:id': {
    description: 'One purchase of the person: the bill, its ticket codes and where it leads.',
    params: PurchaseParamsSchema,
    answer: PurchaseDetailViewSchema,
    errors: [401, 404, 502],
  },
  'GET /tickets/:bill': {
    description: 'An accepted ticket purchase of the person, with one QR image per code.',
    params: BillParamsSchema,
    answer: TicketViewSchema,
    errors: [401, 404, 409, 502],
  },
  'GET /tickets/:bill/calendar.ics': {
    description:
      '"Agregar a mi calendario": only the purchase\'s owner gets the file; anybody else, a visitor without a session included, the 404 of a bill that does not exist.',
    params: BillParamsSchema,
    answer: {
      mediaType: 'text/calendar',
      description:
        'The showtime of an accepted ticket purchase as an iCalendar (RFC 5545) event, downloaded as `viziona-{bill}.ics`: movie, room, seats, the theatre and its address, start and end in America/Bogota, a reminder an hour before.',
    },
    errors: [404, 409, 502],
  },
});
