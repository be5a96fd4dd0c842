import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_SLOT_LIMITS } from '#bff/purchase/booking/stream-slots.ts';
import { ROOM_STATUS_POLL_MS } from '#bff/purchase/booking/booking-plugin.ts';
import { DEMO, login, pickShowtime } from '../bff/booking-helpers.ts';
import { registerPerson } from '../bff/harness.ts';
import { settledHeap, startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * The attack: thousands of live seat streams that leave before the answer's headers. Each one
 * used to leave a watcher (and, through the front door, an upstream stream drained forever),
 * so memory grew and the cinema API was polled until restart.
 */

let stack: SecurityStack;
let cookie: string;
let showtimeId: number;

beforeAll(async () => {
  stack = await startSecurityStack();
  cookie = await login(stack.app, DEMO.email, DEMO.password);
  showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
});
afterAll(async () => {
  await stack?.close();
});

const streamRequest = (target: string, session: string) =>
  `GET /bff/booking/${showtimeId}/events HTTP/1.1\r\nHost: ${new URL(target).host}\r\nCookie: viziona_session=${session}\r\nAccept: text/event-stream\r\n\r\n`;

/** Sends the request and hangs up before any answer arrives. */
function abortedStream(target: string, session: string): Promise<void> {
  const { hostname, port } = new URL(target);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(streamRequest(target, session), () => {
        socket.destroy();
      });
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/** Opens a stream and keeps it; resolves with the answer's status line and a way to hang up. */
function openStream(target: string, session: string): Promise<{ status: string; close: () => void }> {
  const { hostname, port } = new URL(target);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(streamRequest(target, session)));
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) resolve({ status: text.split('\r\n')[0] ?? '', close: () => socket.destroy() });
    });
    socket.on('error', reject);
  });
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const roomPolls = () => stack.upstream.get(`room/${showtimeId}`) ?? 0;
const idle = () => stack.app.booking.statusHub.watchedShowtimes === 0 && stack.app.booking.streams.open === 0;

describe('live seat streams', () => {
  it('leave nothing behind after 3,000 early-aborted streams: no watcher, no poll, memory back to idle', async () => {
    // Warm up (caches, pools), then take the idle baseline.
    const warm = await openStream(stack.frontUrl, cookie);
    expect(warm.status).toContain('200');
    warm.close();
    expect(await until(idle)).toBe(true);
    const baseline = await settledHeap();

    const total = 3_000;
    const batch = 100;
    for (let sent = 0; sent < total; sent += batch) {
      await Promise.all(
        Array.from({ length: batch }, (_, index) =>
          // Half through the front door, half straight at the BFF.
          abortedStream((sent + index) % 2 === 0 ? stack.frontUrl : stack.bffUrl, cookie),
        ),
      );
    }

    expect(await until(idle)).toBe(true);
    // Nobody watches: the cinema API is not asked for this room's status any more.
    const pollsAfter = roomPolls();
    await new Promise((resolve) => setTimeout(resolve, ROOM_STATUS_POLL_MS * 2.5));
    expect(roomPolls()).toBe(pollsAfter);
    expect(stack.app.booking.statusHub.watchedShowtimes).toBe(0);

    const after = await settledHeap();
    const grownMiB = (after - baseline) / 2 ** 20;
    console.log(
      `seat streams: ${total} aborted, heap ${(baseline / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB, open streams ${stack.app.booking.streams.open}, polling showtimes ${stack.app.booking.statusHub.watchedShowtimes}`,
    );
    expect(grownMiB).toBeLessThan(8);
  }, 180_000);

  it('caps the open streams of one person; a closed stream frees its place', async () => {
    const open = [];
    for (let index = 0; index < STREAM_SLOT_LIMITS.perPerson; index += 1) {
      const stream = await openStream(stack.bffUrl, cookie);
      expect(stream.status).toContain('200');
      open.push(stream);
    }
    const refused = await openStream(stack.bffUrl, cookie);
    expect(refused.status).toContain('429');
    refused.close();
    open.pop()!.close();
    expect(await until(() => stack.app.booking.streams.open === STREAM_SLOT_LIMITS.perPerson - 1)).toBe(true);
    const again = await openStream(stack.bffUrl, cookie);
    expect(again.status).toContain('200');
    open.push(again);
    for (const stream of open) stream.close();
    expect(await until(idle)).toBe(true);
  }, 60_000);

  it('caps the open streams of one address across many people', async () => {
    const people = await Promise.all(
      Array.from(
        { length: Math.ceil(STREAM_SLOT_LIMITS.perAddress / STREAM_SLOT_LIMITS.perPerson) + 1 },
        async () => (await registerPerson(stack.app)).cookie,
      ),
    );
    const open = [];
    for (let index = 0; index < STREAM_SLOT_LIMITS.perAddress; index += 1) {
      const stream = await openStream(stack.bffUrl, people[Math.floor(index / STREAM_SLOT_LIMITS.perPerson)]!);
      expect(stream.status).toContain('200');
      open.push(stream);
    }
    const refused = await openStream(stack.bffUrl, people.at(-1)!);
    expect(refused.status).toContain('429');
    refused.close();
    for (const stream of open) stream.close();
    expect(await until(idle)).toBe(true);
  }, 60_000);
});
