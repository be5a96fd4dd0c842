import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingData, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import type { Movie, Room } from '#shared/cinema-api/catalogue.ts';
import { consecutive, login, reserve } from './flows.ts';
import { DEMO, TOMORROW, startSandbox, type Sandbox } from './harness.ts';

/**
 * `POST /sandbox/movies/{slug}/showtimes {"seats": 260 | 520 | 1040}`: a showtime in a room of
 * that size, for the booking view's benchmark and the tests of large seat maps.
 */
interface Programmed {
  id: number;
  date: string;
  hour: string;
  room: { id: number; name: string; seats: number };
}

const MOVIE = 'galaxia-perdida';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const programme = (
  body: unknown,
  slug = MOVIE,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  sandbox.tool<Programmed>(`movies/${slug}/showtimes`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const seatCells = (data: BookingData) => data.layout.filter((cell) => cell.TipoSilla !== 'pasillo');

describe('a showtime in a room of a given size', () => {
  it.each([
    [260, 13, 'Sala 1'],
    [520, 26, 'Sala Arena 520'],
    [1040, 26, 'Sala Arena 1040'],
  ])('%i seats: %i rows with aisles, every seat in the status, bookable tomorrow', async (seats, rows, name) => {
    const answer = await programme({ seats });
    expect(answer.status).toBe(200);
    expect(answer.body.date).toBe(TOMORROW);
    expect(answer.body.room).toMatchObject({ name, seats });

    const data = (await sandbox.call<{ data: BookingData }>(`room/${answer.body.id}`)).body.data;
    expect(data.showtime.room_name).toBe(name);
    expect(seatCells(data)).toHaveLength(seats);
    expect(new Set(seatCells(data).map((cell) => `${cell.FilaRelativa}-${cell.ColumnaRelativa}`)).size).toBe(seats);
    expect(new Set(data.layout.map((cell) => cell.FilaTotal)).size).toBe(rows);
    expect(data.layout.some((cell) => cell.TipoSilla === 'pasillo')).toBe(true);
    expect(data.layout.filter((cell) => cell.TipoSilla === 'Discapacitado')).toHaveLength(2);
    expect(new Set(data.prices.filter((zone) => zone.valor > 1).map((zone) => zone.zona))).toEqual(
      new Set(['General', 'Preferencial']),
    );

    const status = (await sandbox.call<{ data: RoomStatusRow[] }>(`room/${answer.body.id}/status`)).body.data;
    expect(status.flatMap((row) => row.DescripcionSilla)).toHaveLength(seats);

    const billboard = (await sandbox.call<{ data: Movie[] }>(`movies/theater/viziona/showtimes?date=${TOMORROW}`)).body
      .data;
    const listed = billboard.flatMap((movie) => movie.showtimes).find((showtime) => showtime.id === answer.body.id);
    expect(listed).toMatchObject({ room: answer.body.room.id, room_name: name, seats: seats - 2 });
  });

  it('takes a seat of the last row of the 1,040-seat room, and another hour on each call', async () => {
    const first = await programme({ seats: 1040 });
    const second = await programme({ seats: 1040 });
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.hour).not.toBe(first.body.hour);

    const data = (await sandbox.call<{ data: BookingData }>(`room/${first.body.id}`)).body.data;
    const last = seatCells(data).at(-1);
    const price = data.prices.find((zone) => zone.zona === last?.TipoZona && zone.ClienteFrecuente === 'deshabilitado');
    if (!last || !price) throw new Error('no last seat');
    const token = await login(sandbox, DEMO);
    const seat = {
      Fila: last.FilaTotal,
      Columna: last.ColumnaTotal,
      FilRelativa: last.FilaRelativa,
      ColRelativa: last.ColumnaRelativa,
      Tarifa: price.codigo,
    };
    const held = await reserve(sandbox, token, first.body.id, await consecutive(sandbox, token), [seat]);
    expect(held.status).toBe(200);
    expect(held.body.data.seats).toEqual(['Z-40']);
  });

  it('keeps the big rooms out of the rooms listed and of the daily programme', async () => {
    const rooms = (await sandbox.call<{ data: Room[] }>('room-details')).body.data;
    expect(rooms.map((room) => room.name)).not.toContain('Sala Arena 1040');
    expect(rooms).toHaveLength(9);
    const week = (await sandbox.call<{ data: Movie[] }>('movies/theater/viziona')).body.data;
    const inBigRooms = week.flatMap((movie) => movie.showtimes).filter((showtime) => showtime.room > 100);
    // Only the showtimes this file asked for (tomorrow's), none of a day's generated programme.
    expect(inBigRooms.length).toBeGreaterThan(0);
    expect(inBigRooms.every((showtime) => showtime.function_date === TOMORROW)).toBe(true);
  });

  it('without a size programmes the first room late in the evening, as before', async () => {
    const answer = await sandbox.tool<Programmed>(`movies/${MOVIE}/showtimes`, { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(answer.body.room).toMatchObject({ id: 1, name: 'Sala 1', seats: 260 });
    expect(answer.body.hour >= '22:00:00').toBe(true);
  });

  it.each([
    [{ seats: 1000 }, 'seats', 'El campo seats debe ser 260, 520 o 1040.'],
    [{ seats: '1040' }, 'seats', 'El campo seats debe ser 260, 520 o 1040.'],
    [{ seats: -1 }, 'seats', 'El campo seats debe ser 260, 520 o 1040.'],
    [{ seats: null }, 'seats', 'El campo seats debe ser 260, 520 o 1040.'],
    [[1040], 'body', 'El cuerpo debe ser un objeto JSON.'],
    ['"1040"', 'body', 'El cuerpo debe ser un objeto JSON.'],
  ])('refuses %j with a 422 naming the field', async (body, field, message) => {
    const answer = await programme(body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it('answers 400 to a body that is not JSON, and 404 for an unknown movie with a size', async () => {
    const broken = await programme('{"seats": 10');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido.' });
    const unknown = await programme({ seats: 1040 }, 'no-existe');
    expect(unknown.status).toBe(404);
  });
});

describe('a showtime of a big room in a database file', () => {
  it('is still served after the sandbox restarts', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-big-rooms-'));
    const db = join(folder, 'sandbox.db');
    try {
      const before = await startSandbox({ db });
      const answer = await before.tool<Programmed>(`movies/${MOVIE}/showtimes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seats: 1040 }),
      });
      await before.close();
      const after = await startSandbox({ db });
      try {
        const data = await after.call<{ data: BookingData }>(`room/${answer.body.id}`);
        expect(data.status).toBe(200);
        expect(seatCells(data.body.data)).toHaveLength(1040);
        const billboard = await after.call<{ data: Movie[] }>(`movies/theater/viziona/showtimes?date=${TOMORROW}`);
        expect(billboard.status).toBe(200);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
