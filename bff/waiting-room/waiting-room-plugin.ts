import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { PAY_STATUS_PENDING } from '#shared/booking/constants.ts';
import { WaitingRoomRefusalSchema } from '#shared/views/waiting-room.ts';
import { waitingRoomCookies } from './cookies.ts';
import { JoinBatcher } from './join-batcher.ts';
import { createMemoryWaitingRoomStore } from './store/memory-store.ts';
import { createWaitingRoomMetrics } from './metrics.ts';
import { createRedisWaitingRoomStore } from './store/redis-store.ts';
import { EventRegistry } from './registry.ts';
import { WaitingRoomService } from './service.ts';
import { createShowtimeMovies } from './showtime-movies.ts';
import type { WaitingRoomStore } from './store/store.ts';
import { startTicker } from './ticker.ts';
import { createTokenSealer } from './tokens.ts';

/**
 * The presale waiting room as every feature sees it (`app.waitingRoom`; decisions:
 * bff/decisions/waiting-room.md). The purchase routes gain one hook each:
 * `preHandler: app.waitingRoom.requirePass` on every hold, reservation and payment call of a
 * showtime (429 with `Retry-After` and the place without a pass), and the payments also
 * `onSend: app.waitingRoom.endPassOnSale`. The waiting room's own routes are in
 * bff/waiting-room/. With no event running, a purchase asks the store nothing.
 */

export interface WaitingRoomOptions {
  store?: WaitingRoomStore;
  now?: () => number;
  /** How often each replica runs an admission round (and reads the events every other round). */
  tickMs?: number;
}

interface WaitingRoom {
  service: WaitingRoomService;
  requirePass(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  endPassOnSale(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    waitingRoom: WaitingRoom;
  }
}

/** The showtime a purchase call names: in its path, or in its body (payments). */
function showtimeOf(request: FastifyRequest): number | null {
  const fromParams = (request.params as { showtimeId?: unknown } | undefined)?.showtimeId;
  const fromBody = (request.body as { showtimeId?: unknown } | undefined)?.showtimeId;
  const id = Number(fromParams ?? fromBody);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Whether a payment's answer says it went through (accepted, or pending with the provider). */
function isSale(payload: unknown): boolean {
  try {
    const answer = JSON.parse(String(payload)) as { accepted?: boolean; status?: { id?: number } };
    return answer.accepted === true || answer.status?.id === PAY_STATUS_PENDING;
  } catch {
    return false;
  }
}

const hooksOf = (value: RouteOptions['preHandler']): unknown[] => (value === undefined ? [] : [value].flat());

export const waitingRoomPlugin = fp(
  async (app, options: WaitingRoomOptions) => {
    const now = options.now ?? Date.now;
    const store =
      options.store ?? (app.redis ? createRedisWaitingRoomStore(app.redis) : createMemoryWaitingRoomStore());
    const registry = new EventRegistry(store, app.log);
    // The gauges read the service's pulses when Prometheus asks, long after both exist.
    const metrics = createWaitingRoomMetrics(app.metrics.registry, () => service.pulses());
    const service = new WaitingRoomService({
      store,
      registry,
      tokens: createTokenSealer(app.config.sessionKeys),
      cookies: waitingRoomCookies(app.config.secureCookies),
      batcher: new JoinBatcher(store, {
        now,
        addressLimit: {
          max: app.config.waitingRoomNewPlacesPerAddress * app.config.rateLimitFactor,
          windowMs: 60_000,
          liveMax: app.config.waitingRoomLivePlacesPerAddress * app.config.rateLimitFactor,
        },
      }),
      metrics,
      movieOf: createShowtimeMovies(app),
      now,
      log: app.log,
    });

    async function requirePass(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const showtimeId = showtimeOf(request);
      if (showtimeId !== null) await service.requirePass(request, reply, showtimeId);
    }

    async function endPassOnSale(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const pass = request.waitingRoomPass;
      if (pass && reply.statusCode === 200 && isSale(payload)) {
        await service.endPass(pass.eventId, pass.ticket, 'used').catch((error: unknown) => {
          request.log.warn({ err: error }, 'waiting room: pass not ended after the sale');
        });
        service.clearPassCookie(reply);
      }
      return payload;
    }

    app.decorateRequest('waitingRoomPass', null);
    app.decorate('waitingRoom', { service, requirePass, endPassOnSale });

    // A route checked by the waiting room answers its refusal with the place (and the
    // reference says so); the error handler's onRoute ran before this one.
    app.addHook('onRoute', (route) => {
      if (!hooksOf(route.preHandler).includes(requirePass)) return;
      const response =
        typeof route.schema?.response === 'object' && route.schema.response !== null ? route.schema.response : {};
      route.schema = {
        ...route.schema,
        response: {
          ...response,
          429: WaitingRoomRefusalSchema.describe(
            'Too many requests (RATE_LIMITED); or a presale waiting room holds this showtime and this person has no pass yet (WAITING_ROOM: `place` says where they stand, `Retry-After` when to ask again) or it cannot be read now (WAITING_ROOM_CLOSED).',
          ),
        },
      };
    });

    await registry.refresh();
    let stopTicker = () => {};
    app.addHook('onReady', async () => {
      stopTicker = startTicker({ service, metrics, now, tickMs: options.tickMs ?? 1_000, log: app.log });
    });
    app.addHook('onClose', async () => stopTicker());
  },
  {
    name: 'viziona-waiting-room',
    dependencies: ['viziona-config', 'viziona-redis', 'viziona-metrics', 'viziona-upstream', 'viziona-error-handler'],
  },
);
