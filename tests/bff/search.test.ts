import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVIES } from '#sandbox/db/seed/movies.ts';
import { prepareMovies, searchMovies } from '#shared/search/movie-search.ts';
import type { SearchIndexView } from '#shared/views/search.ts';
import { call, startStack, type Stack } from './harness.ts';

/**
 * `GET /bff/search/movies`: the search index of the header's suggestions and the /buscar
 * page, built from the cinema API's billboard and releases (against the sandbox).
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

const readIndex = async (): Promise<SearchIndexView> => {
  const answer = await call(stack.app, 'GET', '/bff/search/movies');
  expect(answer.status).toBe(200);
  return answer.body as SearchIndexView;
};

describe('the search index', () => {
  it('lists the movies showing and every release, with titles, genre and director, showing first', async () => {
    const index = await readIndex();
    const showing = (await call(stack.app, 'GET', '/bff/catalogue/movies')).body as { movies: Array<{ slug: string }> };
    const releases = (await call(stack.app, 'GET', '/bff/catalogue/releases')).body as {
      releases: Array<{ slug: string; presale: boolean }>;
    };
    expect(index.theater).toBe('viziona');
    expect(index.movies.map((movie) => movie.slug)).toEqual([
      ...showing.movies.map((movie) => movie.slug),
      ...releases.releases.map((release) => release.slug),
    ]);
    for (const release of releases.releases) {
      const entry = index.movies.find((movie) => movie.slug === release.slug)!;
      expect(entry.status).toBe(release.presale ? 'presale' : 'upcoming');
    }
    // Releases carry the original title and director too (read from the movie, not the release list).
    for (const entry of index.movies) {
      const seed = MOVIES.find((movie) => movie.slug === entry.slug)!;
      expect(entry).toMatchObject({
        title: seed.title,
        originalTitle: seed.original_title,
        genre: seed.gender,
        director: seed.director,
      });
      expect(entry.releaseDateText).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    }
  });

  it('is what the search matches: "ultimo faro", an original title, a genre and a director', async () => {
    const prepared = prepareMovies((await readIndex()).movies);
    expect(searchMovies(prepared, 'ultimo faro')[0]?.title).toBe('El Último Faro');
    // One typo per word forgiven (issue 38).
    expect(searchMovies(prepared, 'ultomo faro').map((movie) => movie.title)).toEqual(['El Último Faro']);
    expect(searchMovies(prepared, 'galaxya perdida').map((movie) => movie.title)).toEqual(['Galaxia Perdida']);
    expect(searchMovies(prepared, 'sombas del pasado').map((movie) => movie.title)).toEqual(['Sombras del Pasado']);
    expect(searchMovies(prepared, 'solar storm')[0]).toMatchObject({ title: 'Tormenta Solar', status: 'presale' });
    expect(searchMovies(prepared, 'oyelaran').map((movie) => movie.slug)).toEqual([
      'galaxia-perdida',
      'tormenta-solar',
    ]);
    expect(searchMovies(prepared, 'ciencia ficcion').length).toBeGreaterThanOrEqual(2);
  });

  it('is a public read: shareable, tagged, answered 304 to its tag, and small', async () => {
    const first = await call(stack.app, 'GET', '/bff/search/movies');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(first.headers['set-cookie']).toBeUndefined();
    const again = await call(stack.app, 'GET', '/bff/search/movies', {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(Buffer.byteLength(first.text)).toBeLessThan(8_000);
  });

  it('answers any query, hostile ones included, with a redirect to its one address (one cache entry)', async () => {
    const queries = [
      '?q=ultimo%20faro',
      `?q=${'a'.repeat(6_000)}`,
      '?q=%00%01%1B%5B31m',
      `?${Array.from({ length: 500 }, (_, index) => `q${index}=${index}`).join('&')}`,
    ];
    for (const query of queries) {
      const answer = await call(stack.app, 'GET', `/bff/search/movies${query}`);
      expect(answer.status, query.slice(0, 40)).toBe(301);
      expect(answer.headers.location).toBe('/bff/search/movies');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('comes from the catalogue cache: searches cost the cinema API nothing once it is read', async () => {
    await readIndex();
    expect((await call(stack.app, 'GET', '/bff/search/movies')).headers['x-cache']).toBe('HIT');
  });
});
