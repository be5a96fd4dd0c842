import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSandbox } from '#sandbox/app.ts';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { PUBLIC_CACHE_CONTROL } from '#bff/plugins/cache-headers.ts';
import {
  BillboardWeekViewSchema,
  ClubViewSchema,
  ConfectioneriesViewSchema,
  CorporateViewSchema,
  HomeViewSchema,
  MovieDetailViewSchema,
  NowShowingViewSchema,
  ReleasesViewSchema,
  RoomDetailViewSchema,
  RoomsViewSchema,
} from '#shared/views/catalogue.ts';
import { MembershipOfferViewSchema } from '#shared/views/booking.ts';
import { hourState } from '#shared/booking/showtime-clock.ts';
import { SITE_ORIGIN, call, registerPerson } from './harness.ts';
import { sandboxGet, startedShowtime } from './booking-helpers.ts';

/**
 * The catalogue routes against a fresh in-memory sandbox reached over HTTP. The sandbox is
 * ours to stop here (unlike the shared harness), so the last tests close it and check that the
 * BFF keeps answering from its cache.
 */
let sandbox: ReturnType<typeof buildSandbox>;
let app: BffApp;

beforeAll(async () => {
  sandbox = buildSandbox({ db: ':memory:' });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sandbox.server.address() as AddressInfo;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPSTREAM_URL: `http://127.0.0.1:${port}/api/v1`,
    SITE_ORIGIN,
  });
  app = await buildApp(config);
  await app.ready();
});

afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
  await sandbox?.close().catch(() => undefined);
});

async function get(url: string) {
  const answer = await call(app, 'GET', url);
  return answer;
}

