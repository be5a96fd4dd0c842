import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { phaseOf, type WaitingRoomEvent, type WaitingRoomPhase } from '#shared/waiting-room/event.ts';
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
 * bff/decisions/waiting-room.md). The purchase routes gain one hook each,
 * `preHandler: app.waitingRoom.requirePass`, on every hold, reservation and payment call of a
 * showtime (429 with `Retry-After` and the place without a pass; their contract entries declare
 * that answer, `HELD_BY_WAITING_ROOM`). A sale that went through ends the buyer's pass: the
 * waiting room listens to the payments floor's "sale settled" (`app.payments.onSaleSettled`).
 * A showtime's movie comes from the booking's one cache of the room (`app.booking.sources`).
 * With no event running, a purchase asks the store nothing.
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
  /** The events open to arrivals now (pre-queue, sale, pause or free), as this replica holds them. */
  openEvents(): readonly WaitingRoomEvent[];
}

/** Phases in which a waiting room is open to arrivals. */
const OPEN_PHASES: ReadonlySet<WaitingRoomPhase> = new Set(['prequeue', 'selling', 'paused', 'free']);

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
      movieOf: createShowtimeMovies(app.booking.sources),
      now,
      log: app.log,
    });

    async function requirePass(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const showtimeId = showtimeOf(request);
      if (showtimeId !== null) await service.requirePass(request, reply, showtimeId);
    }

    // A sale that went through spends the buyer's pass: the next buyer's turn comes sooner.
    app.payments.onSaleSettled(async ({ request, reply }) => {
      const pass = request.waitingRoomPass;
      if (!pass) return;
      await service.endPass(pass.eventId, pass.ticket, 'used').catch((error: unknown) => {
        request.log.warn({ err: error }, 'waiting room: pass not ended after the sale');
      });
      service.clearPassCookie(reply);
    });

    const openEvents = () => registry.events.filter((event) => OPEN_PHASES.has(phaseOf(event, now())));

    app.decorateRequest('waitingRoomPass', null);
    app.decorate('waitingRoom', { service, requirePass, openEvents });

    await registry.refresh();
    let stopTicker = () => {};
    app.addHook('onReady', async () => {
      stopTicker = startTicker({ service, metrics, now, tickMs: options.tickMs ?? 1_000, log: app.log });
    });
    app.addHook('onClose', async () => stopTicker());
  },
  {
    name: 'viziona-waiting-room',
    dependencies: ['viziona-config', 'viziona-redis', 'viziona-metrics', 'viziona-booking', 'viziona-payments'],
  },
);
