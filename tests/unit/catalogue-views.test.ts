import { describe, expect, it } from 'vitest';
import type { Confectionery, Movie, Room, Showtime } from '#shared/cinema-api/catalogue.ts';
import type { ContentPage, Setting } from '#shared/cinema-api/content.ts';
import { buildBillboardWeek } from '#bff/catalogue/billboard-week-view.ts';
import { buildMovieDetail } from '#bff/catalogue/movie-detail-view.ts';
import { buildRoomDetail } from '#bff/catalogue/room-views.ts';
import { buildConfectionery } from '#bff/catalogue/confectionery-view.ts';
import { CORPORATE_SECTIONS, buildCorporate } from '#bff/catalogue/corporate-view.ts';
import { toPopupView } from '#bff/catalogue/home-view.ts';
import { parseSettings } from '#shared/cinema-api/settings.ts';
import { toRelease } from '#bff/catalogue/movie-card.ts';

const movieRef = (slug: string) => ({
  id: slug.length,
  slug,
  title: slug.toUpperCase(),
  original_title: slug,
  poster: `https://img.test/${slug}.svg`,
  duration: 125,
  gender: 'Acción',
  rating: '12 años',
});

let nextId = 1;
function showtime(slug: string, date: string, hour: string, format = '2D', version = 'Doblada', room = 1): Showtime {
  return {
    id: nextId++,
    hour_string: hour,
    date_string: `Domingo, ${date}`,
    function_date: date,
    function_hour: hour,
    movie_format: format,
    movie_version: version,
    room_name: `Sala ${room}`,
    room,
    movie: movieRef(slug),
    seats: 80,
  };
}

function movie(slug: string, showtimes: Showtime[]): Movie {
  return {
    ...movieRef(slug),
    type: 'movie',
    date_release: '2026-11-20',
    director: 'Ana Pérez',
    language: 'Español',
    country: 'Colombia',
    synopsis: 'Una historia.',
    trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    version: 'Doblada, Subtitulada',
    format: '2D, 3D',
    showtimes,
  };
}

