import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { encodeSeatStates } from '#shared/booking/seat-map.ts';
import type { SeatStatesEvent } from '#shared/views/booking.ts';
import { createBookingSources, type BookingSources } from '#bff/purchase/common/booking-sources.ts';
import { BookingViewParts } from './booking-view-parts.ts';
import { RoomStatusHub } from './room-status-hub.ts';
import { StreamSlots } from './stream-slots.ts';

/**
 * What the purchase routes share in one BFF process: the upstream reads with their caches
 * and the room-status hub (one poll per watched showtime). What replicas must share (holds,
 * locks, payment outcomes) is in `app.sharedStore`.
 */
/** How often the BFF asks the cinema API for a watched room's status (one poll per showtime). */
export const ROOM_STATUS_POLL_MS = 2000;

interface BookingServices {
  sources: BookingSources;
  statusHub: RoomStatusHub;
  /** What every person's booking view of a showtime shares, serialised once per change. */
  parts: BookingViewParts;
  /** Open live seat streams per person and per address (capped). */
  streams: StreamSlots;
}

declare module 'fastify' {
  interface FastifyInstance {
    booking: BookingServices;
  }
}

interface BookingPluginOptions {
  /** Room status poll interval, also how long one status answer is shared. */
  statusPollMs?: number;
}

export const bookingPlugin = fp(
  async (app, options: BookingPluginOptions) => {
    const sources = createBookingSources(app.upstream);
    const parts = new BookingViewParts({ lonelySeatRule: app.config.lonelySeatRule });
    const pollMs = options.statusPollMs ?? ROOM_STATUS_POLL_MS;
    const statusHub = new RoomStatusHub({
      freshMs: pollMs,
      pollMs,
      fetch: (request, showtimeId) => sources.roomStatus(request, showtimeId),
      async toEvent(request, showtimeId, rows) {
        const data = await sources.bookingData(request, showtimeId);
        const event: SeatStatesEvent = { rows: encodeSeatStates(parts.seatMap(showtimeId, data, rows).map) };
        return JSON.stringify(event);
      },
    });
    app.decorate('booking', { sources, statusHub, parts, streams: new StreamSlots() });
    new Gauge({
      name: 'viziona_bff_seat_streams_open',
      help: 'Live seat-map streams open on this replica',
      registers: [app.metrics.registry],
      collect() {
        this.set(statusHub.openStreams);
      },
    });
    // Before the server closes: open event streams would otherwise keep it waiting.
    app.addHook('preClose', async () => statusHub.close());
  },
  {
    name: 'viziona-booking',
    dependencies: ['viziona-config', 'viziona-upstream', 'viziona-shared-store', 'viziona-metrics'],
  },
);
