import { expect, type APIRequestContext } from '@playwright/test';
import { fragmentRoutes, routes, type RouteName } from '#site/lib/routes.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { computeTotals } from '#shared/booking/totals.ts';
import type { BookingView, PaymentResultView, PurchaseSeen, SeatCell } from '#shared/views/booking.ts';
import { baseURL } from './playwright.config.ts';
import { solvedRobotCheck } from './robot-check.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';

/**
 * One real path for every page of the route registry (site/lib/routes.ts), for checks that
 * must visit them all. Static entries are taken as they are; a dynamic entry gets real
 * parameters read from the BFF, and from a purchase a new customer made, so its page shows
 * real content. A dynamic entry added to the registry without a sample here fails the
 * typecheck (`samples` must name every one).
 */

type Registry = typeof routes;
type DynamicRouteName = {
  [Name in RouteName]: Registry[Name] extends (...args: never[]) => string ? Name : never;
}[RouteName];

/** What the samples are built from. */
export interface SampleData {
  theater: string;
  movieSlug: string;
  roomSlug: string;
  showtimeId: number;
  contentSlug: string;
  date: string;
  /** A paid (accepted) PSE purchase of `customer`. */
  bill: string;
}

const samples: { [Name in DynamicRouteName]: (data: SampleData) => Parameters<Registry[Name]> } = {
  contentPage: (data) => [data.contentSlug],
  // Any code shows the form; the code is checked when the form is sent.
  resetPassword: () => ['codigo-de-muestra'],
  room: (data) => [data.roomSlug],
  billboardDay: (data) => [data.date],
  billboardDayFiltered: (data) => [data.date],
  movie: (data) => [data.theater, data.movieSlug],
  showtime: (data) => [data.theater, data.movieSlug, data.showtimeId],
  // No event holds the sample showtime: the page says the purchase is open.
  waitingRoom: (data) => [data.theater, data.movieSlug, data.showtimeId],
  waitingRoomPlace: (data) => [data.theater, data.movieSlug, data.showtimeId],
  ticket: (data) => [data.bill],
  payStatus: (data) => ['pse', data.bill],
  transactionStatus: (data) => [data.bill],
  // A well-formed token the BFF never sealed: the page asks, and nothing can be cancelled with it.
  alertUnsubscribe: () => ['muestra'.repeat(8)],
};

/** Every page of the registry (fragments left out) as a path to visit. */
export function everyPagePath(data: SampleData): string[] {
  return (Object.keys(routes) as RouteName[])
    .filter((name) => !fragmentRoutes.has(name))
    .map((name) => {
      const entry = routes[name];
      if (typeof entry === 'string') return entry;
      const build = entry as (...args: Array<string | number>) => string;
      return build(...(samples[name as DynamicRouteName](data) as Array<string | number>));
    });
}

const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';
const BFF_HEADERS = { 'x-viziona-client': 'web', origin: baseURL };

export interface Customer {
  email: string;
  password: string;
}

