import { contract } from '#shared/contract/contract.ts';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BffApp } from '#bff/app.ts';
import { apiReferenceText } from '#bff/plugins/api-reference.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { API_REFERENCE_FILE } from '#bff/write-api-reference.ts';
import { BFF_ERROR_CODES } from '#shared/views/errors.ts';

/**
 * The BFF's API reference (bff/openapi.json) is generated from the route schemas by
 * `npm run openapi`; this test fails when the checked-in file is not what the routes say now.
 * The app is built here with secrets of its own, so an equal document also shows that no
 * configuration value reaches it.
 */

const secret = (): string => randomBytes(18).toString('base64url');
const secrets = {
  CINEMA_API_KEY: secret(),
  CINEMA_ACTION_KEY: secret(),
  CINEMA_REGISTER_CODE: secret(),
  CINEMA_REGISTRATION_KEY: secret(),
  CAPTCHA_HMAC_KEY: secret(),
  SESSION_KEYS: randomBytes(32).toString('base64'),
};

let app: BffApp;
let fresh: string;
let reference: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ETHICS_LINE_EMAIL: 'etica-prueba@viziona.co', ...secrets }),
  );
  await app.ready();
  fresh = apiReferenceText(app);
  reference = JSON.parse(fresh) as typeof reference;
});
afterAll(async () => {
  await app?.close();
});

describe('the API reference', () => {
  it('is checked in as the route schemas make it (run `npm run openapi` after changing a route)', async () => {
    const checkedIn = await readFile(API_REFERENCE_FILE, 'utf8');
    expect(checkedIn === fresh, 'bff/openapi.json is out of date: run `npm run openapi`').toBe(true);
  });

  it('holds no secret or configuration value', () => {
    for (const [name, value] of Object.entries(secrets)) expect(fresh.includes(value), name).toBe(false);
    expect(fresh).not.toContain('etica-prueba@viziona.co');
  });

  it('covers every endpoint of the contract, and nothing of the operations port', () => {
    const operations = Object.entries(reference.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = Object.keys(contract).map((name) => name.replace(' /', ' /bff/').replace(/:([A-Za-z]+)/g, '{$1}'));
    expect(operations.toSorted()).toEqual(declared.toSorted());
    expect(operations).toContain('GET /bff/booking/{showtimeId}');
    for (const path of Object.keys(reference.paths)) expect(path).toMatch(/^\/bff\//);
    expect(fresh).not.toMatch(/"\/(live|ready|metrics)"/);
    // The operators' routes are reached only through the operations port.
    expect(fresh).not.toContain('/bff/ops/');
  });

  it('declares the error answers of every route with the one error body and its codes', () => {
    expect(reference.components.schemas.ErrorView).toMatchObject({
      properties: { error: { properties: { code: { enum: [...BFF_ERROR_CODES] } } } },
    });
    expect(reference.components.schemas.WaitingRoomRefusal).toMatchObject({
      properties: { error: { properties: { code: { enum: [...BFF_ERROR_CODES] } } }, place: {} },
    });
    const refusals = ['#/components/schemas/ErrorView', '#/components/schemas/WaitingRoomRefusal'];
    for (const [path, item] of Object.entries(reference.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toContain('500');
        for (const status of statuses.filter((code) => Number(code) >= 400)) {
          const schema = operation.responses[status]?.content?.['application/json']?.schema as { $ref?: string };
          expect(refusals, `${method} ${path} ${status}`).toContain(schema?.$ref);
        }
      }
    }
    // The purchase calls the waiting room checks answer its refusal with the place.
    const reserve = reference.paths['/bff/booking/{showtimeId}/reserve']!.post!.responses['429'];
    expect(reserve?.content?.['application/json']?.schema).toEqual({ $ref: refusals[1] });
    // Statuses a route's own rules give, beside those every request can get.
    expect(Object.keys(reference.paths['/bff/payments/card']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '402', '403', '409', '422', '429', '502']),
    );
    expect(Object.keys(reference.paths['/bff/catalogue/movies/{theater}/{slug}']!.get!.responses)).toEqual([
      '200',
      '400',
      '404',
      '500',
      '502',
    ]);
  });
});
