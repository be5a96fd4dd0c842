import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyAction, type WaitingRoomEvent } from '#shared/waiting-room/event.ts';
import { BffError, errorAnswers, notFound } from '#bff/errors.ts';
import {
  ActionParamsSchema,
  ChangeEventBodySchema,
  CreateEventBodySchema,
  EventParamsSchema,
  OperatorEventViewSchema,
  RevokeBodySchema,
  toOperatorView,
} from './operator-views.ts';

/**
 * The operators' side of the waiting room, reached only through the operations port
 * (`http://<replica>:OPS_PORT/waiting-room/...`, forwarded here as `/bff/ops/...`; see
 * plugins/operator-access.ts; app.ts registers them) and the CLI (`npm run waiting-room`,
 * operator-cli.ts). Any replica answers for all: the events and queues are in the shared
 * store, and the other replicas read a change within two seconds. Not in the public API
 * reference.
 */
export const waitingRoomOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.operatorAccess.requireOperator);
  const { service } = app.waitingRoom;

  async function eventOf(id: string): Promise<WaitingRoomEvent> {
    const event = (await service.store.listEvents()).find((known) => known.id === id);
    if (!event) throw notFound('No hay un evento con ese id.');
    return event;
  }

  async function save(event: WaitingRoomEvent) {
    await service.store.saveEvent(event);
    service.registry.remember(event);
    const now = service.now();
    return toOperatorView(event, await service.store.figures(event.id, now), now);
  }

  const EventsViewSchema = z.object({ events: z.array(OperatorEventViewSchema) });

  app.get('/ops/waiting-room/events', { schema: { hide: true, response: { 200: EventsViewSchema } } }, async () => {
    const now = service.now();
    const events = await service.store.listEvents();
    const views = await Promise.all(
      events.map(async (event) => toOperatorView(event, await service.store.figures(event.id, now), now)),
    );
    return { events: views.sort((a, b) => a.saleStartsAt.localeCompare(b.saleStartsAt)) };
  });

  app.post(
    '/ops/waiting-room/events',
    {
      schema: {
        hide: true,
        body: CreateEventBodySchema,
        response: { 201: OperatorEventViewSchema, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const existing = (await service.store.listEvents()).find((known) => known.id === body.id);
      if (existing) throw new BffError(409, 'OPERATION_REFUSED', 'Ya existe un evento con ese id: usa otro.');
      const event: WaitingRoomEvent = { ...body, state: 'scheduled', createdAt: service.now() };
      reply.code(201);
      return save(event);
    },
  );

  app.get(
    '/ops/waiting-room/events/:id',
    {
      schema: {
        hide: true,
        params: EventParamsSchema,
        response: { 200: OperatorEventViewSchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      const event = await eventOf(request.params.id);
      const now = service.now();
      return toOperatorView(event, await service.store.figures(event.id, now), now);
    },
  );

  app.patch(
    '/ops/waiting-room/events/:id',
    {
      schema: {
        hide: true,
        params: EventParamsSchema,
        body: ChangeEventBodySchema,
        response: { 200: OperatorEventViewSchema, ...errorAnswers(404, 409) },
      },
    },
    async (request) => {
      const event = await eventOf(request.params.id);
      if (event.state === 'ended') throw new BffError(409, 'OPERATION_REFUSED', 'El evento ya terminó.');
      const changed = { ...event, ...request.body };
      if (changed.preQueueStartsAt > changed.saleStartsAt)
        throw new BffError(409, 'OPERATION_REFUSED', 'La fila previa no puede empezar después de la venta.');
      return save(changed);
    },
  );

  app.post(
    '/ops/waiting-room/events/:id/:action',
    {
      schema: {
        hide: true,
        params: ActionParamsSchema,
        response: { 200: OperatorEventViewSchema, ...errorAnswers(404, 409) },
      },
    },
    async (request) => {
      const event = await eventOf(request.params.id);
      const result = applyAction(event, request.params.action, service.now());
      if (!result.ok) throw new BffError(409, 'OPERATION_REFUSED', `No es posible: ${result.reason}.`);
      return save(result.event);
    },
  );

  app.post(
    '/ops/waiting-room/events/:id/passes/revoke',
    {
      schema: {
        hide: true,
        params: EventParamsSchema,
        body: RevokeBodySchema,
        response: { 200: z.object({ revoked: z.boolean(), ticket: z.string().nullable() }), ...errorAnswers(404) },
      },
    },
    async (request) => {
      const event = await eventOf(request.params.id);
      const { ticket: named, email } = request.body;
      const ticket = named ?? (email ? await service.store.ticketOfAccount(event.id, email.toLowerCase()) : null);
      if (!ticket) return { revoked: false, ticket: null };
      return { revoked: await service.endPass(event.id, ticket, 'revoked'), ticket };
    },
  );
};
