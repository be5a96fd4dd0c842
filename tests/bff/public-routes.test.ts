import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillboardViewSchema } from '../../shared/views/billboard.ts';
import { call, startStack, type Stack } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

describe('public reads', () => {
  it('reports health', async () => {
    const answer = await call(stack.app, 'GET', '/bff/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('answers the settings parsed, the popup whole', async () => {
    const answer = await call(stack.app, 'GET', '/bff/settings');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ticket_servicio: 2000,
      confiteria_servicio: 1000,
      maximo_entradas: 10,
      membresia_valor: 60000,
      membresia_servicio: 3000,
      popup: expect.objectContaining({ value: expect.any(String) }),
    });
    expect(answer.headers['cache-control']).toMatch(/^public/);
  });

  it('answers the two footer groups in order', async () => {
    const answer = await call(stack.app, 'GET', '/bff/content/footer');
    expect(answer.status).toBe(200);
    const body = answer.body as { groups: Array<{ type: string; links: Array<{ id: number; title: string; slug: string }> }> };
    expect(body.groups.map((group) => group.type)).toEqual(['pie-de-pagina-1', 'pie-de-pagina-2']);
    expect(body.groups.flatMap((group) => group.links).length).toBeGreaterThan(0);
    for (const link of body.groups.flatMap((group) => group.links)) {
      expect(Object.keys(link).sort()).toEqual(['id', 'slug', 'title']);
    }
  });

  it('answers a content page by slug, and 404 for an unknown one', async () => {
    const page = await call(stack.app, 'GET', '/bff/content/pages/terminos-y-condiciones');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ slug: 'terminos-y-condiciones', title: expect.any(String), html: expect.any(String) });
    expect((page.body as { html: string }).html).not.toMatch(/<script/i);

    const missing = await call(stack.app, 'GET', '/bff/content/pages/no-existe');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' } });

    const invalid = await call(stack.app, 'GET', '/bff/content/pages/..%2Fsettings');
    expect(invalid.status).toBe(400);
  });

  it('answers the billboard of the first available day by default', async () => {
    const answer = await call(stack.app, 'GET', '/bff/catalogue/billboard');
    expect(answer.status).toBe(200);
    const view = BillboardViewSchema.parse(answer.body);
    expect(view.theater).toBe('viziona');
    expect(view.dates.length).toBeGreaterThanOrEqual(7);
    expect(view.date).toBe(view.dates[0]!.date);
    expect(view.movies.length).toBeGreaterThan(0);
    for (const movie of view.movies) {
      expect(movie.poster).toMatch(/^https?:\/\//);
      expect(movie.groups.length).toBeGreaterThan(0);
      for (const group of movie.groups) {
        expect(group.hours.length).toBeGreaterThan(0);
        const hours = group.hours.map((hour) => hour.hour);
        expect(hours).toEqual([...hours].sort());
      }
    }
  });

  it('answers the billboard of a chosen day with only that day’s showtimes', async () => {
    const first = BillboardViewSchema.parse((await call(stack.app, 'GET', '/bff/catalogue/billboard')).body);
    const date = first.dates[2]!.date;
    const answer = await call(stack.app, 'GET', `/bff/catalogue/billboard?date=${date}`);
    const view = BillboardViewSchema.parse(answer.body);
    expect(view.date).toBe(date);
    for (const movie of view.movies) {
      for (const group of movie.groups) {
        for (const hour of group.hours) expect(hour.startsAt.startsWith(date)).toBe(true);
      }
    }
    const bad = await call(stack.app, 'GET', '/bff/catalogue/billboard?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'BAD_REQUEST', fields: { date: 'La fecha no es válida' } } });
  });
});
