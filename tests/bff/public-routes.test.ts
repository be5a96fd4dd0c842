import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
