import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { RoomStatusRow } from '#shared/cinema-api/booking.ts';
import { RoomStatusHub } from '#bff/purchase/booking/room-status-hub.ts';
import { payOnce } from '#bff/payments/payment-gate.ts';
import { createMemoryStore } from '#bff/plugins/shared-store.ts';
import { BffError } from '#bff/errors.ts';

const request = { log: { warn: () => undefined } } as unknown as FastifyRequest;
const row = (state: 'S' | 'O'): RoomStatusRow[] => [
  { filRel: 'A', filTot: 1, DescripcionSilla: [{ Columna: 1, EstadoSilla: state, TipoSilla: 'Normal' }] },
];

describe('room status hub', () => {
  let state: 'S' | 'O';
  let calls: number;
  let hub: RoomStatusHub;

  beforeEach(() => {
    vi.useFakeTimers();
    state = 'S';
    calls = 0;
    hub = new RoomStatusHub({
      freshMs: 2_000,
      pollMs: 2_000,
      now: () => Date.now(),
      fetch: async () => {
        calls += 1;
        return row(state);
      },
      toEvent: async (_request, _id, rows) => rows[0]?.DescripcionSilla[0]?.EstadoSilla ?? null,
    });
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  const watcher = () => {
    const events: string[] = [];
    return { events, watcher: { request, send: (event: string) => events.push(event), end: () => undefined } };
  };

  it('asks the upstream once per interval however many people watch, and only while someone watches', async () => {
    const watchers = Array.from({ length: 50 }, watcher);
    const stops = watchers.map(({ watcher: w }) => hub.watch(7, w));
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toBe(1);
    expect(watchers.every(({ events }) => events.join() === 'S')).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBeLessThanOrEqual(1 + 5);
    // Nothing changed: nothing more was sent.
    expect(watchers[0]?.events).toEqual(['S']);

    state = 'O';
    await vi.advanceTimersByTimeAsync(2_100);
    expect(watchers.every(({ events }) => events.at(-1) === 'O')).toBe(true);

    for (const stop of stops) stop();
    expect(hub.watchedShowtimes).toBe(0);
    const before = calls;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(before);
  });

  it('hands out the same array while the status stays the same, and a new one once it changes', async () => {
    const first = await hub.readFresh(request, 7);
    expect(await hub.readFresh(request, 7)).toBe(first);
    state = 'O';
    const changed = await hub.readFresh(request, 7);
    expect(changed).not.toBe(first);
    expect(changed[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('O');
    expect(await hub.read(request, 7)).toBe(changed);
    expect(calls).toBe(3);
  });

  it('answers the kept status while the next one is read, up to twice the fresh time, then waits', async () => {
    const first = await hub.read(request, 7);
    state = 'O';
    await vi.advanceTimersByTimeAsync(2_100);
    // Past fresh: the kept status at once, the next one asked for behind it.
    expect(await hub.read(request, 7)).toBe(first);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(10);
    const next = await hub.read(request, 7);
    expect(next[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('O');
    expect(calls).toBe(2);
    // Past twice fresh: the read waits for the cinema API.
    state = 'S';
    await vi.advanceTimersByTimeAsync(4_100);
    expect((await hub.read(request, 7))[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('S');
    expect(calls).toBe(3);
  });

  it('never keeps a status read before a change made here, nor answers a kept one after it', async () => {
    const answers: Array<(rows: RoomStatusRow[]) => void> = [];
    const slow = new RoomStatusHub({
      freshMs: 2_000,
      pollMs: 2_000,
      fetch: () => new Promise<RoomStatusRow[]>((resolve) => answers.push(resolve)),
      toEvent: async () => null,
    });
    const before = slow.read(request, 7);
    slow.touch(7);
    const after = slow.read(request, 7);
    expect(answers).toHaveLength(2);
    // The read that began before the change answers last, with the status before it.
    answers[1]!(row('O'));
    expect((await after)[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('O');
    answers[0]!(row('S'));
    expect((await before)[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('S');
    expect((await after)[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('O');
    expect((await slow.read(request, 7))[0]?.DescripcionSilla[0]?.EstadoSilla).toBe('O');
    slow.close();
  });

  it('forgets the status of a showtime nobody asked about for a minute', async () => {
    const first = await hub.readFresh(request, 7);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await hub.readFresh(request, 7)).toBe(first);
    await vi.advanceTimersByTimeAsync(61_000);
    const later = await hub.readFresh(request, 7);
    expect(later).toEqual(first);
    expect(later).not.toBe(first);
  });

  it('shares reads of the booking view with the poll and refreshes at once after a change', async () => {
    await Promise.all([hub.read(request, 7), hub.read(request, 7), hub.read(request, 7)]);
    expect(calls).toBe(1);
    await hub.read(request, 7);
    expect(calls).toBe(1);
    const { events, watcher: w } = watcher();
    hub.watch(7, w);
    await vi.advanceTimersByTimeAsync(10);
    state = 'O';
    hub.touch(7);
    await vi.advanceTimersByTimeAsync(10);
    expect(events.at(-1)).toBe('O');
  });
});

describe('one payment per scope (payOnce)', () => {
  const busy = () => new BffError(409, 'PAYMENT_IN_PROGRESS', 'busy');
  const settles = (value: string) => !value.startsWith('declined');

  it('runs one payment per hold at a time and answers a repeat with the same outcome', async () => {
    const store = createMemoryStore();
    let charges = 0;
    let release!: () => void;
    const task = () =>
      new Promise<string>((resolve) => {
        charges += 1;
        release = () => resolve(`bill-${charges}`);
      });
    const first = payOnce(store, { scope: 'ana:1', fingerprint: 'captcha-a', settles, busy }, task);
    const second = payOnce(store, { scope: 'ana:1', fingerprint: 'captcha-b', settles, busy }, task);
    await vi.waitFor(() => expect(charges).toBe(1));
    release();
    expect(await first).toBe('bill-1');
    expect(await second).toBe('bill-1');
    expect(await payOnce(store, { scope: 'ana:1', fingerprint: 'captcha-c', settles, busy }, task)).toBe('bill-1');
    expect(charges).toBe(1);
    // Another person's hold is another payment.
    const other = payOnce(store, { scope: 'luis:2', fingerprint: 'captcha-a', settles, busy }, task);
    await vi.waitFor(() => expect(charges).toBe(2));
    release();
    expect(await other).toBe('bill-2');
  });

  it('answers a declined outcome to the same form only; a new attempt runs', async () => {
    const store = createMemoryStore();
    let charges = 0;
    const task = async () => `declined-${(charges += 1)}`;
    expect(await payOnce(store, { scope: 'ana:1', fingerprint: 'a', settles, busy }, task)).toBe('declined-1');
    expect(await payOnce(store, { scope: 'ana:1', fingerprint: 'a', settles, busy }, task)).toBe('declined-1');
    expect(await payOnce(store, { scope: 'ana:1', fingerprint: 'b', settles, busy }, task)).toBe('declined-2');
  });

  it('lets a failed attempt be tried again, and answers a refusal again to the same form', async () => {
    const store = createMemoryStore();
    await expect(
      payOnce(store, { scope: 'ana:1', fingerprint: 'a', settles, busy }, async () =>
        Promise.reject(new Error('down')),
      ),
    ).rejects.toThrow('down');
    expect(await payOnce(store, { scope: 'ana:1', fingerprint: 'a', settles, busy }, async () => 'ok')).toBe('ok');
    const refused = () => Promise.reject(new BffError(409, 'TOTAL_CHANGED', 'cambió'));
    await expect(payOnce(store, { scope: 'luis:1', fingerprint: 'a', settles, busy }, refused)).rejects.toMatchObject({
      code: 'TOTAL_CHANGED',
    });
    await expect(
      payOnce(store, { scope: 'luis:1', fingerprint: 'a', settles, busy }, async () => 'ok'),
    ).rejects.toMatchObject({ code: 'TOTAL_CHANGED' });
  });
});
