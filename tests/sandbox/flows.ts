import { expect } from 'vitest';
import type { BookingData, PriceZone, SelectedSeat } from '#shared/cinema-api/booking.ts';
import type { SessionAnswer } from '#shared/cinema-api/accounts.ts';
import type { Movie } from '#shared/cinema-api/catalogue.ts';
import { SECRETS, TOMORROW, type Sandbox } from './harness.ts';

export async function login(sandbox: Sandbox, credentials: { email: string; password: string }): Promise<string> {
  const answer = await sandbox.call<SessionAnswer>('login', { method: 'POST', body: credentials });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

let registered = 0;

/** Registers a fresh user; returns its token and e-mail. */
export async function registerUser(sandbox: Sandbox): Promise<{ token: string; email: string }> {
  registered += 1;
  const tokenAnswer = await sandbox.call<{ token: string }>('token/register', { method: 'POST' });
  const email = `persona${registered}-${Date.now()}@correo.test`;
  const answer = await sandbox.call<SessionAnswer>('register', {
    method: 'POST',
    body: {
      name: 'Laura',
      lastname: 'Pérez',
      email,
      password: 'Clave1234',
      doc_type: 'CC',
      doc_number: String(10_000_000 + registered * 7919 + (Date.now() % 1000)),
      phone: '3109876543',
      birthday: '1990-01-31',
      sex: 'F',
      device: 'web',
      register_token: tokenAnswer.body.token,
    },
  });
  expect(answer.status).toBe(201);
  return { token: answer.body.token, email };
}

export async function consecutive(sandbox: Sandbox, token: string): Promise<number> {
  const answer = await sandbox.call<{ data: { Secuencia: number } }>('score/consecutive/1', { token });
  expect(answer.status).toBe(200);
  return answer.body.data.Secuencia;
}

/** A showtime of tomorrow (never started), optionally in a 2D room with General seats. */
export async function tomorrowShowtime(sandbox: Sandbox, format = '2D'): Promise<number> {
  const answer = await sandbox.call<{ data: Movie[] }>(`movies/theater/viziona/showtimes?date=${TOMORROW}`);
  const showtime = answer.body.data
    .flatMap((movie) => movie.showtimes)
    .find((candidate) => candidate.movie_format === format && candidate.room <= 7);
  if (showtime === undefined) throw new Error('no showtime tomorrow');
  return showtime.id;
}

export async function bookingData(sandbox: Sandbox, showtimeId: number): Promise<BookingData> {
  const answer = await sandbox.call<{ data: BookingData }>(`room/${showtimeId}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** The n-th sellable seat of a zone, as a SelectedSeat with the ordinary tariff. */
export function seatOf(
  data: BookingData,
  index = 0,
  zona = 'General',
  member = false,
): { seat: SelectedSeat; price: PriceZone } {
  const cells = data.layout.filter((cell) => cell.TipoSilla === 'Normal' && cell.TipoZona === zona);
  const cell = cells[index];
  const price = data.prices.find(
    (zone) => zone.zona === zona && zone.ClienteFrecuente === (member ? 'habilitado' : 'deshabilitado'),
  );
  if (cell === undefined || price === undefined) throw new Error('no seat');
  return {
    seat: {
      Fila: cell.FilaTotal,
      Columna: cell.ColumnaTotal,
      FilRelativa: cell.FilaRelativa,
      ColRelativa: cell.ColumnaRelativa,
      Tarifa: price.codigo,
    },
    price,
  };
}

export async function reserve(
  sandbox: Sandbox,
  token: string,
  showtimeId: number,
  secuencia: number,
  seats: SelectedSeat[],
) {
  return sandbox.call<{ message: string; data: { seats: string[] } }>(`reserve/${showtimeId}`, {
    method: 'POST',
    token,
    body: { score_consecutive: secuencia, seats, device: 'web' },
  });
}

export async function payToken(sandbox: Sandbox, token: string, secuencia: number): Promise<string> {
  const answer = await sandbox.call<{ token: string }>('pay-token', {
    method: 'POST',
    token,
    headers: { 'X-Registration-Key': SECRETS.registrationKey },
    body: { score_consecutive: secuencia },
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

export interface HeldPurchase {
  token: string;
  showtimeId: number;
  secuencia: number;
  seats: SelectedSeat[];
  ticketsTotal: number;
}

/** Logs in (or uses `token`), reserves `count` General seats of a showtime tomorrow. */
export async function holdSeats(sandbox: Sandbox, token: string, count = 2, firstSeat = 0): Promise<HeldPurchase> {
  const showtimeId = await tomorrowShowtime(sandbox);
  const data = await bookingData(sandbox, showtimeId);
  const picks = Array.from({ length: count }, (_, index) => seatOf(data, firstSeat + index));
  const secuencia = await consecutive(sandbox, token);
  const answer = await reserve(
    sandbox,
    token,
    showtimeId,
    secuencia,
    picks.map((pick) => pick.seat),
  );
  expect(answer.status).toBe(200);
  return {
    token,
    showtimeId,
    secuencia,
    seats: picks.map((pick) => pick.seat),
    ticketsTotal: picks.reduce((sum, pick) => sum + pick.price.valor, 0),
  };
}

export const TICKET_FEE = 2000;
export const SNACK_FEE = 1000;
export const APPROVED_CARD = '4575623182290326';
export const DECLINED_CARD = '4151611527583283';
export const PENDING_CARD = '373118856457642';
export const PENDING_REJECTED_CARD = '378282246310005';

export function cardPayload(held: HeldPurchase, payTokenValue: string, cardNumber: string) {
  const subtotal = held.ticketsTotal;
  const totalService = TICKET_FEE * held.seats.length;
  return {
    pay_type: 1,
    card_name: 'LAURA PEREZ',
    card_number: cardNumber,
    cvc: '123',
    exp_month: '12',
    exp_year: '2030',
    dues: 1,
    subtotal,
    total_service: totalService,
    total: subtotal + totalService,
    device: 'web',
    score_consecutive: held.secuencia,
    score_payment_method: 7,
    theater_id: 1,
    showtime_id: held.showtimeId,
    seats: held.seats,
    products: [],
    products_detail: '',
    products_description: '',
    keyPay: 1,
    pay_token: payTokenValue,
  };
}
