import { describe, expect, it } from 'vitest';
import { ReadCache } from '#bff/plugins/read-cache.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

class UpstreamError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`upstream ${statusCode}`);
    this.statusCode = statusCode;
  }
}

const minute = 60_000;

/** The shared store of several replicas (Redis in production), as a map. */
function sharedStore() {
  const copies = new Map<string, string>();
  const shared = {
    get: async (key: string) => copies.get(key) ?? null,
    set: async (key: string, value: string) => void copies.set(key, value),
  };
  return { copies, shared };
}

describe('ReadCache', () => {
  it('serves a fresh entry for 5 minutes without asking the upstream', async () => {
    const time = clock();
    const cache = new ReadCache({ now: time.now });
    let calls = 0;
    const load = async () => ({ calls: ++calls });

    expect((await cache.read('k', load)).outcome).toBe('miss');
    time.advance(4 * minute + 59_000);
    const hit = await cache.read('k', load);
    expect(hit.outcome).toBe('hit');
    expect(hit.value).toEqual({ calls: 1 });
    expect(hit.json).toBe('{"calls":1}');

    time.advance(1_000);
    const refreshed = await cache.read('k', load);
    expect(refreshed.outcome).toBe('refreshed');
    expect(refreshed.value).toEqual({ calls: 2 });
  });

  it('serves the kept entry when the upstream fails, for up to 30 minutes', async () => {
    const time = clock();
    const cache = new ReadCache({ now: time.now });
    await cache.read('k', async () => 'seed');
    const failing = async (): Promise<string> => {
      throw new Error('ECONNREFUSED');
    };

    time.advance(10 * minute);
    const stale = await cache.read('k', failing);
    expect(stale.outcome).toBe('stale');
    expect(stale.value).toBe('seed');

    time.advance(20 * minute);
    await expect(cache.read('k', failing)).rejects.toThrow('ECONNREFUSED');
  });

  it('answers stale when a refresh takes longer than staleAfterMs, and stores the late answer', async () => {
    const time = clock();
    const cache = new ReadCache({ now: time.now, staleAfterMs: 30 });
    await cache.read('k', async () => 'old');
    time.advance(6 * minute);
    let finish: (value: string) => void = () => {};
    const hung = () => new Promise<string>((resolve) => (finish = resolve));

    const first = await cache.read('k', hung);
    expect(first).toMatchObject({ value: 'old', outcome: 'stale' });
    time.advance(40);
    // The refresh is still pending and already late: the next reader does not wait for it.
    const waitedFor = await Promise.race([
      cache.read('k', hung),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 25)),
    ]);
    expect(waitedFor).toMatchObject({ value: 'old', outcome: 'stale' });

    finish('new');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.read('k', hung)).toMatchObject({ value: 'new', outcome: 'hit' });
  });

  it('gives a cold replica the copy another replica stored: fresh as a hit, later stale during an outage', async () => {
    const time = clock();
    const { shared } = sharedStore();
    await new ReadCache({ shared, now: time.now }).read('releases', async () => ({ titles: ['Dune'] }));

    let calls = 0;
    const cold = new ReadCache({ shared, now: time.now });
    const hit = await cold.read('releases', async () => ({ titles: [`call ${++calls}`] }));
    expect(hit).toMatchObject({ value: { titles: ['Dune'] }, outcome: 'hit' });
    expect(calls).toBe(0);

    time.advance(10 * minute);
    const restarted = new ReadCache({ shared, now: time.now });
    const stale = await restarted.read('releases', async () => {
      throw new UpstreamError(503);
    });
    expect(stale).toMatchObject({ value: { titles: ['Dune'] }, outcome: 'stale' });
  });

  it('refreshes an entry still fresh for every replica: the shared copy first, then the announcement', async () => {
    const time = clock();
    const { copies, shared } = sharedStore();
    const announced: Array<{ key: string; shared: string | undefined }> = [];
    const announce = async (key: string) => void announced.push({ key, shared: copies.get(`catalogue:${key}`) });
    const sender = new ReadCache({ shared, announce, now: time.now });
    const other = new ReadCache({ shared, now: time.now });
    await sender.read('movie', async () => ({ dates: [] }));
    expect((await other.read('movie', async () => ({ dates: ['never asked'] }))).value).toEqual({ dates: [] });

    time.advance(minute);
    const refreshed = await sender.refresh('movie', async () => ({ dates: ['2026-12-02'] }));
    expect(refreshed).toMatchObject({ value: { dates: ['2026-12-02'] }, outcome: 'refreshed' });
    expect(announced).toEqual([{ key: 'movie', shared: expect.stringContaining('2026-12-02') }]);
    // The other replica, told, drops its copy and takes the shared one.
    other.delete('movie');
    expect(await other.read('movie', async () => ({ dates: ['never asked'] }))).toMatchObject({
      value: { dates: ['2026-12-02'] },
      outcome: 'hit',
    });
  });

  it('expires an entry for every replica without dropping it: read again next, still served in an outage', async () => {
    const time = clock();
    const { shared } = sharedStore();
    const announced: string[] = [];
    const cache = new ReadCache({ shared, announce: async (key) => void announced.push(key), now: time.now });
    await cache.read('releases', async () => 'before');
    await cache.expire('releases');
    expect(announced).toEqual(['releases']);
    expect((await cache.read('releases', async () => 'after')).value).toBe('after');

    await cache.expire('releases');
    const outage = await cache.read('releases', async () => Promise.reject(new UpstreamError(503)));
    expect(outage).toMatchObject({ value: 'after', outcome: 'stale' });
    // A replica that had no copy takes the shared one, expired too: it asks the upstream.
    const cold = new ReadCache({ shared, now: time.now });
    expect((await cold.read('releases', async () => 'asked again')).value).toBe('asked again');
  });

  it('passes authoritative upstream answers on instead of covering them with stale data', async () => {
    const time = clock();
    const cache = new ReadCache({ now: time.now });
    await cache.read('k', async () => 'seed');
    time.advance(6 * minute);
    await expect(cache.read('k', async () => Promise.reject(new UpstreamError(404)))).rejects.toThrow('upstream 404');
    expect((await cache.read('k', async () => Promise.reject(new UpstreamError(503)))).outcome).toBe('stale');
  });

  it('does not cache failures', async () => {
    const cache = new ReadCache();
    await expect(cache.read('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.read('k', async () => 'up')).value).toBe('up');
  });

  it('coalesces concurrent misses into one upstream call', async () => {
    const cache = new ReadCache();
    let calls = 0;
    let release: (value: string) => void = () => {};
    const load = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const reads = Promise.all(Array.from({ length: 50 }, () => cache.read('k', load)));
    release('once');
    const results = await reads;
    expect(calls).toBe(1);
    expect(results.every((read) => read.value === 'once')).toBe(true);
  });

  it('evicts the least recently used entry beyond its bound', async () => {
    const cache = new ReadCache({ maxEntries: 2 });
    await cache.read('a', async () => 'a');
    await cache.read('b', async () => 'b');
    await cache.read('a', async () => 'a again'); // a is now the most recently used
    await cache.read('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect((await cache.read('a', async () => 'reloaded')).outcome).toBe('hit');
    expect((await cache.read('b', async () => 'reloaded')).outcome).toBe('miss');
  });

  it('stores a composition of stale parts as old as its oldest part', async () => {
    const time = clock();
    const cache = new ReadCache({ now: time.now });
    const partStoredAt = time.now();
    time.advance(7 * minute);
    const composed = await cache.readComposite('home', async () => ({ value: 'home', storedAt: partStoredAt }));
    expect(composed.outcome).toBe('stale');
    let loads = 0;
    const again = await cache.readComposite('home', async () => ({ value: `home ${++loads}`, storedAt: time.now() }));
    expect(again.outcome).toBe('refreshed');
    expect(loads).toBe(1);
  });
});
