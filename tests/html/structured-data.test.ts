import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovieShowtimesAnswerSchema } from '#shared/cinema-api/catalogue.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { formatCop } from '#shared/format/money.ts';
import { THEATER_POSTAL_ADDRESS } from '#shared/theater.ts';
import { MovieDetailViewSchema, type MovieDetailView, type ShowtimeHourView } from '#shared/views/catalogue.ts';
import { sandboxGet, startedShowtime } from '../bff/booking-helpers.ts';
import type { TestShowtime } from '../showtimes.ts';
import { SITE_ORIGIN, startSecurityStack, type SecurityStack } from '../security/stack.ts';

/**
 * The showtimes as a search engine reads them (issue 41.3, site/decisions/structured-data.md):
 * the JSON-LD of a movie page served by the built site, checked against Google's Event and
 * Movie documentation and against what the BFF says of each showtime. The movie is the one with
 * a showtime that has begun (the sandbox keeps one every day, at any hour); one of its later
 * showtimes is sold out before the page is first read.
 */

type JsonLd = Record<string, unknown>;

const SCHEMA_ORG = 'https://schema.org';
const PRICE_CURRENCY = 'COP';

let stack: SecurityStack;
let started: TestShowtime;
let soldOutId: number;
let view: MovieDetailView;
let blocks: JsonLd[];
let pageHtml: string;
let renderedBetween: { from: number; to: number };

const jsonLdOf = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? 'null') as JsonLd,
  );
const ofType = (type: string): JsonLd[] => blocks.filter((block) => block['@type'] === type);
const hoursOf = (detail: MovieDetailView): ShowtimeHourView[] =>
  detail.days.flatMap((day) => day.groups.flatMap((group) => group.hours));

beforeAll(async () => {
  stack = await startSecurityStack({ site: true });
  started = await startedShowtime(stack);
  const schedule = MovieShowtimesAnswerSchema.parse(
    await sandboxGet(stack, `movies/theater/viziona/${started.movie.slug}/showtimes`),
  ).data.showtimes;
  const hourFromNow = Date.now() + 60 * 60_000;
  const later = schedule.find(
    (showtime) => !hasShowtimeStarted(showtime.function_date, showtime.function_hour, hourFromNow),
  );
  if (later === undefined) throw new Error(`${started.movie.slug} has no showtime an hour from now`);
  soldOutId = later.id;
  const soldOut = await fetch(`${stack.sandboxUrl}/sandbox/showtimes/${soldOutId}/sell-out`, { method: 'POST' });
  expect(soldOut.status).toBe(200);

  const from = Date.now();
  const page = await fetch(`${stack.frontUrl}/viziona/pelicula/${started.movie.slug}`);
  expect(page.status).toBe(200);
  pageHtml = await page.text();
  blocks = jsonLdOf(pageHtml);
  renderedBetween = { from, to: Date.now() };
  view = MovieDetailViewSchema.parse(
    await (await fetch(`${stack.bffUrl}/bff/catalogue/movies/viziona/${started.movie.slug}`)).json(),
  );
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('a movie page as a search engine reads it', () => {
  it('describes the theater with the full postal address the footer prints', () => {
    const address = { '@type': 'PostalAddress', ...THEATER_POSTAL_ADDRESS };
    const [theater] = ofType('MovieTheater');
    expect(theater).toMatchObject({ '@context': SCHEMA_ORG, name: 'Viziona', address });
    for (const event of ofType('ScreeningEvent'))
      expect(event.location).toMatchObject({ '@type': 'MovieTheater', address });
  });

  it('describes the movie with its language as a code', () => {
    const [movie] = ofType('Movie');
    expect(movie).toMatchObject({ name: view.movie.title, image: view.movie.poster });
    expect(movie?.inLanguage).toMatch(/^[a-z]{2}$/);
  });

  it('lists one ScreeningEvent per showtime that has not ended, each with its end, image and languages as codes', () => {
    const events = ofType('ScreeningEvent');
    const listed = new Map(
      hoursOf(view).map((hour) => [`${SITE_ORIGIN}/viziona/pelicula/${started.movie.slug}/funcion/${hour.id}`, hour]),
    );
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) {
      const hour = listed.get(String(event.url));
      expect(hour, `${String(event.url)} is a showtime of the movie`).toBeDefined();
      expect(Date.parse(hour!.endsAt)).toBeGreaterThan(renderedBetween.from);
      expect(event).toMatchObject({
        '@context': SCHEMA_ORG,
        startDate: hour!.startsAt,
        endDate: hour!.endsAt,
        eventAttendanceMode: `${SCHEMA_ORG}/OfflineEventAttendanceMode`,
        image: [view.movie.poster],
        workPresented: { '@type': 'Movie', name: view.movie.title },
      });
      expect(event.inLanguage).toMatch(/^[a-z]{2}$/);
      if (/subtitulada/i.test(String(event.name))) expect(event.subtitleLanguage).toBe('es');
      else expect(event.inLanguage).toBe('es');
    }
    const notEnded = hoursOf(view).filter((hour) => Date.parse(hour.endsAt) > renderedBetween.to);
    expect(events.length).toBeGreaterThanOrEqual(notEnded.length);
  });

  it('offers the tickets of a showtime on sale: price from with the fee, in COP, in stock, where to buy, until it begins', () => {
    const prices = new Map(view.pricesFrom.map((entry) => [entry.showtimeId, entry.price]));
    const onSale = ofType('ScreeningEvent').filter(
      (event) =>
        Date.parse(String(event.startDate)) > renderedBetween.to && !String(event.url).endsWith(`/${soldOutId}`),
    );
    expect(onSale.length).toBeGreaterThan(0);
    for (const event of onSale) {
      const id = Number(String(event.url).split('/').pop());
      expect(event.eventStatus).toBe(`${SCHEMA_ORG}/EventScheduled`);
      expect(event.offers).toEqual({
        '@type': 'Offer',
        url: event.url,
        price: prices.get(id),
        priceCurrency: PRICE_CURRENCY,
        availability: `${SCHEMA_ORG}/InStock`,
        validThrough: event.startDate,
      });
      expect(prices.get(id), `showtime ${id} has a price`).toBeGreaterThan(0);
    }
  });

  it('says on the page the lowest price it gives search engines', () => {
    const offered = ofType('ScreeningEvent')
      .map((event) => (event.offers as { price?: number; availability?: string } | undefined) ?? {})
      .filter((offer) => offer.availability === `${SCHEMA_ORG}/InStock` && typeof offer.price === 'number')
      .map((offer) => offer.price as number);
    const lowest = Math.min(...offered);
    const text = pageHtml.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toContain(`Boletas desde ${formatCop(lowest)} (incluye el cargo por servicio)`);
  });

  it('says a sold-out showtime is sold out', () => {
    const event = ofType('ScreeningEvent').find((block) => String(block.url).endsWith(`/funcion/${soldOutId}`));
    expect(event?.eventStatus).toBe(`${SCHEMA_ORG}/EventScheduled`);
    expect(event?.offers).toMatchObject({ '@type': 'Offer', availability: `${SCHEMA_ORG}/SoldOut` });
  });

  it('keeps a showtime that has begun as scheduled, without tickets to offer', () => {
    const event = ofType('ScreeningEvent').find((block) => String(block.url).endsWith(`/funcion/${started.id}`));
    expect(event, 'the showtime that began is listed while it plays').toBeDefined();
    expect(event?.eventStatus).toBe(`${SCHEMA_ORG}/EventScheduled`);
    expect(event).not.toHaveProperty('offers');
  });
});
