import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookingDataAnswerSchema,
  CancelReserveAnswerSchema,
  ConsecutiveAnswerSchema,
  ReserveAnswerSchema,
  RoomStatusAnswerSchema,
  type RoomStatusRow,
  type SelectedSeat,
} from '#shared/cinema-api/booking.ts';
import type { Movie } from '#shared/cinema-api/catalogue.ts';
import { ValidationErrorAnswerSchema } from '#shared/cinema-api/common.ts';
import { bookingData, consecutive, login, reserve, seatOf, tomorrowShowtime } from './flows.ts';
import { DEMO, MEMBER, TODAY, startSandbox, type Sandbox } from './harness.ts';

let sandbox: Sandbox;
let token: string;
let memberToken: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  token = await login(sandbox, DEMO);
  memberToken = await login(sandbox, MEMBER);
});
afterAll(() => sandbox.close());

async function statusOf(
  showtimeId: number,
  seat: SelectedSeat,
  viewerToken?: string,
  secuencia?: number,
): Promise<string | undefined> {
  const query = secuencia === undefined ? '' : `?score_consecutive=${secuencia}`;
  const answer = await sandbox.call(`room/${showtimeId}/status${query}`, { token: viewerToken });
  expect(answer.status).toBe(200);
  const rows: RoomStatusRow[] = RoomStatusAnswerSchema.parse(answer.body).data;
  return rows.find((row) => row.filTot === seat.Fila)?.DescripcionSilla.find((cell) => cell.Columna === seat.Columna)
    ?.EstadoSilla;
}

describe('consecutive', () => {
  it('issues a new consecutive per call to the bearer', async () => {
    const first = ConsecutiveAnswerSchema.parse((await sandbox.call('score/consecutive/1', { token })).body).data
      .Secuencia;
    const second = ConsecutiveAnswerSchema.parse((await sandbox.call('score/consecutive/1', { token })).body).data
      .Secuencia;
    expect(second).toBeGreaterThan(first);
    expect((await sandbox.call('score/consecutive/2', { token })).status).toBe(404);
  });
});

describe('booking data', () => {
  it('room/{id} answers showtime, movie, room, prices, layout and payment method', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const answer = await sandbox.call(`room/${showtimeId}`);
    expect(answer.status).toBe(200);
    const data = BookingDataAnswerSchema.parse(answer.body).data;
    expect(data.showtime.id).toBe(showtimeId);
    expect(data.payment_method).toEqual({ score_payment_method: 7, pay_with_card: true, pay_with_pse: true });
    expect(data.prices.some((zone) => zone.valor === 1)).toBe(true);
    expect(data.prices.filter((zone) => zone.valor > 1).length).toBeGreaterThanOrEqual(2);
    expect(data.layout.some((cell) => cell.TipoSilla === 'pasillo')).toBe(true);
    expect(data.layout.some((cell) => cell.TipoSilla === 'Discapacitado')).toBe(true);
    const zones = new Set(data.prices.map((zone) => zone.zona));
    expect(data.layout.filter((cell) => cell.TipoZona !== '').every((cell) => zones.has(cell.TipoZona))).toBe(true);
  });

  it('3D showtimes cost more than 2D ones in the same zone', async () => {
    const movies = (await sandbox.call<{ data: Movie[] }>('movies/theater/viziona')).body.data;
    const showtimes = movies
      .flatMap((movie) => movie.showtimes)
      .filter((showtime) => showtime.function_date > TODAY && showtime.room === 2);
    const threeD = showtimes.find((showtime) => showtime.movie_format === '3D');
    const twoD = showtimes.find((showtime) => showtime.movie_format === '2D');
    if (threeD === undefined || twoD === undefined) throw new Error('room 2 has both formats');
    const general = async (id: number) =>
      (await bookingData(sandbox, id)).prices.find((zone) => zone.codigo === 'GEN')?.valor ?? 0;
    expect(await general(threeD.id)).toBe((await general(twoD.id)) + 4000);
  });

  it('unknown showtimes are 404', async () => {
    expect((await sandbox.call('room/999999')).status).toBe(404);
    expect((await sandbox.call('room/abc/status')).status).toBe(404);
  });
});

