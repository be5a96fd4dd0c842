import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
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
