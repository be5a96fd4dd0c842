/**
 * The theatre's address. The cinema API names a bill's theatre ({ name, fullname }) but gives
 * no address, and the spec withholds the real one (the footer's "a street address"), so this is
 * the project's placeholder, kept in this one place: the footer prints it, a ticket's calendar
 * event (bff/purchase/bills/ticket-calendar.ts) and wallet pass name it, and the pages'
 * structured data (site/features/catalogue/structured-data.ts) give it to search engines as a
 * schema.org PostalAddress. Operations replace it here with the theatre's real address.
 */
export const THEATER_POSTAL_ADDRESS = {
  streetAddress: 'Calle 100 # 15-20, Centro Comercial Viziona',
  addressLocality: 'Bogotá',
  addressRegion: 'Bogotá D.C.',
  postalCode: '110221',
  /** ISO 3166-1 alpha-2. */
  addressCountry: 'CO',
} as const;

/** The address as one line, as the footer prints it. */
export const THEATER_STREET_ADDRESS = `${THEATER_POSTAL_ADDRESS.streetAddress}, ${THEATER_POSTAL_ADDRESS.addressLocality}, Colombia`;
