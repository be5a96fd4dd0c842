import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
  TYPO_MIN_LENGTH,
  normalizeQuery,
  normalizeSearchText,
  prepareMovies,
  searchMovies,
  type SearchableMovie,
} from '#shared/search/movie-search.ts';

const movie = (title: string, originalTitle: string, genre: string, director: string): SearchableMovie => ({
  title,
  originalTitle,
  genre,
  director,
});

const MOVIES = prepareMovies([
  movie('Galaxia Perdida', 'Lost Galaxy', 'Ciencia ficción', 'Marcus Oyelaran'),
  movie('El Último Faro', 'The Last Lighthouse', 'Drama', 'Helena Marsh'),
  movie('Risas en la Montaña', 'Risas en la Montaña', 'Comedia', 'Camila Restrepo'),
  movie('Tormenta Solar', 'Solar Storm', 'Ciencia ficción', 'Marcus Oyelaran'),
  movie('El Secreto de la Abuela', 'El Secreto de la Abuela', 'Familiar', 'Camila Restrepo'),
  movie('Faros del Norte', '', 'Documental', 'Ana Farías'),
  movie('Sombras del Pasado', 'Shadows of the Past', 'Terror', 'Iván Castaño'),
]);

const titles = (query: string, limit?: number) => searchMovies(MOVIES, query, limit).map((found) => found.title);