describe('reserve and cancel', () => {
  it('holds seats for the consecutive, shows them R to the owner and O to others, and cancel frees them', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const data = await bookingData(sandbox, showtimeId);
    const { seat } = seatOf(data, 3);
    const secuencia = await consecutive(sandbox, token);
    const answer = await reserve(sandbox, token, showtimeId, secuencia, [seat]);
    expect(answer.status).toBe(200);
    const reservation = ReserveAnswerSchema.parse(answer.body).data;
    expect(reservation.seats).toEqual([`${seat.FilRelativa}-${seat.ColRelativa}`]);
    expect(reservation.expires_at).toBe('2026-03-10 10:10:00');

    expect(await statusOf(showtimeId, seat, token, secuencia)).toBe('R');
    expect(await statusOf(showtimeId, seat, token)).toBe('R');
    expect(await statusOf(showtimeId, seat, memberToken)).toBe('O');
    expect(await statusOf(showtimeId, seat)).toBe('O');

    const cancel = await sandbox.call(`reserve/cancel/${showtimeId}`, {
      method: 'POST',
      token,
      body: { score_consecutive: secuencia, device: 'web' },
    });
    expect(cancel.status).toBe(200);
    expect(CancelReserveAnswerSchema.parse(cancel.body).data.released).toBe(1);
    expect(await statusOf(showtimeId, seat)).toBe('S');
  });

  it('a second reserve with the same consecutive replaces the first', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const data = await bookingData(sandbox, showtimeId);
    const first = seatOf(data, 5).seat;
    const second = seatOf(data, 6).seat;
    const secuencia = await consecutive(sandbox, token);
    expect((await reserve(sandbox, token, showtimeId, secuencia, [first])).status).toBe(200);
    expect((await reserve(sandbox, token, showtimeId, secuencia, [second])).status).toBe(200);
    expect(await statusOf(showtimeId, first)).toBe('S');
    expect(await statusOf(showtimeId, second)).toBe('O');
  });

  it('a taken seat answers 422 with OCUPADA', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const { seat } = seatOf(await bookingData(sandbox, showtimeId), 8);
    expect((await reserve(sandbox, token, showtimeId, await consecutive(sandbox, token), [seat])).status).toBe(200);
    const taken = await reserve(sandbox, memberToken, showtimeId, await consecutive(sandbox, memberToken), [seat]);
    expect(taken.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(taken.body).message).toBe(
      `La silla ${seat.FilRelativa}-${seat.ColRelativa} se encuentra OCUPADA`,
    );
  });

  it('refuses a started showtime', async () => {
    const movies = (await sandbox.call<{ data: Movie[] }>(`movies/theater/viziona/showtimes?date=${TODAY}`)).body.data;
    const started = movies.flatMap((movie) => movie.showtimes).find((showtime) => showtime.function_hour <= '10:00:00');
    if (started === undefined) throw new Error('a started showtime is seeded');
    const { seat } = seatOf(await bookingData(sandbox, started.id));
    const answer = await reserve(sandbox, token, started.id, await consecutive(sandbox, token), [seat]);
    expect(answer.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(answer.body).errors.showtime).toEqual([
      'No es posible reservar asientos en funciones en curso.',
    ]);
  });

  it('refuses more than maximo_entradas seats, aisles, disabled seats, wrong tariffs and member tariffs for non-members', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const data = await bookingData(sandbox, showtimeId);
    const secuencia = await consecutive(sandbox, token);
    const eleven = Array.from({ length: 11 }, (_, index) => seatOf(data, 20 + index).seat);
    const tooMany = await reserve(sandbox, token, showtimeId, secuencia, eleven);
    expect(ValidationErrorAnswerSchema.parse(tooMany.body).errors.seats).toContain(
      'Solo puedes seleccionar 10 asientos.',
    );

    const aisle = data.layout.find((cell) => cell.TipoSilla === 'pasillo');
    const disabled = data.layout.find((cell) => cell.TipoSilla === 'Discapacitado');
    if (aisle === undefined || disabled === undefined) throw new Error('layout has both');
    const asSeat = (cell: typeof aisle, Tarifa: string): SelectedSeat => ({
      Fila: cell.FilaTotal,
      Columna: cell.ColumnaTotal,
      FilRelativa: cell.FilaRelativa,
      ColRelativa: cell.ColumnaRelativa,
      Tarifa,
    });
    const general = seatOf(data, 40).seat;
    const answer = await reserve(sandbox, token, showtimeId, secuencia, [
      asSeat(aisle, 'GEN'),
      asSeat(disabled, 'PRE'),
      { ...general, Tarifa: 'CORT' },
      { ...seatOf(data, 41).seat, Tarifa: 'GEN-CF' },
      { ...seatOf(data, 42).seat, Tarifa: 'VIP' },
    ]);
    expect(answer.status).toBe(422);
    const errors = ValidationErrorAnswerSchema.parse(answer.body).errors;
    expect(Object.keys(errors).sort()).toEqual([
      'seats.0',
      'seats.1',
      'seats.2.Tarifa',
      'seats.3.Tarifa',
      'seats.4.Tarifa',
    ]);
    expect(errors['seats.3.Tarifa']?.[0]).toContain('exclusiva para miembros');
  });

  it('lets a member use the member tariff', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const { seat } = seatOf(await bookingData(sandbox, showtimeId), 50, 'General', true);
    expect(seat.Tarifa).toBe('GEN-CF');
    expect(
      (await reserve(sandbox, memberToken, showtimeId, await consecutive(sandbox, memberToken), [seat])).status,
    ).toBe(200);
  });

  it('refuses a consecutive of another user and an empty seat list', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const { seat } = seatOf(await bookingData(sandbox, showtimeId), 60);
    const foreign = await reserve(sandbox, token, showtimeId, await consecutive(sandbox, memberToken), [seat]);
    expect(ValidationErrorAnswerSchema.parse(foreign.body).errors.score_consecutive).toBeDefined();
    const empty = await reserve(sandbox, token, showtimeId, await consecutive(sandbox, token), []);
    expect(empty.status).toBe(422);
    expect((await reserve(sandbox, token, 999999, 1, [seat])).status).toBe(404);
    const cancel = await sandbox.call('reserve/cancel/999999', {
      method: 'POST',
      token,
      body: { score_consecutive: 1, device: 'web' },
    });
    expect(cancel.status).toBe(404);
    const badCancel = await sandbox.call(`reserve/cancel/${showtimeId}`, { method: 'POST', token, body: {} });
    expect(badCancel.status).toBe(422);
  });
});