describe('catalogue routes', () => {
  it('lists the movies now showing', async () => {
    const answer = await get('/bff/catalogue/movies');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const view = NowShowingViewSchema.parse(answer.body);
    expect(view.theater).toBe('viziona');
    expect(view.movies.length).toBeGreaterThan(3);
    expect(view.movies[0]).toMatchObject({
      slug: expect.any(String),
      poster: expect.stringMatching(/^https?:\/\//),
      durationText: expect.stringMatching(/min|h/),
    });
  });

  it('answers the billboard of every date, each date with its own showtimes only', async () => {
    const view = BillboardWeekViewSchema.parse((await get('/bff/catalogue/movies/week')).body);
    expect(view.dates.length).toBeGreaterThanOrEqual(7);
    expect(view.days.map((day) => day.date)).toEqual(view.dates.map((option) => option.date));
    const withMovies = view.days.filter((day) => day.movies.length > 0);
    expect(withMovies.length).toBeGreaterThan(1);
    for (const day of view.days) {
      for (const movie of day.movies) {
        for (const group of movie.groups) {
          for (const hour of group.hours) expect(hour.startsAt.startsWith(day.date)).toBe(true);
        }
      }
    }
  });

  it('answers a movie with its fields, trailer embed and showtimes by date', async () => {
    const movies = NowShowingViewSchema.parse((await get('/bff/catalogue/movies')).body).movies;
    const slug = movies[0]!.slug;
    const answer = await get(`/bff/catalogue/movies/viziona/${slug}`);
    expect(answer.status).toBe(200);
    const view = MovieDetailViewSchema.parse(answer.body);
    expect(view.movie.slug).toBe(slug);
    expect(view.movie.director).not.toBe('');
    expect(view.movie.trailerEmbedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+/);
    expect(view.dates.length).toBeGreaterThan(0);
    const firstDay = view.days[0]!;
    expect(firstDay.groups.length).toBeGreaterThan(0);
    const keys = firstDay.groups.map((group) => `${group.format}|${group.version}|${group.roomId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('prices each showtime on sale: its cheapest ticket without membership plus the service fee, as the cinema API gives them', async () => {
    const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    const started = await startedShowtime({ sandboxUrl });
    const fee = Number(
      (await sandboxGet<{ data: Array<{ key: string; value: string }> }>({ sandboxUrl }, 'settings')).data.find(
        (setting) => setting.key === 'ticket_servicio',
      )?.value,
    );
    expect(fee).toBeGreaterThan(0);

    const before = Date.now();
    const view = MovieDetailViewSchema.parse((await get(`/bff/catalogue/movies/viziona/${started.movie.slug}`)).body);
    const after = Date.now();
    const hours = view.days.flatMap((day) => day.groups.flatMap((group) => group.hours));
    const onSaleAt = (now: number) =>
      hours
        .filter((hour) => hour.seats > 0 && hourState(hour.startsAt, hour.endsAt, now) === 'open')
        .map((hour) => hour.id);
    const priced = view.pricesFrom.map((entry) => entry.showtimeId);
    // Every showtime still on sale when the answer came has its price; none that had begun when it was asked.
    expect(priced).toEqual(expect.arrayContaining(onSaleAt(after)));
    expect(onSaleAt(before)).toEqual(expect.arrayContaining(priced));
    expect(hours.map((hour) => hour.id)).toContain(started.id);
    expect(priced).not.toContain(started.id);

    for (const { showtimeId, price } of view.pricesFrom) {
      const booking = await sandboxGet<{ data: { prices: Array<{ valor: number; ClienteFrecuente: string }> } }>(
        { sandboxUrl },
        `room/${showtimeId}`,
      );
      const ordinary = booking.data.prices
        .filter((entry) => entry.ClienteFrecuente === 'deshabilitado' && entry.valor > 1)
        .map((entry) => entry.valor);
      expect(price, `showtime ${showtimeId}`).toBe(Math.min(...ordinary) + fee);
    }
  });

  it('answers 404 for an unknown movie or theater and 400 for a malformed slug', async () => {
    expect((await get('/bff/catalogue/movies/viziona/no-existe')).status).toBe(404);
    expect((await get('/bff/catalogue/movies/otro-cine/no-existe')).status).toBe(404);
    expect((await get('/bff/catalogue/movies/viziona/..%2F..%2Fsettings')).status).toBe(400);
  });

  it('marks presale releases', async () => {
    const view = ReleasesViewSchema.parse((await get('/bff/catalogue/releases')).body);
    expect(view.releases.length).toBeGreaterThan(0);
    const presale = view.releases.filter((release) => release.presale);
    expect(presale.length).toBeGreaterThan(0);
    for (const release of presale) expect(release.type).toBe('Preventa');
  });

  it('lists the rooms and a room with its showtimes by date', async () => {
    const rooms = RoomsViewSchema.parse((await get('/bff/catalogue/rooms')).body).rooms;
    expect(rooms.length).toBeGreaterThan(1);
    const view = RoomDetailViewSchema.parse((await get(`/bff/catalogue/rooms/${rooms[0]!.slug}`)).body);
    expect(view.room.name).toBe(rooms[0]!.name);
    expect(view.room.descriptionHtml).not.toMatch(/<script|on\w+=/i);
    expect(view.dates.length).toBeGreaterThan(0);
    for (const movie of view.days[0]!.movies) {
      for (const group of movie.groups) expect(group.roomId).toBe(view.room.id);
    }
    expect((await get('/bff/catalogue/rooms/no-existe')).status).toBe(404);
  });

  it('composes the home page with banners, billboard, releases, rooms and the popup', async () => {
    const view = HomeViewSchema.parse((await get('/bff/catalogue/home')).body);
    expect(view.banners.length).toBeGreaterThan(0);
    expect(view.movies.length).toBeGreaterThan(0);
    expect(view.billboard.days.length).toBe(view.billboard.dates.length);
    expect(view.releases.length).toBeGreaterThan(0);
    expect(view.rooms.length).toBeGreaterThan(0);
    expect(view.popup).toMatchObject({ image: expect.stringMatching(/^https?:\/\//) });
  });

  it('answers the membership price the membership purchase charges: value plus service', async () => {
    const view = ClubViewSchema.parse((await get('/bff/catalogue/club')).body);
    const { cookie } = await registerPerson(app);
    const offer = MembershipOfferViewSchema.parse((await call(app, 'GET', '/bff/membership/offer', { cookie })).body);
    // The sandbox's membresia_valor and membresia_servicio.
    expect(offer).toMatchObject({ price: 60_000, service: 3_000, total: 63_000 });
    expect(view.membershipPrice).toBe(offer.total);
    expect(view.membershipPriceText).toMatch(/^\$ \d{1,3}(\.\d{3})+$/);
  });

  it('leaves "aval" products out of the confectionery', async () => {
    const view = ConfectioneriesViewSchema.parse((await get('/bff/catalogue/confectionery')).body);
    expect(view.products.length).toBeGreaterThan(0);
    expect(view.products.some((product) => /aval/i.test(product.name))).toBe(false);
  });

  it('answers the five numbered corporate sections and the gallery', async () => {
    const view = CorporateViewSchema.parse((await get('/bff/catalogue/corporate')).body);
    expect(view.sections.map((section) => section.number)).toEqual([1, 2, 3, 4, 5]);
    expect(view.sections.map((section) => section.slug)).toEqual([
      'alquiler-de-sala',
      'bonos',
      'bonos-de-regalo',
      'activacion',
      'branding',
    ]);
    for (const section of view.sections) expect(section.html).not.toBe('');
    expect(view.gallery.length).toBeGreaterThan(0);
  });

  it('serves repeated reads from the cache', async () => {
    const first = await get('/bff/catalogue/releases');
    const second = await get('/bff/catalogue/releases');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
  });
});

describe('when the cinema API is down', () => {
  it('keeps answering from the cache, stale after 5 minutes, and fails only for what it never had', async () => {
    const routes = [
      '/bff/catalogue/home',
      '/bff/catalogue/movies/week',
      '/bff/catalogue/releases',
      '/bff/catalogue/rooms',
      '/bff/catalogue/confectionery',
      '/bff/catalogue/corporate',
    ];
    const before = new Map<string, string>();
    for (const route of routes) {
      const answer = await get(route);
      expect(answer.status, route).toBe(200);
      before.set(route, answer.text);
    }

    await sandbox.close();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);

    for (const route of routes) {
      const answer = await get(route);
      expect(answer.status, route).toBe(200);
      expect(answer.headers['x-cache'], route).toBe('STALE');
      expect(answer.text, route).toBe(before.get(route));
    }

    const never = await get('/bff/catalogue/movies/viziona/una-pelicula-nunca-vista');
    expect(never.status).toBe(502);
    expect(never.body).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });

    // Kept 30 minutes: after that there is nothing left to serve.
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await get('/bff/catalogue/releases')).status).toBe(502);
    vi.useRealTimers();
  });
});
