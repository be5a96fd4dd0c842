import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BffError, ERROR_MESSAGES } from '#bff/errors.ts';
import { clientNetwork } from '#bff/plugins/client-network.ts';
import { customerOf } from '#bff/plugins/session-guard.ts';
import { followHold } from './hold-presence.ts';

/** How often an open event stream sends a comment line, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * Live seat states and the person's hold: server-sent events (`seats`, `hold`) fed by the
 * shared room-status poll. The stream's life is tied to the socket from the first line: a
 * client that leaves while the showtime is still being read, or whose socket fails a write,
 * leaves no watcher behind.
 */
export async function openSeatStream(
  app: Pick<FastifyInstance, 'booking' | 'sharedStore'>,
  request: FastifyRequest,
  reply: FastifyReply,
  showtimeId: number,
): Promise<void> {
  const raw = reply.raw;
  const release = app.booking.streams.take(
    `person:${customerOf(request).user.email}`,
    `ip:${clientNetwork(request.ip)}`,
  );
  if (!release) throw new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.tooManyStreams);
  let open = true;
  /** True once the stream's head is written: from then on the answer is ours to end. */
  let streaming = false;
  const stops: Array<() => void> = [];
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const end = () => {
    if (!open) return;
    open = false;
    release();
    clearInterval(heartbeat);
    for (const stop of stops) stop();
    // Before the head, the answer is Fastify's error answer (ending it here sent an empty 200
    // for an unknown showtime); after it, ending closes the stream cleanly (the last chunk).
    if (streaming && !raw.destroyed) raw.end();
  };
  const write = (text: string) => {
    if (!open) return;
    if (raw.destroyed || raw.writableEnded) return end();
    raw.write(text, (error) => {
      if (error) end();
    });
  };
  raw.once('close', end);
  raw.on('error', end);

  try {
    // Unknown showtimes fail here with a normal error answer, before the stream opens.
    await app.booking.sources.bookingData(request, showtimeId);
  } catch (error) {
    end();
    throw error;
  }
  if (!open || raw.destroyed || request.raw.socket?.destroyed) {
    // The client left while the showtime was read: nobody to answer.
    end();
    reply.hijack();
    raw.destroy();
    return;
  }

  reply.hijack();
  streaming = true;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  write(`retry: 3000\n\n`);
  stops.push(followHold(app, request, showtimeId, (event) => write(`event: hold\ndata: ${event}\n\n`)));
  stops.push(
    app.booking.statusHub.watch(showtimeId, {
      request,
      send: (event) => write(`event: seats\ndata: ${event}\n\n`),
      end,
    }),
  );
  if (!open) for (const stop of stops) stop();
  heartbeat = setInterval(() => write(`: ping\n\n`), HEARTBEAT_MS);
  heartbeat.unref();
}
