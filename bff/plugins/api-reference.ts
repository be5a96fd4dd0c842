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

const ERROR_VIEW_REF = '#/components/schemas/ErrorView';

/**
 * Every error answer carries the same body schema: it is written once, as the component
 * `ErrorView`, and referenced (by comparing the generated schemas, so it does not depend on
 * which copy of a module a route's schema came from).
 */
function referenceErrorView(document: Record<string, unknown>): void {
  let errorView: string | undefined;
  for (const item of Object.values(isRecord(document.paths) ? document.paths : {})) {
    for (const operation of Object.values(isRecord(item) ? item : {})) {
      const responses = isRecord(operation) && isRecord(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const media = isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined;
        if (Number(status) < 400 || !isRecord(media) || !isRecord(media.schema)) continue;
        const { description: _shownOnTheAnswer, ...schema } = media.schema;
        const text = JSON.stringify(schema);
        errorView ??= text;
        if (text === errorView) media.schema = { $ref: ERROR_VIEW_REF };
      }
    }
  }
  if (errorView === undefined) return;
  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  document.components = { ...components, schemas: { ...schemas, ErrorView: JSON.parse(errorView) } };
}

/** The reference as the JSON text checked in at bff/openapi.json: paths in order, stable between runs. */
export function apiReferenceText(app: FastifyInstance): string {
  const document: unknown = JSON.parse(JSON.stringify(app.swagger()));
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error('the API reference has no paths');
  const { paths } = document;
  document.paths = Object.fromEntries(Object.keys(paths).sort().map((path) => [path, paths[path]]));
  referenceErrorView(document);
  return `${JSON.stringify(document, null, 2)}\n`;
}
