import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { decodePng } from './png-decode.ts';
import type { Bill } from '#shared/cinema-api/bills.ts';
import {
  BookingViewSchema,
  type BookingView,
  type MembershipOfferView,
  type PaymentResultView,
  type TicketView,
  type TransactionView,
} from '#shared/views/booking.ts';

/** The same calendar day a year later ('YYYY-MM-DD'; a 29 February becomes the 28th). */
const nextYear = (date: string): string => {
  const day = `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
  return day.endsWith('-02-29') ? day.replace(/29$/, '28') : day;
};
import { formatCop } from '#shared/format/money.ts';
import { bogotaToday } from '#shared/format/bogota-time.ts';
import { formatReleaseDate } from '#shared/format/dates.ts';
import type { MembershipView } from '#shared/views/session.ts';
import { registerPerson, registrationForm, startStack, tokenInCookie, type Stack } from './harness.ts';
import {
  Browser,
  bigRoomShowtime,
  CLUB,
  DECLINED_CARD,
  DEMO,
  cardForm,
  eventStream,
  freeSeats,
  login,
  seatsOf,
  seatsToHold,
  solveCaptcha,
  pickShowtimes,
  startedShowtime,
} from './booking-helpers.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';

let stack: Stack;
let showtimeId: number;
let otherShowtimeId: number;

beforeAll(async () => {
  stack = await startStack();
  // The prices below are 2D prices; the tests reserve General and Preferencial seats.
  const [first, second] = await pickShowtimes(stack, 2, { format: '2D', zones: ['General', 'Preferencial'] });
  showtimeId = first!.id;
  otherShowtimeId = second!.id;
});

afterAll(async () => {
  await stack?.close();
});

const demo = async () => new Browser(stack.app, await login(stack.app, DEMO.email, DEMO.password));
/** A person of their own, for tests that pay more than once (payments are rate-limited per person). */
const newPerson = async () => new Browser(stack.app, (await registerPerson(stack.app)).cookie);

/** How many payment answers of `kind` and `outcome` this BFF counted (`viziona_bff_payments_total`). */
async function paymentsCounted(kind: string, outcome: string): Promise<number> {
  const counter = stack.app.metrics.registry.getSingleMetric('viziona_bff_payments_total');
  const values = (await counter?.get())?.values ?? [];
  return values.find((value) => value.labels.kind === kind && value.labels.outcome === outcome)?.value ?? 0;
}

describe('booking view', () => {
  it('needs a session', async () => {
    const answer = await new Browser(stack.app, '').send('GET', `/bff/booking/${showtimeId}`);
    expect(answer.status).toBe(401);
  });

  it('answers 404 for an unknown showtime', async () => {
    const browser = await demo();
    expect((await browser.send('GET', '/bff/booking/999999')).status).toBe(404);
  });

  it('merges showtime, prices for a non-member, seat map, snacks, settings and pay brands', async () => {
    const view = await (await demo()).view(showtimeId);
    expect(view.showtime.id).toBe(showtimeId);
    expect(view.showtime.started).toBe(false);
    expect(view.zones.map((zone) => zone.zone)).not.toContain('Cortesía');
    const general = view.zones.find((zone) => zone.zone === 'General');
    expect(general).toMatchObject({ code: 'GEN', price: 14_000, isMemberPrice: false });
    expect(general?.savingText).toBe(`Afíliate y ahorra ${formatCop(2_800)} por boleta`);
    expect(view.maxSeats).toBe(10);
    expect(view.fees).toEqual({ ticket: 2_000, snack: 1_000 });
    expect(view.payBrands.length).toBeGreaterThan(0);
    expect(view.paymentMethod).toMatchObject({ card: true, pse: true });
    expect(view.snacks.some((snack) => snack.code.startsWith('CF-'))).toBe(false);
    expect(view.snacks.find((snack) => snack.code === 'COMBO-PAREJA')?.groups).toHaveLength(3);
    const seats = seatsOf(view);
    expect(seats.length).toBeGreaterThan(50);
    expect(seats.some((seat) => seat.state === 'disabled')).toBe(true);
    expect(view.seatMap.rows.some((row) => row.cells.some((cell) => cell.kind === 'aisle'))).toBe(true);
    expect(view.hold).toBeNull();
  });

  it('gives a club member the member prices, the saving text and the member-only snacks', async () => {
    const club = new Browser(stack.app, await login(stack.app, CLUB.email, CLUB.password));
    const view = await club.view(showtimeId);
    const general = view.zones.find((zone) => zone.zone === 'General');
    expect(general).toMatchObject({ code: 'GEN-CF', price: 11_200, isMemberPrice: true });
    expect(general?.savingText).toBe(`Ahorras ${formatCop(2_800)} por boleta`);
    expect(view.snacks.find((snack) => snack.code === 'CF-CRIS-GRANDE')).toMatchObject({
      price: 9_500,
      savingPerUnit: 4_500,
    });
  });
});

describe('two people on one showtime', () => {
  it("keeps each person's held seats, prices and snacks theirs in a 1,040-seat room, whoever's view came first", async () => {
    const showtime = await bigRoomShowtime(stack, 1040);
    const anna = await demo();
    const club = new Browser(stack.app, await login(stack.app, CLUB.email, CLUB.password));
    const other = await newPerson();

    // The member's view comes first: what the room shares is made from it.
    const first = await club.view(showtime);
    expect(seatsOf(first)).toHaveLength(1040);
    const held = seatsToHold(await anna.view(showtime), 'Preferencial', 3);
    expect((await anna.reserve(showtime, 'Preferencial', held)).status).toBe(200);
    // Another person holds seats of other rows.
    const theirs = seatsToHold(await other.view(showtime), 'General', 2);
    expect((await other.reserve(showtime, 'General', theirs)).status).toBe(200);

    for (const browser of [other, anna, club, anna, other, club]) {
      const answer = await browser.send('GET', `/bff/booking/${showtime}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const view = answer.body as BookingView;
      // Exactly the contract's shape: every field, nothing it does not name.
      expect(BookingViewSchema.parse(view)).toEqual(view);
      const states = seatsOf(view)
        .filter((seat) => held.includes(seat.id))
        .map((seat) => seat.state);
      const mine = seatsOf(view)
        .filter((seat) => seat.state === 'mine')
        .map((seat) => seat.id);
      const general = view.zones.find((zone) => zone.zone === 'General');
      const memberSnack = view.snacks.some((snack) => snack.code === 'CF-CRIS-GRANDE');
      if (browser === anna) {
        expect(states).toEqual(['mine', 'mine', 'mine']);
        expect(mine.sort()).toEqual([...held].sort());
        expect(view.hold?.seats).toEqual(held);
      } else {
        expect(states).toEqual(['occupied', 'occupied', 'occupied']);
        expect(mine.sort()).toEqual(browser === other ? [...theirs].sort() : []);
        expect(view.hold?.seats ?? null).toEqual(browser === other ? theirs : null);
      }
      expect(general).toMatchObject(
        browser === club ? { price: 11_200, isMemberPrice: true } : { price: 14_000, isMemberPrice: false },
      );
      expect(memberSnack).toBe(browser === club);
    }
  });
});

