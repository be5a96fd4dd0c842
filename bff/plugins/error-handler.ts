import type { FastifyError, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { BffError, ERROR_MESSAGES, errorAnswers, type ErrorStatus } from '../errors.ts';

/**
 * One error body for everything: `{ error: { code, message, fields? } }`. Details of 5xx
 * errors are logged, never sent. Unknown `/bff/*` paths get a rate-limited 404. Every route's
 * response schema gets the error answers the BFF's plugins give before its handler runs.
 */

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a route can answer before its handler runs: a malformed body or parameter (400), a
 * cross-site request (403, plugins/same-origin.ts), a body too large or of another type (413,
 * 415), a body that fails its schema (422), its rate limit (429) and the unexpected (500).
 */
function requestErrorStatuses(route: RouteOptions): ErrorStatus[] {
  const takesBody = [route.method].flat().some((method) => BODY_METHODS.has(method));
  const statuses: ErrorStatus[] = [500];
  if (takesBody || route.schema?.params || route.schema?.querystring) statuses.push(400);
  if (takesBody) statuses.push(413, 415);
  if (takesBody && route.config?.allowCrossSite !== true) statuses.push(403);
  if (route.schema?.body) statuses.push(422);
  if (route.config?.rateLimit) statuses.push(429);
  return statuses;
}

export const errorHandlerPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const declared: object = typeof route.schema?.response === 'object' && route.schema.response !== null ? route.schema.response : {};
      route.schema = { ...route.schema, response: { ...errorAnswers(...requestErrorStatuses(route)), ...declared } };
    });

    app.setErrorHandler((error: FastifyError | BffError, request, reply) => {
      if (error instanceof BffError) {
        // The cause was logged where it happened (the upstream client); one line suffices here.
        if (error.statusCode >= 500) request.log.warn({ code: error.code }, 'request failed');
        return reply.code(error.statusCode).send(error.toBody());
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          if (field !== '' && !(field in fields)) fields[field] = issue.message ?? ERROR_MESSAGES.validation;
        }
        const isBody = error.validationContext === 'body';
        const failure = isBody
          ? new BffError(422, 'VALIDATION_FAILED', ERROR_MESSAGES.validation, fields)
          : new BffError(400, 'BAD_REQUEST', ERROR_MESSAGES.badRequest, fields);
        return reply.code(failure.statusCode).send(failure.toBody());
      }

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
        return reply.code(500).send(new BffError(500, 'INTERNAL', ERROR_MESSAGES.internal).toBody());
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(new BffError(500, 'INTERNAL', ERROR_MESSAGES.internal).toBody());
      }
      request.log.info({ code: error.code, status }, 'request refused');
      return reply.code(status).send(clientError(status).toBody());
    });

    app.setNotFoundHandler(
      { preHandler: app.rateLimit({ max: 60, timeWindow: '1 minute' }) },
      (_request, reply) => reply.code(404).send(new BffError(404, 'NOT_FOUND', ERROR_MESSAGES.notFound).toBody()),
    );
  },
  { name: 'viziona-error-handler', dependencies: ['viziona-rate-limit'] },
);

function clientError(status: number): BffError {
  switch (status) {
    case 401:
      return new BffError(401, 'UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    case 404:
      return new BffError(404, 'NOT_FOUND', ERROR_MESSAGES.notFound);
    case 413:
      return new BffError(413, 'PAYLOAD_TOO_LARGE', ERROR_MESSAGES.payloadTooLarge);
    case 415:
      return new BffError(415, 'UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.unsupportedMediaType);
    case 429:
      return new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.rateLimited);
    default:
      return new BffError(status, 'BAD_REQUEST', ERROR_MESSAGES.badRequest);
  }
}
