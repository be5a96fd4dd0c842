import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogueEntriesAnswerSchema,
  ConfectioneriesAnswerSchema,
  DatesAnswerSchema,
  MovieAnswerSchema,
  MovieShowtimesAnswerSchema,
  MoviesAnswerSchema,
  ReleasesAnswerSchema,
  RoomAnswerSchema,
  RoomShowtimesAnswerSchema,
  RoomsAnswerSchema,
  SnackProductsAnswerSchema,
} from '#shared/cinema-api/catalogue.ts';
import { BannersAnswerSchema, GalleriesAnswerSchema } from '#shared/cinema-api/content.ts';
import { ValidationErrorAnswerSchema } from '#shared/cinema-api/common.ts';
import { TODAY, TOMORROW, startSandbox, type Sandbox } from './harness.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const get = async (path: string) => {
  const answer = await sandbox.call(path);
  expect(answer.status, path).toBe(200);
  return answer.body;
};

describe('dates and billboard', () => {
  it('dates/viziona lists today and the next seven days under data.dates', async () => {
    const { data } = DatesAnswerSchema.parse(await get('dates/viziona'));
    expect(data.dates.map((date) => date.function_date)).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
    ]);
    expect(data.dates[0]?.date_string).toBe('Martes, 2026-03-10');
  });

  it("movies by date carry only that day's showtimes, one of them already started", async () => {
    const { data } = MoviesAnswerSchema.parse(await get(`movies/theater/viziona/showtimes?date=${TODAY}`));
    expect(data.length).toBeGreaterThanOrEqual(10);
    const showtimes = data.flatMap((movie) => movie.showtimes);
    expect(showtimes.every((showtime) => showtime.function_date === TODAY)).toBe(true);
    expect(showtimes.some((showtime) => showtime.function_hour <= '10:00:00')).toBe(true);
  });

  it('refuses a missing or invalid date with 422', async () => {
    const missing = await sandbox.call('movies/theater/viziona/showtimes');
    expect(missing.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(missing.body).errors.date).toBeDefined();
    expect((await sandbox.call('movies/theater/viziona/showtimes?date=2026-02-30')).status).toBe(422);
  });

  it('movies/theater/viziona lists now-showing movies with every field filled', async () => {
    const { data } = MoviesAnswerSchema.parse(await get('movies/theater/viziona'));
    expect(data.length).toBeGreaterThanOrEqual(10);
    for (const movie of data) {
      for (const value of Object.values(movie)) expect(value === '' || value === null).toBe(false);
    }
    const ratings = new Set(data.map((movie) => movie.rating));
    expect(ratings.has('15 años') && ratings.has('18 años')).toBe(true);
    expect(data.some((movie) => movie.format.includes('3D'))).toBe(true);
    const versions = data.flatMap((movie) => movie.showtimes.map((showtime) => showtime.movie_version));
    expect(new Set(versions)).toEqual(new Set(['Doblada', 'Subtitulada']));
    expect(data.some((movie) => movie.trailer.startsWith('https://youtu.be/'))).toBe(true);
    expect(data.some((movie) => movie.trailer.includes('watch?v='))).toBe(true);
  });

  it('an unknown theater is 404', async () => {
    expect((await sandbox.call('movies/theater/otro')).status).toBe(404);
    expect((await sandbox.call('dates/otro')).status).toBe(404);
  });
});

describe('movie detail', () => {
  it('movies/{slug} answers one movie with its showtimes', async () => {
    const { data } = MovieAnswerSchema.parse(await get('movies/galaxia-perdida'));
    expect(data.title).toBe('Galaxia Perdida');
    expect(data.showtimes.length).toBeGreaterThan(0);
    expect(data.showtimes.every((showtime) => showtime.movie.id === data.id)).toBe(true);
  });

  it('movies/{slug} of an unknown slug is 404', async () => {
    const answer = await sandbox.call('movies/no-existe');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'No se encontró la película.' });
  });

  it('movie showtimes answer dates and showtimes', async () => {
    const { data } = MovieShowtimesAnswerSchema.parse(await get('movies/theater/viziona/galaxia-perdida/showtimes'));
    expect(data.dates.length).toBeGreaterThan(0);
    const days = new Set(data.showtimes.map((showtime) => showtime.function_date));
    expect(data.dates.map((date) => date.function_date)).toEqual([...days].sort());
    expect(new Set(data.showtimes.map((showtime) => showtime.movie_format))).toEqual(new Set(['2D', '3D']));
    expect((await sandbox.call('movies/theater/viziona/no-existe/showtimes')).status).toBe(404);
  });
});