describe('reservation', () => {
  it('holds the seats for the person, shows them as theirs and as occupied to others', async () => {
    const anna = await demo();
    const other = new Browser(stack.app, (await registerPerson(stack.app)).cookie);
    const [a, b] = seatsToHold(await anna.view(otherShowtimeId), 'General', 2).map((id) => ({ id }));
    const answer = await anna.reserve(otherShowtimeId, 'General', [a!.id, b!.id]);
    expect(answer.status).toBe(200);
    const { hold } = answer.body as { hold: { seats: string[]; secondsLeft: number; zone: string } };
    expect(hold.seats).toEqual([a!.id, b!.id]);
    expect(hold.secondsLeft).toBeGreaterThan(590);
    expect(hold.zone).toBe('General');

    const mine = seatsOf(await anna.view(otherShowtimeId))
      .filter((seat) => seat.state === 'mine')
      .map((seat) => seat.id);
    expect(mine.sort()).toEqual([a!.id, b!.id].sort());
    const theirs = seatsOf(await other.view(otherShowtimeId)).filter((seat) => seat.id === a!.id || seat.id === b!.id);
    expect(theirs.map((seat) => seat.state)).toEqual(['occupied', 'occupied']);

    // Someone else cannot release it: their cancel has no hold to release.
    expect((await other.send('POST', '/bff/booking/cancel', {})).body).toEqual({ released: false });
    expect(seatsOf(await other.view(otherShowtimeId)).find((seat) => seat.id === a!.id)?.state).toBe('occupied');
    // ... nor pay for it.
    const pay = await other.send('POST', '/bff/payments/card', {
      brandId: 1,
      products: [],
      showtimeId: otherShowtimeId,
      seats: [a!.id, b!.id],
      total: 2 * 16_000,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(pay.status).toBe(409);

    // The holder releases it.
    expect((await anna.send('POST', '/bff/booking/cancel', {})).body).toEqual({ released: true });
    expect(seatsOf(await other.view(otherShowtimeId)).find((seat) => seat.id === a!.id)?.state).toBe('available');
  });

  it('refuses a started showtime, too many seats, seats of another zone and unknown seats', async () => {
    const browser = await demo();
    const started = await startedShowtime(stack);
    const startedView = await browser.view(started.id);
    expect(startedView.showtime.started).toBe(true);
    const seat = freeSeats(startedView, started.zones[0]!)[0]!;
    const answer = await browser.reserve(started.id, seat.zone, [seat.id]);
    expect(answer.status).toBe(422);
    expect((answer.body as { error: { message: string } }).error.message).toBe(
      'No es posible reservar asientos en funciones en curso. Por favor, selecciona otro horario.',
    );
    const view = await browser.view(showtimeId);
    const eleven = freeSeats(view, 'General')
      .slice(0, 11)
      .map((seat) => seat.id);
    const tooMany = await browser.reserve(showtimeId, 'General', eleven);
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as { error: { message: string } }).error.message).toBe('Solo puedes seleccionar 10 asientos.');
    const preferential = freeSeats(view, 'Preferencial')[0]!;
    expect((await browser.reserve(showtimeId, 'General', [preferential.id])).status).toBe(422);
    expect((await browser.reserve(showtimeId, 'General', ['Z-99'])).status).toBe(422);
    const disabled = seatsOf(view).find((seat) => seat.state === 'disabled')!;
    expect((await browser.reserve(showtimeId, disabled.zone, [disabled.id])).status).toBe(422);
  });

  it('gives one hold when 100 people reserve the same seat at once', async () => {
    const people: Browser[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const cookies = await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          const remoteAddress = `10.0.${batch}.${index + 1}`;
          const captcha = await solveCaptcha(stack.app, remoteAddress);
          const response = await stack.app.inject({
            method: 'POST',
            url: '/bff/auth/register',
            remoteAddress,
            headers: { 'x-viziona-client': 'web', origin: 'http://localhost:4321', 'sec-fetch-site': 'same-origin' },
            payload: registrationForm(captcha),
          });
          const setCookie = [response.headers['set-cookie']]
            .flat()
            .find((value) => typeof value === 'string' && value.startsWith('viziona_session='));
          if (response.statusCode !== 201 || typeof setCookie !== 'string')
            throw new Error(`register answered ${response.statusCode}`);
          return setCookie.slice('viziona_session='.length).split(';')[0] ?? '';
        }),
      );
      people.push(...cookies.map((cookie) => new Browser(stack.app, cookie)));
    }
    const seat = { id: seatsToHold(await people[0]!.view(showtimeId), 'Preferencial', 1)[0]! };
    const answers = await Promise.all(people.map((person) => person.reserve(showtimeId, 'Preferencial', [seat.id])));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(lost).toHaveLength(99);
    for (const answer of lost) {
      expect(answer.status).toBe(422);
      expect((answer.body as { error: { message: string } }).error.message).toContain('OCUPADA');
    }
    const holders = (await Promise.all(people.map((person) => person.hold(showtimeId)))).filter(
      (hold) => hold !== null,
    );
    expect(holders).toHaveLength(1);
    expect(holders[0]?.seats).toEqual([seat.id]);
  }, 120_000);

  it('refuses a person more reservations than an honest customer makes (20 in ten minutes), on any cookie', async () => {
    const person = await registerPerson(stack.app);
    const seat = { id: seatsToHold(await new Browser(stack.app, person.cookie).view(showtimeId), 'General', 1)[0]! };
    const statuses: number[] = [];
    // A client that ignores Set-Cookie: always the first cookie.
    for (let attempt = 0; attempt < 21; attempt += 1)
      statuses.push((await new Browser(stack.app, person.cookie).reserve(showtimeId, 'General', [seat.id])).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    await new Browser(stack.app, person.cookie).send('POST', '/bff/booking/cancel', { showtimeId });
  });
});