describe('concurrency and expiry', () => {
  it('50 concurrent reservations of one seat give exactly one hold', async () => {
    const showtimeId = await tomorrowShowtime(sandbox);
    const { seat } = seatOf(await bookingData(sandbox, showtimeId), 70);
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const buyer = index % 2 === 0 ? token : memberToken;
        return { buyer, secuencia: await consecutive(sandbox, buyer) };
      }),
    );
    const answers = await Promise.all(
      buyers.map(({ buyer, secuencia }) => reserve(sandbox, buyer, showtimeId, secuencia, [seat])),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(49);
    for (const answer of answers.filter((candidate) => candidate.status === 422)) {
      expect(ValidationErrorAnswerSchema.parse(answer.body).message).toContain('OCUPADA');
    }
    expect(await statusOf(showtimeId, seat)).toBe('O');
  });

  it('a hold expires after 600 seconds of the clock and frees the seat', async () => {
    const local = await startSandbox();
    try {
      const owner = await login(local, DEMO);
      const other = await login(local, MEMBER);
      const showtimeId = await tomorrowShowtime(local);
      const { seat } = seatOf(await bookingData(local, showtimeId), 1);
      expect((await reserve(local, owner, showtimeId, await consecutive(local, owner), [seat])).status).toBe(200);

      const advance = (seconds: number) =>
        local.tool('clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceSeconds: seconds }),
        });
      await advance(599);
      expect((await reserve(local, other, showtimeId, await consecutive(local, other), [seat])).status).toBe(422);
      await advance(2);
      const status = RoomStatusAnswerSchema.parse((await local.call(`room/${showtimeId}/status`)).body).data;
      expect(
        status.find((row) => row.filTot === seat.Fila)?.DescripcionSilla.find((cell) => cell.Columna === seat.Columna)
          ?.EstadoSilla,
      ).toBe('S');
      expect((await reserve(local, other, showtimeId, await consecutive(local, other), [seat])).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
