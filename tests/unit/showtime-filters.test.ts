import { describe, expect, it } from 'vitest';
import type { ShowtimeGroupView } from '#shared/views/catalogue.ts';
import {
  canonicalRedirect,
  filterChoices,
  filterGroups,
  filterLinks,
  filterMovies,
  filterValue,
  FILTER_KEYS,
  isFiltered,
  listingQueryString,
  listingRules,
  readListingQuery,
  resolveListingQuery,
  type ListingRules,
} from '#site/features/catalogue/showtime-filters.ts';

function group(format: string, version: string, roomName: string): ShowtimeGroupView {
  return { format, version, roomId: Number(roomName.replace(/\D/g, '')) || 99, roomName, hours: [] };
}

const monday = [
  group('2D', 'Doblada', 'Sala 1'),
  group('3D', 'Subtitulada', 'Sala 2'),
  group('2D', 'Subtitulada', 'Sala 10'),
];
const tuesday = [group('2D', 'Doblada', 'Sala 1'), group('4DX', 'Doblada', 'Sala VIP Ñandú')];
const DATES = ['2026-11-23', '2026-11-24'];
const rules = listingRules(
  DATES.map((date) => ({ date })),
  [...monday, ...tuesday],
);

const read = (query: string, using: ListingRules = rules) => readListingQuery(new URLSearchParams(query), using);
const at = (query: string) => new URL(`https://viziona.test/cartelera${query}`);

describe('filter values', () => {
  it('are the catalogue texts spelt for a query', () => {
    expect(filterValue('Subtitulada')).toBe('subtitulada');
    expect(filterValue('3D')).toBe('3d');
    expect(filterValue('Sala VIP Ñandú')).toBe('sala-vip-nandu');
    expect(filterValue('  Sala   2 ')).toBe('sala-2');
    expect(filterValue('¿?')).toBe('');
  });

  it('come from the catalogue only, each once, in reading order (Sala 2 before Sala 10)', () => {
    expect(rules.dates).toEqual(DATES);
    expect(rules.keys).toEqual(FILTER_KEYS);
    expect(filterChoices([])).toEqual({ version: [], format: [], room: [] });
    expect(rules.choices.version).toEqual([
      { value: 'doblada', label: 'Doblada' },
      { value: 'subtitulada', label: 'Subtitulada' },
    ]);
    expect(rules.choices.format.map((option) => option.label)).toEqual(['2D', '3D', '4DX']);
    expect(rules.choices.room.map((option) => option.value)).toEqual(['sala-1', 'sala-2', 'sala-10', 'sala-vip-nandu']);
  });
});

describe('reading a listing query', () => {
  it('keeps the offered date and the values the catalogue has', () => {
    expect(read('date=2026-11-24&version=doblada&format=4dx&room=sala-vip-nandu')).toEqual({
      date: '2026-11-24',
      filters: { version: 'doblada', format: '4dx', room: 'sala-vip-nandu' },
    });
  });

  it('matches a value however it is written, and writes it one way', () => {
    const query = read('version=DOBLADA&format=3D&room=Sala%2010');
    expect(query.filters).toEqual({ version: 'doblada', format: '3d', room: 'sala-10' });
    expect(listingQueryString(query)).toBe('?version=doblada&format=3d&room=sala-10');
  });

  it.each([
    ['an unknown value', 'format=imax'],
    ['an unknown date', 'date=2026-12-31'],
    ['a malformed date', 'date=mañana'],
    ['an empty value', 'version='],
    ['an array-style key', 'version[]=doblada&format[0]=3d'],
    ['an unknown key', 'utm_source=x&sala=sala-1&__proto__=x'],
    ['a double-encoded value', 'version=%2564oblada'],
    ['a very long value', `version=${'doblada'.repeat(2000)}`],
    ['a value hiding another', 'format=2d,3d'],
  ])('leaves out %s', (_label, query) => {
    expect(read(query)).toEqual({ date: null, filters: {} });
  });

  it('takes the first of repeated keys', () => {
    expect(read('version=subtitulada&version=doblada&date=2026-11-24&date=2026-11-23')).toEqual({
      date: '2026-11-24',
      filters: { version: 'subtitulada' },
    });
  });

  it('decodes once, like any query', () => {
    expect(read('%76ersion=%64oblada').filters).toEqual({ version: 'doblada' });
  });

  it('offers only the listing’s own filters (a room page has no room filter)', () => {
    const roomRules: ListingRules = { ...rules, keys: ['version', 'format'] };
    expect(read('room=sala-1&format=2d', roomRules)).toEqual({ date: null, filters: { format: '2d' } });
  });

  it('takes no date when the date is not in the query (a fragment)', () => {
    expect(read('date=2026-11-23&version=doblada', { ...rules, dates: null })).toEqual({
      date: null,
      filters: { version: 'doblada' },
    });
  });
});

