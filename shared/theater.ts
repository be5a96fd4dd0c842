/**
 * The theatre's street address. The cinema API names a bill's theatre ({ name, fullname }) but
 * gives no address, and the spec withholds the real one (the footer's "a street address"), so
 * this is the project's placeholder, kept in this one place: the footer shows it and a ticket's
 * calendar event (bff/purchase/ticket-calendar.ts) puts it in the event's location. Operations
 * replace it here with the theatre's real address.
 */
export const THEATER_STREET_ADDRESS = 'Calle 100 # 15-20, Centro Comercial Viziona, Bogotá, Colombia';
