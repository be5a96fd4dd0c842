import leven from 'leven';

/**
 * The movie search's one rule (issue 34), used by the header's suggestions in the browser and
 * by the `/buscar` page on the server: how a query is normalised (which also makes the page's
 * one address, so one cache entry, per query) and how a movie is scored against it, a typo
 * forgiven (issue 38). Plain TypeScript, no zod: the browser's suggestions import it.
 */

/** A query keeps at most this many characters once normalised; the rest is dropped. */
export const MAX_QUERY_LENGTH = 60;
/** ... and at most this many words (each is checked against every field of every movie). */
export const MAX_QUERY_WORDS = 8;

/** What the search looks at in a movie. */
export interface SearchableMovie {
  title: string;
  originalTitle: string;
  genre: string;
  director: string;
}

/**
 * Text as the search compares it: accents and other marks dropped ("Último" → "ultimo", "ñ" →
 * "n"), lower case, every run of anything but letters and digits (spaces, punctuation,
 * control characters) one space, no space at either end.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A person's query as the search uses it and as the page's address spells it: normalised,
 * at most MAX_QUERY_WORDS words and MAX_QUERY_LENGTH characters (cut between words, and
 * between characters, never inside one, when one word is longer). Empty when nothing
 * searchable is left.
 */
export function normalizeQuery(raw: string): string {
  // Enough of the raw text for MAX_QUERY_LENGTH normalised characters, whatever it holds.
  const head = raw.length > MAX_QUERY_LENGTH * 8 ? raw.slice(0, MAX_QUERY_LENGTH * 8) : raw;
  const characters = Array.from(normalizeSearchText(head).split(' ').slice(0, MAX_QUERY_WORDS).join(' '));
  if (characters.length <= MAX_QUERY_LENGTH) return characters.join('');
  const kept = characters.slice(0, MAX_QUERY_LENGTH).join('');
  // Cut between words when the limit falls inside one (a single long word is cut where it falls).
  const lastSpace = kept.lastIndexOf(' ');
  return characters[MAX_QUERY_LENGTH] === ' ' || lastSpace < 0 ? kept.trim() : kept.slice(0, lastSpace);
}

/** How much a match counts in each field: the title first, the director and genre less. */
const FIELD_WEIGHTS = { title: 10, originalTitle: 8, director: 5, genre: 4 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

/** A movie with its fields normalised once and split into words. */
export interface PreparedMovie<M extends SearchableMovie> {
  movie: M;
  fields: Record<Field, { text: string; words: string[] }>;
}

export function prepareMovies<M extends SearchableMovie>(movies: readonly M[]): PreparedMovie<M>[] {
  return movies.map((movie) => {
    const fields = {} as PreparedMovie<M>['fields'];
    for (const field of FIELDS) {
      const text = normalizeSearchText(movie[field]);
      fields[field] = { text, words: text.split(' ').filter(Boolean) };
    }
    return { movie, fields };
  });
}

/** Words this long or longer may carry one typo; a shorter one ("sol", "del") is taken as typed. */
export const TYPO_MIN_LENGTH = 4;

/**
 * How well one query word matches one field's words as typed: 3 a whole word, 2 the start of a
 * word (what a person typing has so far), 1 inside a word (three letters or more: "faro" in
 * "elfaro"), 0 not at all.
 */
function exactMatch(word: string, fieldWords: readonly string[]): number {
  let best = 0;
  for (const candidate of fieldWords) {
    if (candidate === word) return 3;
    if (candidate.startsWith(word)) best = 2;
    else if (best === 0 && word.length >= 3 && candidate.includes(word)) best = 1;
  }
  return best;
}

/** At most one letter wrong, missing or extra between two words (Levenshtein distance, `leven`). */
const oneEditApart = (a: string, b: string): boolean => leven(a, b, { maxDistance: 2 }) <= 1;

/**
 * How well a word with one typo matches one field's words: 2 a whole word one letter off
 * ("ultomo" → "ultimo", "sombas" → "sombras", "galaxya" → "galaxia"), 1 the start of a word
 * one letter off (what a person typing has so far: "ultom" → "ultimo"), 0 not at all.
 */
function typoMatch(word: string, fieldWords: readonly string[]): number {
  if (word.length < TYPO_MIN_LENGTH) return 0;
  let best = 0;
  for (const candidate of fieldWords) {
    if (oneEditApart(word, candidate)) return 2;
    // The start of the word as long as the typed one, a letter shorter or a letter longer.
    for (let length = word.length - 1; length <= word.length + 1 && length < candidate.length; length += 1) {
      if (length >= TYPO_MIN_LENGTH - 1 && oneEditApart(word, candidate.slice(0, length))) best = 1;
    }
  }
  return best;
}

/** How a query word is compared: as typed, or forgiving one typo (only when it finds nothing as typed). */
type WordMatch = (word: string, fieldWords: readonly string[]) => number;

/**
 * A movie's score for a normalised query, 0 when it does not match: every word of the query
 * must match some field (at its best field's weight); the title beginning with the whole query
 * or being it counts more. `forgiving` names the query's words that may carry one typo.
 */
export function scoreMovie<M extends SearchableMovie>(
  prepared: PreparedMovie<M>,
  query: string,
  forgiving: ReadonlySet<string> = new Set(),
): number {
  const words = query.split(' ').filter(Boolean);
  if (words.length === 0) return 0;
  let score = 0;
  for (const word of words) {
    const match: WordMatch = forgiving.has(word) ? typoMatch : exactMatch;
    let best = 0;
    for (const field of FIELDS) {
      best = Math.max(best, match(word, prepared.fields[field].words) * FIELD_WEIGHTS[field]);
    }
    if (best === 0) return 0;
    score += best;
  }
  for (const field of ['title', 'originalTitle'] as const) {
    const text = prepared.fields[field].text;
    if (text === query) score += 40;
    else if (text.startsWith(query)) score += 20;
    // "ultimo faro" in "el ultimo faro": the words in their order.
    else if (` ${text} `.includes(` ${query}`)) score += 10;
  }
  return score;
}

/**
 * The query's words that find nothing as typed in any field of any movie: those, and only
 * those, are forgiven one typo. A word spelt right never brings in the near misses of its
 * spelling ("faro" does not find "caro"); one that matches nothing gets its nearest words.
 */
function wordsToForgive<M extends SearchableMovie>(prepared: readonly PreparedMovie<M>[], query: string): Set<string> {
  const forgiving = new Set<string>();
  for (const word of new Set(query.split(' ').filter(Boolean))) {
    const found = prepared.some((entry) => FIELDS.some((field) => exactMatch(word, entry.fields[field].words) > 0));
    if (!found) forgiving.add(word);
  }
  return forgiving;
}

/**
 * The movies matching a query (raw or normalised), best first; ties keep the given order (the
 * index lists movies showing before upcoming ones). At most `limit`.
 */
export function searchMovies<M extends SearchableMovie>(
  prepared: readonly PreparedMovie<M>[],
  rawQuery: string,
  limit = Number.POSITIVE_INFINITY,
): M[] {
  const query = normalizeQuery(rawQuery);
  if (!query) return [];
  const forgiving = wordsToForgive(prepared, query);
  return prepared
    .map((entry, order) => ({ movie: entry.movie, order, score: scoreMovie(entry, query, forgiving) }))
    .filter((result) => result.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((result) => result.movie);
}