describe('normalising', () => {
  it('drops accents and case, and turns punctuation, control characters and runs of spaces into one space', () => {
    expect(normalizeSearchText('  El ÚLTIMO   Faro! ')).toBe('el ultimo faro');
    expect(normalizeSearchText('Risas en la Montaña')).toBe('risas en la montana');
    expect(normalizeSearchText('ciencia\u0000ficción\t\n')).toBe('ciencia ficcion');
    expect(normalizeSearchText('Ｆａｒｏ')).toBe('faro'); // full-width letters
    expect(normalizeSearchText("Tito's")).toBe('tito s');
  });

  it('gives one spelling for every way of writing a query', () => {
    const spellings = ['Último Faro', 'ultimo faro', 'ULTIMO   FARO', ' últímo,faro ', 'U\u0301ltimo faro'];
    expect(new Set(spellings.map(normalizeQuery))).toEqual(new Set(['ultimo faro']));
  });

  it('bounds a query: length, words, and nothing searchable is empty', () => {
    expect(normalizeQuery('a'.repeat(100_000))).toBe('a'.repeat(MAX_QUERY_LENGTH));
    expect(normalizeQuery('uno dos tres cuatro cinco seis siete ocho nueve diez').split(' ')).toHaveLength(
      MAX_QUERY_WORDS,
    );
    expect(normalizeQuery('\u0000\u0001 %%% ---')).toBe('');
    // Cut between words: seven words of seven letters fit, an eighth would not whole.
    expect(normalizeQuery('perdida '.repeat(600))).toBe(Array(7).fill('perdida').join(' '));
    expect(normalizeQuery(`${'ñ'.repeat(MAX_QUERY_LENGTH - 1)}😀😀`)).toBe('n'.repeat(MAX_QUERY_LENGTH - 1));
    // Letters outside the BMP are cut between characters, never inside one.
    expect(Array.from(normalizeQuery('𝒜'.repeat(200)))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('is its own normal form, so the address it writes is never redirected again', () => {
    const samples = [
      'Último Faro',
      'İstanbul ǅemal ﬁlm',
      'Å\u212B ß ẞ Σς',
      '\u0000a\u0001b',
      '𝒜'.repeat(70),
      'perdida '.repeat(20),
      'x'.repeat(59) + ' yy',
    ];
    for (const sample of samples) expect(normalizeQuery(normalizeQuery(sample)), sample).toBe(normalizeQuery(sample));
  });
});

describe('matching', () => {
  it('finds a title whatever its accents and case ("ultimo faro" finds "El Último Faro")', () => {
    expect(titles('ultimo faro')[0]).toBe('El Último Faro');
    expect(titles('EL ÚLTIMO FARO')[0]).toBe('El Último Faro');
  });

  it('finds by original title, genre and director', () => {
    expect(titles('lighthouse')).toEqual(['El Último Faro']);
    expect(titles('ciencia ficcion')).toEqual(['Galaxia Perdida', 'Tormenta Solar']);
    expect(titles('restrepo')).toEqual(['Risas en la Montaña', 'El Secreto de la Abuela']);
    expect(titles('marcus')).toEqual(['Galaxia Perdida', 'Tormenta Solar']);
  });

  it('matches what a person has typed so far (the start of a word)', () => {
    expect(titles('gal')).toEqual(['Galaxia Perdida']);
    expect(titles('el ul')).toEqual(['El Último Faro']);
  });

  it('needs every word to match somewhere', () => {
    expect(titles('faro comedia')).toEqual([]);
    expect(titles('solar oyelaran')).toEqual(['Tormenta Solar']);
  });

  it('ranks a title match above a director or genre match, and the title starting with the query first', () => {
    // "faro" is a word of one title, the start of another title, and inside a director's name.
    expect(titles('faro')).toEqual(['El Último Faro', 'Faros del Norte']);
    expect(titles('far')).toEqual(['Faros del Norte', 'El Último Faro']);
  });

  it('answers nothing for an empty or unsearchable query, and respects the limit', () => {
    expect(titles('')).toEqual([]);
    expect(titles('  ¿?  ')).toEqual([]);
    expect(titles('e', 2)).toHaveLength(2);
  });

  it('keeps short words to the start of words (two letters inside a word match nothing)', () => {
    expect(titles('xy')).toEqual([]);
    expect(titles('ar')).toEqual([]);
  });
});

describe('a typo forgiven (issue 38)', () => {
  it('finds the movie with one letter wrong, missing or extra in a word', () => {
    expect(titles('ultomo faro')).toEqual(['El Último Faro']); // wrong
    expect(titles('galaxya perdida')).toEqual(['Galaxia Perdida']); // wrong (and one extra against "galaxy")
    expect(titles('sombas del pasado')).toEqual(['Sombras del Pasado']); // missing
    expect(titles('tormennta solar')).toEqual(['Tormenta Solar']); // extra
    expect(titles('ÚLTOMO FARO')).toEqual(['El Último Faro']); // normalised first
    expect(titles('helena mash')).toEqual(['El Último Faro']); // a director's name
  });

  it('forgives a typo while the word is still being typed', () => {
    expect(titles('ultom')).toEqual(['El Último Faro']);
    expect(titles('el ultom')).toEqual(['El Último Faro']);
    expect(titles('sombr del pas')).toEqual(['Sombras del Pasado']);
  });

  it('forgives one typo per word, not two', () => {
    expect(titles('ultoma faro')).toEqual([]);
    expect(titles('galaxyaa perdida')).toEqual([]);
    // Each word its own typo: both forgiven.
    expect(titles('sombas del pasdo')).toEqual(['Sombras del Pasado']);
  });

  it(`takes words shorter than ${TYPO_MIN_LENGTH} letters as typed`, () => {
    expect(titles('sol')).toEqual(['Tormenta Solar']);
    expect(titles('sombras dle pasado')).toEqual([]);
    expect(titles('fxro')).toEqual(['El Último Faro', 'Faros del Norte']);
    expect(titles('fxr')).toEqual([]);
  });

  it('never adds near misses to a word spelt right, and still needs every word', () => {
    const movies = prepareMovies([
      movie('Caro Diario', '', 'Comedia', 'Nanni Moretti'),
      movie('El Último Faro', 'The Last Lighthouse', 'Drama', 'Helena Marsh'),
    ]);
    const found = (query: string) => searchMovies(movies, query).map((entry) => entry.title);
    expect(found('faro')).toEqual(['El Último Faro']);
    expect(found('caro')).toEqual(['Caro Diario']);
    // Spelt neither way: the words one letter off, however many.
    expect(found('daro')).toEqual(['Caro Diario', 'El Último Faro']);
    expect(found('ultomo comedia')).toEqual([]);
  });

  it('ranks a match as typed above a forgiven one', () => {
    // "faros" is a word of one title; "faro" one letter off it in the other: only the first is found.
    expect(titles('faros')).toEqual(['Faros del Norte']);
    // "farox" is no word as typed: "faro" and "faros" are both one letter off, tied, in the index's order.
    expect(titles('farox')).toEqual(['El Último Faro', 'Faros del Norte']);
  });
});