describe('live seats', () => {
  let address: string;
  beforeAll(async () => {
    address = await stack.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers 404 with the error body for an unknown showtime, before any stream opens', async () => {
    const watcher = await demo();
    const response = await fetch(`${address}/bff/booking/999999/events`, {
      headers: { cookie: `viziona_session=${watcher.cookie}` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect(stack.app.booking.streams.open).toBe(0);
  });

  it('streams seat changes made by other people to an open seat map', async () => {
    const watcher = await demo();
    const buyer = new Browser(stack.app, (await registerPerson(stack.app)).cookie);
    const view = await watcher.view(otherShowtimeId);
    const zone = freeSeats(view, 'VIP').length > 0 ? 'VIP' : 'General';
    const seat = { id: seatsToHold(view, zone, 1)[0]!, zone };
    const rowIndex = view.seatMap.rows.findIndex((row) =>
      row.cells.some((cell) => cell.kind === 'seat' && cell.id === seat.id),
    );
    const cellIndex = view.seatMap.rows[rowIndex]!.cells.findIndex(
      (cell) => cell.kind === 'seat' && cell.id === seat.id,
    );

    const controller = new AbortController();
    const response = await fetch(`${address}/bff/booking/${otherShowtimeId}/events`, {
      headers: { cookie: `viziona_session=${watcher.cookie}` },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventStream(response);
    const nextSeatState = async (): Promise<string> => {
      const rows = (JSON.parse(await stream.next('seats')) as { rows: string[] }).rows;
      return rows[rowIndex]![cellIndex]!;
    };
    expect(await nextSeatState()).toBe('a');
    expect((await buyer.reserve(otherShowtimeId, seat.zone, [seat.id])).status).toBe(200);
    expect(await nextSeatState()).toBe('o');
    controller.abort();
    await buyer.send('POST', '/bff/booking/cancel', {});
  });
});

describe('payment', () => {
  async function holdTwoSeats(browser: Browser, zone = 'General') {
    const view = await browser.view(showtimeId);
    const seats = seatsToHold(view, zone, 2);
    const answer = await browser.reserve(showtimeId, zone, seats);
    expect(answer.status).toBe(200);
    return { view, seats };
  }
  const combo = { code: 'COMBO-PAREJA', quantity: 1, choices: ['CRIS-SAL', 'GAS-COLA', 'AGUA'] };

  it('charges what the BFF computed only when it is the total the customer saw, and issues one QR per seat', async () => {
    const browser = await newPerson();
    const { view, seats } = await holdTwoSeats(browser);
    const expectedTotal = 2 * 14_000 + 32_000 + 2 * 2_000 + 1 * 1_000;
    const body = { brandId: view.payBrands[0]!.id, products: [combo], showtimeId, seats };
    const [refusedBefore, acceptedBefore] = [
      await paymentsCounted('card', 'refused_409'),
      await paymentsCounted('card', 'accepted'),
    ];
    const cheaper = await browser.send('POST', '/bff/payments/card', {
      ...body,
      total: 1,
      subtotal: 1,
      total_service: 0,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(cheaper.status).toBe(409);
    expect(cheaper.body).toMatchObject({
      error: {
        code: 'TOTAL_CHANGED',
        message: `El total de tu compra cambió de ${formatCop(1)} a ${formatCop(expectedTotal)} y no se hizo ningún cobro. Vuelve a seleccionar tus sillas para ver los precios vigentes.`,
      },
    });
    expect(
      await sandboxBills(browser).then((bills) =>
        bills.filter((bill) => bill.seats.some((seat) => seats.includes(seat)) && bill.showtime?.id === showtimeId),
      ),
    ).toEqual([]);
    const result = await browser.send('POST', '/bff/payments/card', {
      ...body,
      total: expectedTotal,
      subtotal: 1,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(result.status).toBe(200);
    const payment = result.body as PaymentResultView;
    expect(payment).toMatchObject({ accepted: true, status: { id: 1, name: 'Aceptada' }, bankUrl: null });
    // The payments floor counted both answers, by product, means and outcome.
    expect(await paymentsCounted('card', 'refused_409')).toBe(refusedBefore + 1);
    expect(await paymentsCounted('card', 'accepted')).toBe(acceptedBefore + 1);

    const transaction = (await browser.send('GET', `/bff/payments/transactions/${payment.bill}`))
      .body as TransactionView;
    const expectedSubtotal = 2 * 14_000 + 32_000;
    const expectedService = 2 * 2_000 + 1 * 1_000;
    expect(transaction).toMatchObject({
      accepted: true,
      subtotal: expectedSubtotal,
      service: expectedService,
      total: expectedSubtotal + expectedService,
    });
    expect(transaction.seats.sort()).toEqual([...seats].sort());
    expect(transaction.products[0]?.recipe.map((item) => item.code)).toEqual(
      expect.arrayContaining(['CRIS-SAL', 'GAS-COLA', 'AGUA']),
    );
    expect(await browser.hold(showtimeId)).toBeNull();

    const ticket = (await browser.send('GET', `/bff/tickets/${payment.bill}`)).body as TicketView;
    expect(ticket.codes).toHaveLength(2);
    for (const code of ticket.codes) {
      expect(code.qr.startsWith('data:image/png;base64,')).toBe(true);
      const png = decodePng(Buffer.from(code.qr.slice('data:image/png;base64,'.length), 'base64'));
      const decoded = jsQR(png.data, png.width, png.height);
      expect(decoded?.data).toBe(code.code);
    }
    expect(ticket.codes.map((code) => code.seat).sort()).toEqual([...seats].sort());
  });

  it('charges nothing when the payment names another showtime or other seats than the hold (two tabs)', async () => {
    const browser = await newPerson();
    // Tab A reserves two seats here; tab B (same person) then reserves on another showtime.
    const { view, seats } = await holdTwoSeats(browser);
    const otherView = await browser.view(otherShowtimeId);
    const otherSeat = { id: seatsToHold(otherView, 'Preferencial', 1)[0]! };
    expect((await browser.reserve(otherShowtimeId, 'Preferencial', [otherSeat.id])).status).toBe(200);
    // The first hold was released: one live hold per person.
    expect(
      seatsOf(await browser.view(showtimeId))
        .filter((seat) => seats.includes(seat.id))
        .map((seat) => seat.state),
    ).toEqual(['available', 'available']);

    // Tab A pays what it shows: refused, nothing charged, and told where the hold is now.
    const billsBefore = (await sandboxBills(browser)).length;
    const tabA = await browser.send('POST', '/bff/payments/card', {
      brandId: view.payBrands[0]!.id,
      products: [],
      showtimeId,
      seats,
      total: 2 * 16_000,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(tabA.status).toBe(409);
    const error = (tabA.body as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('HOLD_CHANGED');
    expect(error.message).toMatch(
      /^Tu reserva activa ahora es para otra función \(.+, Sala [^)]+\): la hiciste en otra ventana o dispositivo\. No se hizo ningún cobro\. Vuelve a seleccionar tus sillas\.$/,
    );
    // The right showtime with other seats than the hold: refused too.
    const wrongSeats = await browser.send('POST', '/bff/payments/card', {
      brandId: view.payBrands[0]!.id,
      products: [],
      showtimeId: otherShowtimeId,
      seats: [otherSeat.id, seats[0]!],
      total: 2 * 19_000,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(wrongSeats.status).toBe(409);
    expect((wrongSeats.body as { error: { message: string } }).error.message).toBe(
      `Tus sillas reservadas cambiaron: ahora son ${otherSeat.id}. No se hizo ningún cobro. Vuelve a seleccionar tus sillas.`,
    );
    expect(await sandboxBills(browser)).toHaveLength(billsBefore);
    expect((await browser.hold(otherShowtimeId))?.seats).toEqual([otherSeat.id]);
    await browser.send('POST', '/bff/booking/cancel', { showtimeId: otherShowtimeId });
  });

  it('answers an expired reservation (409, nothing charged) when the cinema let the hold go', async () => {
    const browser = await newPerson();
    const { view, seats } = await holdTwoSeats(browser);
    const advance = (seconds: number) =>
      fetch(`${stack.sandboxUrl}/sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: seconds }),
      });
    await advance(601);
    try {
      const answer = await browser.send('POST', '/bff/payments/card', {
        brandId: view.payBrands[0]!.id,
        products: [],
        showtimeId,
        seats,
        total: 2 * 16_000,
        card: cardForm(await solveCaptcha(stack.app)),
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        error: {
          code: 'HOLD_EXPIRED',
          message: 'Tu reserva de sillas expiró y no se hizo ningún cobro. Vuelve a seleccionar tus sillas.',
        },
      });
    } finally {
      await advance(-601);
    }
    // Read with the cinema's clock back, so the room status the view caches is today's.
    expect(await browser.hold(showtimeId)).toBeNull();
  });

  it('charges once when pay is pressed twice', async () => {
    const browser = await demo();
    const { view, seats } = await holdTwoSeats(browser, 'Preferencial');
    const price = view.zones.find((zone) => zone.zone === 'Preferencial')!.price;
    const body = {
      brandId: view.payBrands[0]!.id,
      products: [],
      showtimeId,
      seats,
      total: 2 * (price + 2_000),
      card: cardForm(await solveCaptcha(stack.app)),
    };
    const [first, second] = await Promise.all([
      browser.send('POST', '/bff/payments/card', body),
      browser.send('POST', '/bff/payments/card', body),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((first.body as PaymentResultView).bill).toBe((second.body as PaymentResultView).bill);
    // A late third click with the same form answers the same bill too.
    const third = await new Browser(stack.app, browser.cookie).send('POST', '/bff/payments/card', body);
    expect(third.status).toBe(200);
    expect((third.body as PaymentResultView).bill).toBe((first.body as PaymentResultView).bill);
    const bills = await sandboxBills(browser);
    expect(bills.filter((bill) => bill.bill === (first.body as PaymentResultView).bill)).toHaveLength(1);
    const consecutive = bills.find((bill) => bill.bill === (first.body as PaymentResultView).bill)!.score_consecutive;
    expect(bills.filter((bill) => bill.score_consecutive === consecutive)).toHaveLength(1);
  });

  it('keeps the hold after a declined card and answers its bill', async () => {
    const browser = await demo();
    const { view, seats } = await holdTwoSeats(browser);
    const answer = await browser.send('POST', '/bff/payments/card', {
      brandId: view.payBrands[0]!.id,
      products: [],
      showtimeId,
      seats,
      total: 2 * 16_000,
      card: cardForm(await solveCaptcha(stack.app), DECLINED_CARD),
    });
    expect(answer.status).toBe(200);
    const payment = answer.body as PaymentResultView;
    expect(payment).toMatchObject({ accepted: false, status: { id: 2 } });
    expect(payment.message).not.toBe('');
    const status = (await browser.send('GET', `/bff/payments/status/card/${payment.bill}`)).body as TransactionView;
    expect(status.accepted).toBe(false);
    expect(status.showtime?.id).toBe(showtimeId);
    expect(await browser.hold(showtimeId)).not.toBeNull();
    expect((await browser.send('GET', `/bff/tickets/${payment.bill}`)).status).toBe(409);
    expect((await browser.send('POST', '/bff/booking/cancel', {})).body).toEqual({ released: true });
  });

  it('refuses a cart over the combo limit and a combo without its recipe', async () => {
    const browser = await demo();
    const { view, seats } = await holdTwoSeats(browser);
    const seen = { showtimeId, seats, total: 2 * 16_000 };
    const tooMany = await browser.send('POST', '/bff/payments/card', {
      ...seen,
      brandId: view.payBrands[0]!.id,
      products: [{ ...combo, quantity: 11 }],
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as { error: { message: string } }).error.message).toBe(
      'Solo puedes seleccionar 10 combos en total.',
    );
    const incomplete = await browser.send('POST', '/bff/payments/card', {
      ...seen,
      brandId: view.payBrands[0]!.id,
      products: [{ ...combo, choices: ['CRIS-SAL'] }],
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect((incomplete.body as { error: { message: string } }).error.message).toBe(
      'Debes seleccionar la receta del combo',
    );
    // A member-only product is not sold to a non-member.
    const memberOnly = await browser.send('POST', '/bff/payments/card', {
      ...seen,
      brandId: view.payBrands[0]!.id,
      products: [{ code: 'CF-CRIS-GRANDE', quantity: 1, choices: [] }],
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(memberOnly.status).toBe(422);
    await browser.send('POST', '/bff/booking/cancel', {});
  });

  it('starts a PSE payment: the bank page address, the hold handed to the pending bill', async () => {
    const browser = await demo();
    const { view, seats } = await holdTwoSeats(browser);
    const banks = (await browser.send('GET', '/bff/payments/banks')).body as { banks: Array<{ code: string }> };
    const answer = await browser.send('POST', '/bff/payments/pse', {
      showtimeId,
      seats,
      total: 2 * 16_000,
      brandId: view.payBrands[0]!.id,
      products: [],
      pse: {
        typePerson: 'natural',
        bank: banks.banks[0]!.code,
        firstName: 'Daniela',
        lastName: 'Gómez',
        documentType: 'CC',
        documentNumber: '1010101010',
        email: 'demo@viziona.co',
        phoneNumber: '3001234567',
      },
    });
    expect(answer.status).toBe(200);
    const payment = answer.body as PaymentResultView;
    expect(payment.bankUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pse\//);
    expect(payment.accepted).toBe(false);
    expect(await browser.hold(showtimeId)).toBeNull();
  });

  it('never echoes the card number or the CVC', async () => {
    const browser = await demo();
    const { view, seats } = await holdTwoSeats(browser);
    const answer = await browser.send('POST', '/bff/payments/card', {
      showtimeId,
      seats,
      total: 2 * 16_000,
      brandId: view.payBrands[0]!.id,
      products: [],
      card: { ...cardForm(await solveCaptcha(stack.app)), cvc: '98765', cardNumber: '4575623182290327' },
    });
    expect(answer.status).toBe(422);
    expect(answer.text).not.toContain('4575623182290327');
    expect(answer.text).not.toContain('98765');
    await browser.send('POST', '/bff/booking/cancel', {});
  });
});

describe('membership', () => {
  it('sells Club Vizionarios and shows member prices at once', async () => {
    const browser = new Browser(stack.app, (await registerPerson(stack.app)).cookie);
    const before = bogotaToday();
    const offer = (await browser.send('GET', '/bff/membership/offer')).body as MembershipOfferView;
    expect(offer.total).toBe(63_000);
    // Not a member yet: it will last a year from today.
    expect([before, bogotaToday()].map(nextYear)).toContain(offer.endsAfterPurchase.slice(0, 10));
    const ordinary = await browser.view(showtimeId);
    expect(ordinary.zones.find((zone) => zone.zone === 'General')?.price).toBe(14_000);
    const acceptedBefore = await paymentsCounted('membership_card', 'accepted');
    const answer = await browser.send('POST', '/bff/membership/purchase', {
      brandId: offer.payBrands[0]!.id,
      card: cardForm(await solveCaptcha(stack.app)),
      total: 1,
    });
    expect(answer.status).toBe(200);
    const body = answer.body as { result: PaymentResultView; membership: { active: boolean } };
    expect(body.result.accepted).toBe(true);
    expect(body.membership.active).toBe(true);
    expect(await paymentsCounted('membership_card', 'accepted')).toBe(acceptedBefore + 1);
    const after: BookingView = await browser.view(showtimeId);
    expect(after.zones.find((zone) => zone.zone === 'General')).toMatchObject({ price: 11_200, isMemberPrice: true });
    const transaction = (await browser.send('GET', `/bff/payments/transactions/${body.result.bill}`))
      .body as TransactionView;
    expect(transaction).toMatchObject({ total: 63_000, payType: { id: 3 }, showtime: null });
  });
});

describe('membership renewal', () => {
  it('tells a member the new end date, a year from the current end, which the cinema API then sets', async () => {
    const member = new Browser(stack.app, await login(stack.app, CLUB.email, CLUB.password));
    const offer = (await member.send('GET', '/bff/membership/offer')).body as MembershipOfferView;
    const current = offer.membership?.expiresAt ?? '';
    expect(offer.membership?.active).toBe(true);
    expect(offer.endsAfterPurchase).toBe(`${Number(current.slice(0, 4)) + 1}${current.slice(4)}`);
    expect(offer.endsAfterPurchaseText).toBe(formatReleaseDate(offer.endsAfterPurchase.slice(0, 10)));
    expect(offer.endsAfterPurchaseText).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);

    const answer = await member.send('POST', '/bff/membership/purchase', {
      brandId: offer.payBrands[0]!.id,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(answer.status).toBe(200);
    const renewed = answer.body as { result: PaymentResultView; membership: MembershipView };
    expect(renewed.result.accepted).toBe(true);
    expect(renewed.membership.expiresAt).toBe(offer.endsAfterPurchase);
  });
});

describe('membership by PSE', () => {
  it('sends the person to the bank page when the payment method allows PSE', async () => {
    const browser = await newPerson();
    const offer = (await browser.send('GET', '/bff/membership/offer')).body as {
      payBrands: Array<{ id: number }>;
      paymentMethod: { pse: boolean };
    };
    expect(offer.paymentMethod.pse).toBe(true);
    const banks = (await browser.send('GET', '/bff/payments/banks')).body as { banks: Array<{ code: string }> };
    const answer = await browser.send('POST', '/bff/membership/purchase/pse', {
      brandId: offer.payBrands[0]!.id,
      pse: {
        typePerson: 'natural',
        bank: banks.banks[0]!.code,
        firstName: 'Daniela',
        lastName: 'Gómez',
        documentType: 'CC',
        documentNumber: '1010101010',
        email: 'daniela@example.com',
        phoneNumber: '3001234567',
      },
    });
    expect(answer.status).toBe(200);
    const { result } = answer.body as { result: PaymentResultView };
    expect(result.bankUrl).toMatch(/\/sandbox\/pse\//);
    const transaction = (await browser.send('GET', `/bff/payments/transactions/${result.bill}`))
      .body as TransactionView;
    expect(transaction).toMatchObject({ total: 63_000, payType: { id: 3 }, status: { id: 3 } });
  });
});

describe('membership bought on another device', () => {
  it('gives member prices at the next booking view and at payment, not the log-in snapshot', async () => {
    const person = await registerPerson(stack.app);
    const laptop = new Browser(stack.app, await login(stack.app, person.email, person.password));
    const phone = new Browser(stack.app, await login(stack.app, person.email, person.password));
    const view = await laptop.view(showtimeId);
    expect(view.zones.find((zone) => zone.zone === 'General')?.price).toBe(14_000);
    const seat = { id: seatsToHold(view, 'General', 1)[0]! };
    expect((await laptop.reserve(showtimeId, 'General', [seat.id])).status).toBe(200);

    const offer = (await phone.send('GET', '/bff/membership/offer')).body as { payBrands: Array<{ id: number }> };
    const bought = await phone.send('POST', '/bff/membership/purchase', {
      brandId: offer.payBrands[0]!.id,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect((bought.body as { result: PaymentResultView }).result.accepted).toBe(true);

    // The laptop's cookie still says "no membership"; its prices follow the cinema API.
    const after = await laptop.view(showtimeId);
    expect(after.zones.find((zone) => zone.zone === 'General')).toMatchObject({ price: 11_200, isMemberPrice: true });
    expect(after.membership?.active).toBe(true);
    // The seat held at the ordinary price: paying it is refused, nothing charged.
    const stale = await laptop.send('POST', '/bff/payments/card', {
      brandId: offer.payBrands[0]!.id,
      products: [],
      showtimeId,
      seats: [seat.id],
      total: 16_000,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: { code: string } }).error.code).toBe('PRICE_CHANGED');
    // Chosen again, the seat is held at the member price and paid at it.
    expect((await laptop.reserve(showtimeId, 'General', [seat.id])).status).toBe(200);
    const paid = await laptop.send('POST', '/bff/payments/card', {
      brandId: offer.payBrands[0]!.id,
      products: [],
      showtimeId,
      seats: [seat.id],
      total: 13_200,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(paid.status).toBe(200);
    const transaction = (
      await laptop.send('GET', `/bff/payments/transactions/${(paid.body as PaymentResultView).bill}`)
    ).body as TransactionView;
    expect(transaction.total).toBe(13_200);
  });
});

/** The person's bills as the cinema API keeps them (read straight from the sandbox). */
async function sandboxBills(browser: Browser): Promise<Bill[]> {
  const token = tokenInCookie(browser.app, browser.cookie);
  const response = await fetch(`${stack.sandboxUrl}/api/v1/profile/purchases`, {
    headers: { ...SANDBOX_HEADERS, authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Bill[] }).data;
}
