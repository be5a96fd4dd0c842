import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ETHICS_ATTACHMENT_RULES,
  EthicsFieldsSchema,
  PQR_ATTACHMENT_RULES,
  PqrFieldsSchema,
} from '../../shared/validation/service-forms.ts';
import { EthicsLineViewSchema, ServiceFormReceiptSchema } from '../../shared/views/service-forms.ts';
import { PUBLIC_CACHE } from '../plugins/cache-headers.ts';
import { relayServiceForm } from './relay-submission.ts';
import { readEthicsFields, readPqrFields, toEthicsUpstreamFields, toPqrUpstreamFields } from './service-form-fields.ts';
import { errorAnswers } from '../errors.ts';

/**
 * The service forms: `POST /bff/forms/pqr` (/contactanos) and `POST /bff/forms/ethics`
 * (/linea-etica), and `GET /bff/forms/ethics-line` (the configured ethics-line address). Both
 * take multipart/form-data: the fields of our own schemas by their names (a checkbox as
 * 'true'), text first, then the files as `attachments[]`; the BFF maps them to the cinema
 * API's fields (service-form-fields.ts) and relays them as a stream (relay-submission.ts).
 * Multipart parsing is enabled in this scope only: no other BFF route accepts it.
 */

/** Per client address; a person sends a handful, a script hits the wall fast. */
const FORM_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;

const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('parts')) {
    // The real limits are set per form on each request; these only bound a stray caller.
    await app.register(fastifyMultipart, { limits: { fileSize: 0, files: 0, fields: 0, parts: 0 } });
  }

  app.get(
    '/forms/ethics-line',
    { config: { cache: PUBLIC_CACHE }, schema: { response: { 200: EthicsLineViewSchema } } },
    async () => ({ email: app.config.ethicsLineEmail }),
  );

  app.post(
    '/forms/pqr',
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: { response: { 201: ServiceFormReceiptSchema, ...errorAnswers(422, 502) } },
    },
    async (request, reply) => {
      const receipt = await relayServiceForm(app, request, {
        upstreamPath: 'pqrs',
        rules: PQR_ATTACHMENT_RULES,
        schema: PqrFieldsSchema,
        readFields: readPqrFields,
        toUpstreamFields: toPqrUpstreamFields,
      });
      return reply.code(201).send(receipt);
    },
  );

  app.post(
    '/forms/ethics',
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: { response: { 201: ServiceFormReceiptSchema, ...errorAnswers(422, 502) } },
    },
    async (request, reply) => {
      const receipt = await relayServiceForm(app, request, {
        upstreamPath: 'ethics',
        rules: ETHICS_ATTACHMENT_RULES,
        schema: EthicsFieldsSchema,
        readFields: readEthicsFields,
        toUpstreamFields: toEthicsUpstreamFields,
      });
      return reply.code(201).send(receipt);
    },
  );
};

export default formsRoutes;
