import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionViewSchema } from '../../shared/views/session.ts';
import { sessionView } from '../plugins/session.ts';

/** `GET /bff/session`: who is logged in, from the sealed cookie alone (no upstream call). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/session',
    { schema: { response: { 200: SessionViewSchema } } },
    async (request) => sessionView(request.auth),
  );
};

export default sessionRoutes;