/** A new customer (e-mail not verified yet, so the verification prompt shows too). */
export async function registerCustomer(request: APIRequestContext): Promise<Customer> {
  const captcha = await solvedRobotCheck(request);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const customer = { email: `pantallas.${unique}@correo.test`, password: 'Pantalla123' };
  const doc = String(Math.floor(1_000_000_000 + Math.random() * 8_999_999_999));
  const registered = await request.post('/bff/auth/register', {
    headers: BFF_HEADERS,
    data: {
      name: 'Paula',
      lastname: 'Pantallas',
      email: customer.email,
      confirmEmail: customer.email,
      password: customer.password,
      confirmPassword: customer.password,
      doc_type: 'CC',
      doc_number: doc,
      confirmDocNumber: doc,
      phone: '3001234567',
      birthday: '1992-03-14',
      sex: 'F',
      accept_terms: true,
      accept_privacy: true,
      captcha,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return customer;
}

export async function logIn(request: APIRequestContext, customer: Customer): Promise<void> {
  const answer = await request.post('/bff/auth/login', { headers: BFF_HEADERS, data: customer });
  expect(answer.status(), await answer.text()).toBe(200);
}

interface SandboxShowtime {
  id: number;
  function_date: string;
  function_hour: string;
  movie: { slug: string };
}

/**
 * The samples, with one seat bought by PSE (approved on the sandbox's bank page) by the
 * logged-in customer of `request`. The showtime is chosen by what it needs: starting at least
 * an hour from now, with a free seat.
 */
export async function loadSampleData(request: APIRequestContext): Promise<SampleData> {
  const movies = (await (await request.get('/bff/catalogue/movies')).json()) as {
    theater: string;
    movies: Array<{ slug: string }>;
  };
  const rooms = (await (await request.get('/bff/catalogue/rooms')).json()) as { rooms: Array<{ slug: string }> };
  const listed = (await (
    await fetch(`${sandboxUrl}/api/v1/movies/theater/viziona`, { headers: SANDBOX_HEADERS })
  ).json()) as {
    data: Array<{ showtimes: SandboxShowtime[] }>;
  };
  const soon = Date.now() + 60 * 60_000;
  const upcoming = listed.data
    .flatMap((movie) => movie.showtimes)
    .filter((showtime) => !hasShowtimeStarted(showtime.function_date, showtime.function_hour, soon));

  let bought: { showtime: SandboxShowtime; bill: string } | null = null;
  for (const showtime of upcoming) {
    const view = (await (await request.get(`/bff/booking/${showtime.id}`)).json()) as BookingView;
    const seat = view.seatMap.rows
      .flatMap((row) => row.cells)
      .find(
        (cell): cell is SeatCell =>
          cell.kind === 'seat' && cell.state === 'available' && view.zones.some((zone) => zone.zone === cell.zone),
      );
    const offer = view.zones.find((zone) => zone.zone === seat?.zone);
    if (!seat || !offer || view.payBrands.length === 0) continue;
    const reserved = await request.post(`/bff/booking/${showtime.id}/reserve`, {
      headers: BFF_HEADERS,
      data: { zone: seat.zone, seats: [seat.id] },
    });
    if (!reserved.ok()) continue;
    // What the customer saw, as the checkout shows it: the BFF refuses a payment for anything else.
    const { total } = computeTotals({
      seats: 1,
      ticketUnitPrice: offer.price,
      ticketSavingPerSeat: offer.isMemberPrice ? offer.savingPerTicket : 0,
      snacks: [],
      fees: view.fees,
    });
    const seen = { showtimeId: showtime.id, seats: [seat.id], total };
    bought = { showtime, bill: await payByApprovedPse(request, view.payBrands[0]!.id, seen) };
    break;
  }
  if (!bought) throw new Error('no upcoming showtime with a free seat in the sandbox');
  return {
    theater: movies.theater,
    movieSlug: movies.movies[0]!.slug,
    roomSlug: rooms.rooms[0]!.slug,
    showtimeId: bought.showtime.id,
    contentSlug: 'politica-de-privacidad',
    date: bought.showtime.function_date,
    bill: bought.bill,
  };
}

async function payByApprovedPse(request: APIRequestContext, brandId: number, seen: PurchaseSeen): Promise<string> {
  const banks = (await (await request.get('/bff/payments/banks')).json()) as { banks: Array<{ code: string }> };
  const paid = await request.post('/bff/payments/pse', {
    headers: BFF_HEADERS,
    data: {
      ...seen,
      brandId,
      products: [],
      pse: {
        typePerson: 'natural',
        bank: banks.banks[0]!.code,
        firstName: 'Paula',
        lastName: 'Pantallas',
        documentType: 'CC',
        documentNumber: '1010101010',
        email: 'pantallas@correo.test',
        phoneNumber: '3001234567',
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const payment = (await paid.json()) as PaymentResultView;
  expect(payment.bankUrl).toBeTruthy();
  const decision = await fetch(`${payment.bankUrl}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    redirect: 'manual',
  });
  expect(decision.status).toBe(303);
  return payment.bill;
}
