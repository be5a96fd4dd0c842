import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The BFF's API reference, generated from the route schemas (`@fastify/swagger` with the zod
 * provider's transform): every route of the public port with its parameters, body and
 * answers, errors included. Nothing is served: `npm run openapi` writes it to
 * `bff/openapi.json` and a test fails when that file differs from the routes. Registered
 * before the routes, which it collects as they are added.
 */
export const apiReferencePlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Viziona BFF',
          version: '1.0.0',
          description:
            'The backend for the frontend of the Viziona website: what the browser and the site call under /bff. ' +
            'Errors answer `{ error: { code, message, fields? } }`; every non-GET request needs the header ' +
            '`X-Viziona-Client: web` and must be same-origin (bff/README.md).',
        },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'viziona-api-reference' },
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every error answer carries one of two body schemas: the error (`ErrorView`), or the error
 * with the person's place in a presale waiting room (`WaitingRoomRefusal`, the answers of the
 * purchase calls the waiting room checks). Each is written once, as a component, and
 * referenced wherever a route's generated error schema is that one.
 */
function referenceErrorBodies(document: Record<string, unknown>): void {
  const bodies = new Map<string, string>();
  for (const item of Object.values(isRecord(document.paths) ? document.paths : {})) {
    for (const operation of Object.values(isRecord(item) ? item : {})) {
      const responses = isRecord(operation) && isRecord(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const media =
          isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined;
        if (Number(status) < 400 || !isRecord(media) || !isRecord(media.schema)) continue;
        const { description: _shownOnTheAnswer, ...schema } = media.schema;
        const name = isRecord(schema.properties) && 'place' in schema.properties ? 'WaitingRoomRefusal' : 'ErrorView';
        const text = JSON.stringify(schema);
        if (!bodies.has(name)) bodies.set(name, text);
        if (text === bodies.get(name)) media.schema = { $ref: `#/components/schemas/${name}` };
      }
    }
  }
  if (bodies.size === 0) return;
  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  const named = Object.fromEntries([...bodies].map(([name, text]) => [name, JSON.parse(text) as unknown]));
  document.components = { ...components, schemas: { ...schemas, ...named } };
}

/** The reference as the JSON text checked in at bff/openapi.json: paths in order, stable between runs. */
export function apiReferenceText(app: FastifyInstance): string {
  const document: unknown = JSON.parse(JSON.stringify(app.swagger()));
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error('the API reference has no paths');
  const { paths } = document;
  document.paths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, paths[path]]),
  );
  referenceErrorBodies(document);
  return `${JSON.stringify(document, null, 2)}\n`;
}
