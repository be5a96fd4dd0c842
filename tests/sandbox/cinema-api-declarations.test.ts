import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '#sandbox/app.ts';
import { refuseUndeclaredRoutes } from '#sandbox/routes/serve.ts';
import { cinemaApi, cinemaNames, type CinemaName } from '#shared/cinema-api/api.ts';
import { cinemaMethodOf, cinemaTemplateOf, type CinemaCall } from '#shared/cinema-api/call.ts';
import { findCinemaPathLiterals } from './cinema-path-literals.ts';

/**
 * The cinema API is declared once (shared/cinema-api/api.ts): the sandbox serves every
 * declaration and nothing else, the BFF makes every call it declares, and no path is written
 * anywhere else.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const declared = (name: CinemaName): CinemaCall => cinemaApi[name];

/** The running BFF's sources: the operator's conformance check (bff/upstream-check) asks every call, so it proves none. */
function bffSources(dir = join(ROOT, 'bff')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'upstream-check' ? [] : bffSources(path);
    return entry.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the cinema API declarations', () => {
  const sandbox = buildSandbox();
  beforeAll(() => sandbox.ready());
  afterAll(() => sandbox.close());

  it('each have a route of the sandbox', () => {
    const missing = cinemaNames.filter(
      (name) => !sandbox.hasRoute({ method: cinemaMethodOf(name), url: `/api/v1/${cinemaTemplateOf(name)}` }),
    );
    expect(missing).toEqual([]);
  });

  it('are the only routes the sandbox can serve under /api/v1', () => {
    const api = Fastify();
    api.register(async (scope) => {
      refuseUndeclaredRoutes(scope);
      scope.get('/movies/:slug/trailer', async () => ({}));
    });
    return expect(api.ready()).rejects.toThrow(/served from its declaration/);
  });

  it('each have a caller in the BFF, unless they say why not', () => {
    const code = bffSources().join('\n');
    const called = (name: CinemaName) => code.includes(`'${name}'`);
    const uncalled = cinemaNames.filter((name) => declared(name).notCalledByBff === undefined && !called(name));
    expect(uncalled).toEqual([]);
    // A call the BFF makes says so: its reason not to is then stale.
    const calledAnyway = cinemaNames.filter((name) => declared(name).notCalledByBff !== undefined && called(name));
    expect(calledAnyway).toEqual([]);
  });

  it('name each path parameter once, in the path and in its schema', () => {
    const mismatched = cinemaNames.filter((name) => {
      const inPath = [...cinemaTemplateOf(name).matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
      const inSchema = Object.keys(declared(name).params?.shape ?? {}).sort();
      return JSON.stringify(inPath) !== JSON.stringify(inSchema);
    });
    expect(mismatched).toEqual([]);
  });

  it('declare the refusals their auth and secret headers bring', () => {
    const undeclared = cinemaNames.filter((name) => {
      const call = declared(name);
      return (
        (call.auth === 'bearer' && !call.errors.includes(401)) ||
        (call.secretHeader !== undefined && !call.errors.includes(403)) ||
        (call.params !== undefined && call.body === undefined && call.query === undefined && !call.errors.includes(404))
      );
    });
    expect(undeclared).toEqual([]);
  });

  it('are the only place a cinema API path is written', () => {
    const literals = findCinemaPathLiterals(ROOT, ['bff', 'sandbox', 'site', 'docker']).map(
      (literal) => `${literal.file}:${literal.line} ${literal.text}`,
    );
    expect(literals).toEqual([]);
  });
});
