import { expect, type APIRequestContext } from '@playwright/test';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { computeTotals } from '#shared/booking/totals.ts';
import type { BookingView, PaymentResultView, PurchaseSeen, SeatCell } from '#shared/views/booking.ts';
import { baseURL } from './playwright.config.ts';
import { solvedRobotCheck } from './robot-check.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';
import type { SampleData } from '../page-paths.ts';

/**
 * The data of the route registry's sample paths (tests/page-paths.ts), read in a browser's
 * context: real parameters from the BFF, and from a purchase a new customer made, so every
 * page shows real content.
 */

export { everyPagePath, type SampleData } from '../page-paths.ts';

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
    payMethod: 'pse',
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