describe('billboard week', () => {
  it('lists, per date, only the movies with showtimes that date, hours grouped and in order', () => {
    const dates = [
      { date_string: 'Lunes, 2026-11-23', function_date: '2026-11-23' },
      { date_string: 'Domingo, 2026-11-22', function_date: '2026-11-22' },
    ];
    const byDate: Record<string, Movie[]> = {
      '2026-11-22': [
        movie('a', [
          showtime('a', '2026-11-22', '21:00:00'),
          showtime('a', '2026-11-22', '14:00:00'),
          showtime('a', '2026-11-22', '18:00:00', '3D'),
        ]),
        movie('b', []),
      ],
      '2026-11-23': [movie('b', [showtime('b', '2026-11-23', '16:00:00', '2D', 'Subtitulada', 2)])],
    };
    const week = buildBillboardWeek('viziona', dates, (date) => byDate[date] ?? []);

    expect(week.dates.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23']);
    expect(week.dates[0]).toMatchObject({ weekday: 'Dom', day: '22 nov', label: 'Domingo, 22 de noviembre' });
    const sunday = week.days[0]!;
    expect(sunday.movies.map((m) => m.slug)).toEqual(['a']);
    expect(sunday.movies[0]!.groups.map((g) => [g.format, g.hours.map((h) => h.hourText)])).toEqual([
      ['2D', ['2:00 p. m.', '9:00 p. m.']],
      ['3D', ['6:00 p. m.']],
    ]);
    expect(sunday.movies[0]!.groups[0]!.hours[0]!.startsAt).toBe('2026-11-22T14:00:00-05:00');
    // The movie lasts 125 minutes: until then the hour is 'En curso', then it is left out.
    expect(sunday.movies[0]!.groups[0]!.hours[1]!.endsAt).toBe('2026-11-22T23:05:00-05:00');
    expect(week.days[1]!.movies[0]!.groups[0]).toMatchObject({ version: 'Subtitulada', roomName: 'Sala 2' });
  });
});

describe('movie detail', () => {
  it('groups showtimes by format, version and room per date and builds the trailer embed', () => {
    const showtimes = [
      showtime('a', '2026-11-22', '20:00:00', '2D', 'Doblada', 1),
      showtime('a', '2026-11-22', '15:00:00', '2D', 'Doblada', 1),
      showtime('a', '2026-11-22', '17:00:00', '2D', 'Subtitulada', 1),
      showtime('a', '2026-11-22', '19:00:00', '2D', 'Doblada', 4),
      showtime('a', '2026-11-24', '19:00:00', '3D', 'Doblada', 1),
    ];
    const dates = [
      { date_string: 'x', function_date: '2026-11-22' },
      { date_string: 'x', function_date: '2026-11-23' },
      { date_string: 'x', function_date: '2026-11-24' },
    ];
    const view = buildMovieDetail('viziona', movie('a', []), { dates, showtimes });

    expect(view.movie).toMatchObject({
      director: 'Ana Pérez',
      versions: ['Doblada', 'Subtitulada'],
      formats: ['2D', '3D'],
      durationText: '2 h 5 min',
      trailerEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    });
    expect(view.dates.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    const first = view.days[0]!.groups.map(
      (g) => `${g.format} ${g.version} ${g.roomName}: ${g.hours.map((h) => h.hour).join(' ')}`,
    );
    expect(first).toEqual([
      '2D Doblada Sala 1: 15:00:00 20:00:00',
      '2D Doblada Sala 4: 19:00:00',
      '2D Subtitulada Sala 1: 17:00:00',
    ]);
    expect(view.days[1]!.groups).toEqual([]);
    expect(view.days[2]!.groups[0]!.format).toBe('3D');
  });
});

describe('room detail', () => {
  const room: Room = {
    id: 1,
    slug: 'sala-1',
    name: 'Sala 1',
    complement: 'Sonido envolvente',
    image: 'https://img.test/1.svg',
    image_2: 'https://img.test/2.svg',
    short_description: '<p>Corta</p>',
    description: '<p onclick="x()">Larga</p><script>alert(1)</script>',
  };

  it('sanitises the descriptions and groups the showtimes by date, then by movie', () => {
    const view = buildRoomDetail('viziona', room, [
      showtime('b', '2026-11-23', '18:00:00'),
      showtime('a', '2026-11-22', '20:00:00'),
      showtime('b', '2026-11-22', '14:00:00'),
      showtime('a', '2026-11-22', '16:00:00'),
    ]);
    expect(view.room.descriptionHtml).toBe('<p>Larga</p>');
    expect(view.room.image2).toBe('https://img.test/2.svg');
    expect(view.dates.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23']);
    expect(view.days[0]!.movies.map((m) => [m.slug, m.groups[0]!.hours.map((h) => h.hour)])).toEqual([
      ['b', ['14:00:00']],
      ['a', ['16:00:00', '20:00:00']],
    ]);
  });
});

describe('releases, snacks, popup and corporate', () => {
  it('marks presale releases', () => {
    const base = { poster: 'p', title: 'T', duration: 90, gender: 'Drama', date_release: '2026-12-18', slug: 't' };
    expect(toRelease({ ...base, type: 'Preventa' }).presale).toBe(true);
    expect(toRelease({ ...base, type: 'Estreno' }).presale).toBe(false);
    expect(toRelease({ ...base, type: 'Estreno' }).releaseDateText).toBe('18 de diciembre de 2026');
  });

  it('hides "aval" products and keeps products without image for the placeholder', () => {
    const products: Confectionery[] = [
      { id: 1, name: 'Combo pareja', image: 'https://img.test/c.svg', description: '<p>Dos gaseosas</p>' },
      { id: 2, name: 'Promo Banco AVAL', image: 'https://img.test/a.svg', description: null },
      { id: 3, name: 'Crispetas', image: null, description: null },
      { id: 4, name: 'Nachos', image: '', description: '' },
    ];
    const view = buildConfectionery(products);
    expect(view.map((p) => p.name)).toEqual(['Combo pareja', 'Crispetas', 'Nachos']);
    expect(view[1]).toEqual({ id: 3, name: 'Crispetas', image: null, descriptionHtml: null });
    expect(view[2]!.image).toBeNull();
  });

  it('reads the popup setting and refuses unsafe links', () => {
    const popupOf = (popup: Partial<Setting>) =>
      toPopupView(
        parseSettings([
          { key: 'popup', value: 'https://img.test/popup.svg', complement: '/cartelera', extra: '_blank', ...popup },
        ]).popup,
      );
    expect(popupOf({})).toEqual({ image: 'https://img.test/popup.svg', url: '/cartelera', target: '_blank' });
    expect(popupOf({ complement: 'javascript:alert(1)', extra: null })).toEqual({
      image: 'https://img.test/popup.svg',
      url: null,
      target: '_self',
    });
    expect(popupOf({ value: '' })).toBeNull();
    expect(toPopupView(parseSettings([]).popup)).toBeNull();
  });

  it('parses every numeric setting one way: whole amounts, 0 when absent or unreadable', () => {
    const setting = (key: string, value: string): Setting => ({ key, value, complement: null, extra: null });
    const settings = parseSettings([
      setting('membresia_valor', '60000'),
      setting('membresia_servicio', ' 3000 '),
      setting('ticket_servicio', '2500.00'),
      setting('confiteria_servicio', 'gratis'),
      setting('maximo_entradas', '-4'),
    ]);
    expect(settings).toEqual({
      membresia_valor: 60000,
      membresia_servicio: 3000,
      ticket_servicio: 2500,
      confiteria_servicio: 0,
      maximo_entradas: 0,
      popup: null,
    });
    expect(parseSettings([]).membresia_valor).toBe(0);
  });

  it('uses the content service by slug and the fixed texts where it has nothing', () => {
    const pages: Record<string, ContentPage> = {
      bonos: {
        id: 1,
        slug: 'bonos',
        title: 'Bonos corporativos',
        subtitle: null,
        content: '<p>Texto del servicio</p>',
        image: null,
      },
    };
    const view = buildCorporate((slug) => pages[slug] ?? null, [{ id: 1, image: 'https://img.test/g.svg' }]);
    expect(view.sections.map((s) => s.number)).toEqual([1, 2, 3, 4, 5]);
    expect(view.sections.map((s) => s.slug)).toEqual(CORPORATE_SECTIONS.map((s) => s.slug));
    expect(view.sections[1]).toMatchObject({
      title: 'Bonos corporativos',
      html: '<p>Texto del servicio</p>',
      fromContentService: true,
    });
    const rental = view.sections[0]!;
    expect(rental.fromContentService).toBe(false);
    expect(rental.html).toContain('50 personas');
    expect(rental.html).toContain('50 combos');
    expect(rental.html).toContain('10 días hábiles');
    expect(view.sections[2]!.html).toContain('$ 25.000');
    expect(view.sections[2]!.html).toContain('6 meses');
    expect(view.gallery).toHaveLength(1);
  });
});
