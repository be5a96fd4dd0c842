import { describe, expect, it } from 'vitest';
import { THEATER_POSTAL_ADDRESS, THEATER_STREET_ADDRESS } from '#shared/theater.ts';
import type { MovieDetailView, ShowtimeHourView } from '#shared/views/catalogue.ts';
import { languageCode, screeningLanguages } from '#site/features/catalogue/screening-languages.ts';
import {
  lowestPriceOnSale,
  movieJsonLd,
  movieTheaterJsonLd,
  screeningEventsJsonLd,
} from '#site/features/catalogue/structured-data.ts';

const ORIGIN = 'https://www.viziona.example';
const NOW = Date.parse('2026-11-26T19:00:00-05:00');

function hour(id: number, startsAt: string, endsAt: string, seats = 50): ShowtimeHourView {
  return { id, hour: startsAt.slice(11, 19), hourText: '', startsAt, endsAt, seats };
}

const detail: MovieDetailView = {
  theater: 'viziona',
  movie: {
    id: 1,
    slug: 'el-ultimo-faro',
    title: 'El Último Faro',
    originalTitle: 'The Last Lighthouse',
    poster: 'https://api.example/posters/faro.jpg',
    genre: 'Drama',
    rating: '15 años',
    durationMinutes: 118,
    durationText: '1 h 58 min',
    releaseDate: '2026-11-15',
    releaseDateText: '15 de noviembre de 2026',
    director: 'Ana Ruiz',
    language: 'Inglés',
    country: 'Irlanda',
    synopsis: 'Un farero.',
    versions: ['Doblada', 'Subtitulada'],
    formats: ['2D'],
    trailer: '',
    trailerEmbedUrl: null,
  },
  dates: [],
  days: [
    {
      date: '2026-11-26',
      groups: [
        {
          format: '2D',
          version: 'Subtitulada',
          roomId: 3,
          roomName: 'Sala 3',
          hours: [
            // Ended, playing, on sale, sold out.
            hour(10, '2026-11-26T14:00:00-05:00', '2026-11-26T15:58:00-05:00'),
            hour(11, '2026-11-26T18:30:00-05:00', '2026-11-26T20:28:00-05:00'),
            hour(12, '2026-11-26T21:00:00-05:00', '2026-11-26T22:58:00-05:00'),
            hour(13, '2026-11-26T21:30:00-05:00', '2026-11-26T23:28:00-05:00', 0),
          ],
        },
        {
          format: '2D',
          version: 'Doblada',
          roomId: 4,
          roomName: 'Sala 4',
          hours: [hour(14, '2026-11-26T20:00:00-05:00', '2026-11-26T21:58:00-05:00')],
        },
      ],
    },
  ],
  pricesFrom: [
    { showtimeId: 12, price: 16_000 },
    { showtimeId: 14, price: 20_000 },
  ],
};

const events = screeningEventsJsonLd(detail, ORIGIN, NOW);
const eventOf = (id: number) => events.find((event) => String(event.url).endsWith(`/funcion/${id}`));
const address = { '@type': 'PostalAddress', ...THEATER_POSTAL_ADDRESS };

describe('structured data of the catalogue (site/features/catalogue/structured-data.ts)', () => {
  it('gives the theater the address the footer prints, as a full PostalAddress', () => {
    expect(movieTheaterJsonLd(ORIGIN)).toMatchObject({ '@type': 'MovieTheater', address });
    expect(THEATER_STREET_ADDRESS).toBe('Calle 100 # 15-20, Centro Comercial Viziona, Bogotá, Colombia');
  });

  it('leaves out ended showtimes and keeps the others, each at the theater with its end, image and purchase URL', () => {
    expect(events.map((event) => event.url)).toEqual(
      [11, 12, 13, 14].map((id) => `${ORIGIN}/viziona/pelicula/el-ultimo-faro/funcion/${id}`),
    );
    expect(eventOf(12)).toMatchObject({
      '@type': 'ScreeningEvent',
      startDate: '2026-11-26T21:00:00-05:00',
      endDate: '2026-11-26T22:58:00-05:00',
      image: [detail.movie.poster],
      location: { '@type': 'MovieTheater', address },
      videoFormat: '2D',
    });
  });

  it('offers a showtime on sale with its price from, in COP, until it begins', () => {
    expect(eventOf(12)?.offers).toEqual({
      '@type': 'Offer',
      url: `${ORIGIN}/viziona/pelicula/el-ultimo-faro/funcion/12`,
      price: 16_000,
      priceCurrency: 'COP',
      availability: 'https://schema.org/InStock',
      validThrough: '2026-11-26T21:00:00-05:00',
    });
  });

  it('says a sold-out showtime is sold out, and offers no price it was not given', () => {
    expect(eventOf(13)?.offers).toEqual({
      '@type': 'Offer',
      url: `${ORIGIN}/viziona/pelicula/el-ultimo-faro/funcion/13`,
      availability: 'https://schema.org/SoldOut',
      validThrough: '2026-11-26T21:30:00-05:00',
    });
  });

  it('keeps a showtime that has begun scheduled, with nothing left to offer', () => {
    expect(eventOf(11)?.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(eventOf(11)).not.toHaveProperty('offers');
  });

  it('names the languages heard and read as codes', () => {
    expect(eventOf(12)).toMatchObject({ inLanguage: 'en', subtitleLanguage: 'es' });
    expect(eventOf(14)).toMatchObject({ inLanguage: 'es' });
    expect(eventOf(14)).not.toHaveProperty('subtitleLanguage');
    expect(movieJsonLd(detail, ORIGIN)).toMatchObject({ '@type': 'Movie', inLanguage: 'en' });
  });

  it('says the lowest price still on sale', () => {
    expect(lowestPriceOnSale(detail, NOW)).toBe(16_000);
    expect(lowestPriceOnSale(detail, Date.parse('2026-11-26T21:10:00-05:00'))).toBeNull();
  });
});

describe('screening languages (site/features/catalogue/screening-languages.ts)', () => {
  it.each([
    ['Inglés', 'en'],
    ['ingles', 'en'],
    [' Japonés ', 'ja'],
    ['Español', 'es'],
    ['Portugués', 'pt'],
    ['Klingon', null],
  ])('%j is %j', (name, code) => {
    expect(languageCode(name)).toBe(code);
  });

  it.each([
    ['Doblada', 'Inglés', { inLanguage: 'es' }],
    ['Subtitulada', 'Japonés', { inLanguage: 'ja', subtitleLanguage: 'es' }],
    ['Subtitulada', 'Klingon', { subtitleLanguage: 'es' }],
    ['SUBTITULADA', 'Español', { inLanguage: 'es', subtitleLanguage: 'es' }],
    ['Original', 'Francés', { inLanguage: 'fr' }],
    ['3D HFR', 'Inglés', {}],
  ])('%s of a movie in %s', (version, language, expected) => {
    expect(screeningLanguages(version, language)).toEqual(expected);
  });
});
