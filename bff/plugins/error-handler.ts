import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { BffError, ERROR_MESSAGES } from '../errors.ts';

/**
 * One error body for everything: `{ error: { code, message, fields? } }`. Details of 5xx
 * errors are logged, never sent. Unknown `/bff/*` paths get a rate-limited 404.
 */

export const errorHandlerPlugin = fp(
  async (app) => {
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