describe('the canonical address', () => {
  it('puts the keys in one order', () => {
    expect(
      listingQueryString({ date: '2026-11-23', filters: { room: 'sala-2', format: '3d', version: 'subtitulada' } }),
    ).toBe('?date=2026-11-23&version=subtitulada&format=3d&room=sala-2');
    expect(listingQueryString({ date: null, filters: {} })).toBe('');
  });

  it('is kept as it is', () => {
    for (const query of ['', '?date=2026-11-23', '?date=2026-11-23&version=doblada&format=2d&room=sala-1']) {
      expect(canonicalRedirect(at(query), '/cartelera', read(query.slice(1)))).toBeNull();
    }
  });

  it.each([
    ['?', '/cartelera'],
    ['?format=2d&version=doblada', '/cartelera?version=doblada&format=2d'],
    ['?version=Doblada', '/cartelera?version=doblada'],
    ['?version=%64oblada', '/cartelera?version=doblada'],
    ['?version=doblada&version=doblada', '/cartelera?version=doblada'],
    ['?version[]=doblada', '/cartelera'],
    ['?format=imax&date=2026-11-24', '/cartelera?date=2026-11-24'],
    ['?fbclid=abc123', '/cartelera'],
    ['?date=2026-11-23&', '/cartelera?date=2026-11-23'],
    ['?date=2026-11-23&version=doblada#funciones', null],
  ])('sends %s to %s', (query, target) => {
    expect(canonicalRedirect(at(query), '/cartelera', read(query.slice(1).split('#')[0]!))).toBe(target);
  });

  it('is what a page resolves its request to', () => {
    expect(resolveListingQuery(at('?format=3D&date=2026-11-24'), '/cartelera', rules)).toEqual({
      query: { date: '2026-11-24', filters: { format: '3d' } },
      redirect: '/cartelera?date=2026-11-24&format=3d',
    });
    expect(resolveListingQuery(at('?date=2026-11-24&format=3d'), '/cartelera', rules).redirect).toBeNull();
  });

  it('bounds the addresses a cache can hold to the catalogue’s own values', () => {
    const hostile = [
      'version=a',
      'version=b',
      `x=${'y'.repeat(3000)}`,
      'format=%00',
      'room=<script>',
      'date=2026-13-45',
      'constructor[prototype][x]=1',
    ];
    const targets = new Set(hostile.map((query) => listingQueryString(read(query))));
    expect(targets).toEqual(new Set(['']));
  });
});

describe('filtering', () => {
  it('lets through the groups matching every chosen filter', () => {
    expect(filterGroups(monday, {})).toEqual(monday);
    expect(filterGroups(monday, { version: 'subtitulada' })).toEqual([monday[1], monday[2]]);
    expect(filterGroups(monday, { version: 'subtitulada', format: '2d' })).toEqual([monday[2]]);
    expect(filterGroups(monday, { version: 'doblada', format: '3d' })).toEqual([]);
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ room: 'sala-1' })).toBe(true);
  });

  it('keeps the movies with something left, each with what is left', () => {
    const movies = [
      { slug: 'a', groups: monday },
      { slug: 'b', groups: [group('2D', 'Doblada', 'Sala 1')] },
    ];
    expect(filterMovies(movies, { format: '3d' })).toEqual([{ slug: 'a', groups: [monday[1]] }]);
    expect(filterMovies(movies, { room: 'sala-1' }).map((movie) => movie.slug)).toEqual(['a', 'b']);
    expect(filterMovies(movies, { format: '4dx' })).toEqual([]);
    expect(movies[0]!.groups).toHaveLength(3);
  });
});

describe('the filter links of a date', () => {
  it('offer that date’s values, the chosen one current, each keeping the other filters and the date', () => {
    const links = filterLinks(monday, '2026-11-23', { format: '2d' }, rules, 'funciones');
    expect(links.map((item) => item.label)).toEqual(['Versión', 'Formato', 'Sala']);
    const format = links.find((item) => item.key === 'format')!;
    expect(format.links).toEqual([
      { label: 'Todos', href: '?date=2026-11-23#funciones', current: false },
      { label: '2D', href: '?date=2026-11-23&format=2d#funciones', current: true },
      { label: '3D', href: '?date=2026-11-23&format=3d#funciones', current: false },
    ]);
    const version = links.find((item) => item.key === 'version')!;
    expect(version.links[0]).toEqual({ label: 'Todas', href: '?date=2026-11-23&format=2d#funciones', current: true });
    expect(version.links[1]!.href).toBe('?date=2026-11-23&version=doblada&format=2d#funciones');
  });

  it('leave out a filter with one value that date, unless it is chosen', () => {
    const plain = filterLinks(tuesday, '2026-11-24', {}, rules, 'funciones');
    expect(plain.map((item) => item.key)).toEqual(['format', 'room']);
    const chosen = filterLinks(tuesday, '2026-11-24', { version: 'subtitulada' }, rules, 'funciones');
    const version = chosen.find((item) => item.key === 'version')!;
    // Chosen on another date and absent here: still shown, so it can be taken off.
    expect(version.links.map((link) => [link.label, link.current])).toEqual([
      ['Todas', false],
      ['Doblada', false],
      ['Subtitulada', true],
    ]);
  });

  it('offer only the listing’s keys', () => {
    const links = filterLinks(monday, '2026-11-23', {}, { ...rules, keys: ['version', 'format'] }, 'funciones');
    expect(links.map((item) => item.key)).toEqual(['version', 'format']);
  });
});