describe('releases, banners, galleries', () => {
  it('releases include a presale that already has showtimes', async () => {
    const { data } = ReleasesAnswerSchema.parse(await get('movies/releases'));
    const presale = data.find((item) => item.type === 'Preventa');
    expect(presale).toBeDefined();
    expect(data.every((item) => item.date_release > TODAY)).toBe(true);
    const movie = MovieAnswerSchema.parse(await get(`movies/${presale?.slug ?? ''}`)).data;
    expect(movie.showtimes.length).toBeGreaterThan(0);
  });

  it('banners and galleries come with sandbox image URLs', async () => {
    const banners = BannersAnswerSchema.parse(await get('banners/web')).data;
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((banner) => banner.image.startsWith(`${sandbox.origin}/sandbox/images/`))).toBe(true);
    const gallery = GalleriesAnswerSchema.parse(await get('galleries')).data;
    expect(gallery.length).toBeGreaterThan(0);
  });
});

describe('rooms', () => {
  it('lists nine rooms; one room by slug; its showtimes', async () => {
    const rooms = RoomsAnswerSchema.parse(await get('room-details')).data;
    expect(rooms).toHaveLength(9);
    const room = RoomAnswerSchema.parse(await get('room-details/sala-vip-1')).data;
    expect(room.name).toBe('Sala VIP 1');
    expect(room.image).not.toBe(room.image_2);
    const showtimes = RoomShowtimesAnswerSchema.parse(await get('room-details/viziona/sala-vip-1/showtimes')).data;
    expect(showtimes.length).toBeGreaterThan(0);
    expect(showtimes.every((showtime) => showtime.room === room.id)).toBe(true);
    expect(showtimes.some((showtime) => showtime.function_date === TOMORROW)).toBe(true);
  });

  it('unknown rooms are 404', async () => {
    expect((await sandbox.call('room-details/sala-99')).status).toBe(404);
    expect((await sandbox.call('room-details/viziona/sala-99/showtimes')).status).toBe(404);
  });
});

describe('confectionery', () => {
  it('the page list includes an "aval" product', async () => {
    const { data } = ConfectioneriesAnswerSchema.parse(await get('confectioneries/2'));
    expect(data.some((item) => item.name.toLowerCase().includes('aval'))).toBe(true);
    expect(data.some((item) => item.image === null)).toBe(true);
  });

  it('the score catalogue (data.data) has single products, combos with alternatives and member-only items', async () => {
    const { data } = SnackProductsAnswerSchema.parse(await get('confectioneries/score/viziona'));
    const products = data.data;
    expect(products.some((product) => product.Tipo === 'P')).toBe(true);
    const combo = products.find((product) => product.Tipo === 'A');
    expect(combo?.Receta.some((item) => item.Tipo === 'A' && item.Receta.length > 1)).toBe(true);
    expect(products.some((product) => product.CineFanPlus === 's')).toBe(true);
    expect(products.every((product) => (product.Precios[0]?.General ?? 0) > 0)).toBe(true);
  });

  it('the web catalogue (data.data) matches every score product by score_id', async () => {
    const entries = CatalogueEntriesAnswerSchema.parse(await get('confectioneries')).data.data;
    const products = SnackProductsAnswerSchema.parse(await get('confectioneries/score/viziona')).data.data;
    expect(new Set(entries.map((entry) => entry.score_id))).toEqual(new Set(products.map((product) => product.Codigo)));
  });

  it('another confectionery page id is 404', async () => {
    expect((await sandbox.call('confectioneries/3')).status).toBe(404);
    expect((await sandbox.call('confectioneries/score/otro')).status).toBe(404);
  });
});
