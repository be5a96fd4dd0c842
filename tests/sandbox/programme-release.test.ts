import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieShowtimesAnswer } from '#shared/cinema-api/catalogue.ts';
import { TOMORROW, startSandbox, type Sandbox } from './harness.ts';

/** `POST /sandbox/movies/{slug}/showtimes`: a release's tickets go on sale (the "Avísame" tests). */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const showtimesOf = async (slug: string) =>
  (await sandbox.call<MovieShowtimesAnswer>(`movies/theater/viziona/${slug}/showtimes`)).body.data.showtimes;

describe('programming a release', () => {
  it('gives a release without showtimes one tomorrow on the sandbox clock, at a free hour each time', async () => {
    const slug = 'el-secreto-de-la-abuela';
    expect(await showtimesOf(slug)).toEqual([]);
    const first = await sandbox.tool<{ id: number; date: string }>(`movies/${slug}/showtimes`, {
      method: 'POST',
    });
    const second = await sandbox.tool<{ id: number; date: string }>(`movies/${slug}/showtimes`, {
      method: 'POST',
    });
    expect(first.status).toBe(200);
    expect(first.body.date).toBe(TOMORROW);
    expect(second.body.id).not.toBe(first.body.id);
    const listed = await showtimesOf(slug);
    expect(listed.map((showtime) => showtime.id).sort()).toEqual([first.body.id, second.body.id].sort());
    expect(listed.every((showtime) => showtime.function_date === TOMORROW)).toBe(true);
  });

  it('answers 404 for a movie it does not have', async () => {
    const answer = await sandbox.tool('movies/no-existe/showtimes', { method: 'POST' });
    expect(answer.status).toBe(404);
  });
});
