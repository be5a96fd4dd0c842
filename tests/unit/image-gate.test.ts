import { describe, expect, it } from 'vitest';
import { createAddressLimit } from '../../docker/address-limit.ts';
import { imageUrl, isCanonicalImageSource, readImageRequest } from '#site/lib/image-url.ts';
import { createWorkQueue } from '#site/lib/work-queue.ts';

/** The gate in front of the image path's resizes (issue 39, finding 1; site/decisions/image-path.md). */
describe('an image source in its one spelling', () => {
  const poster = 'https://imagenes.viziona.example/cartelera/pel%C3%ADcula-(2026).jpg';

  it('accepts a source written as the catalogue writes it', () => {
    expect(isCanonicalImageSource(poster)).toBe(true);
    expect(isCanonicalImageSource('http://127.0.0.1:6203/sandbox/images/poster-el-ultimo-faro.jpg')).toBe(true);
    expect(readImageRequest(imageUrl(poster, 480, 'avif').split('?')[1]!)).toEqual({
      src: poster,
      width: 480,
      format: 'avif',
    });
  });

  it('refuses every other spelling of it', () => {
    const others = [
      `${poster}#1`,
      `${poster}#`,
      `${poster}?v=1`,
      `${poster}?`,
      poster.replace('https://', 'HTTPS://'),
      poster.replace('imagenes.viziona.example', 'imagenes.viziona.example.'),
      poster.replace('imagenes.viziona.example', 'imagenes.viziona.example:443'),
      poster.replace('https://', 'https://yo@'),
      poster.replace('/cartelera/', '/cartelera//'),
      poster.replace('/cartelera/', '/cartelera/./'),
      poster.replace('/cartelera/', '/x/../cartelera/'),
      poster.replace('/cartelera/', '/cartelera%2F'),
      poster.replace('/cartelera/', '/cartelera\\'),
      poster.replace('%C3%AD', '%c3%ad'),
      poster.replace('pel', '%70el'),
      poster.replace('.jpg', '%2Ejpg'),
      poster.replace('.jpg', '.jpg;v=1'),
      `${poster}\r\nX-Injected: 1`,
      `${poster}\t`,
      'http://2130706433:6203/a.jpg',
      'http://0x7f.0.0.1:6203/a.jpg',
      'http://127.0.0.1:06203/a.jpg',
      'ftp://127.0.0.1/a.jpg',
      'javascript:alert(1)',
    ];
    for (const source of others) {
      expect(isCanonicalImageSource(source), source).toBe(false);
      expect(readImageRequest(imageUrl(source, 480, 'avif').split('?')[1]!), source).toBeNull();
    }
  });
});

describe('a bounded line of resizes', () => {
  it('runs a few at once, keeps a few waiting, and says at once when there is no room', async () => {
    const line = createWorkQueue<string>({ running: 2, waiting: 1 });
    const releases: Array<() => void> = [];
    const job = (name: string) => () => new Promise<string>((resolve) => releases.push(() => resolve(name)));
    const a = line.run('a', job('a'));
    const b = line.run('b', job('b'));
    const c = line.run('c', job('c'));
    expect(line.run('d', job('d'))).toBeNull();
    expect(line.size()).toEqual({ running: 2, waiting: 1 });
    // The same work is shared, not queued again.
    expect(line.run('a', job('a again'))).toBe(a);
    releases.shift()!();
    expect(await a).toBe('a');
    await Promise.resolve();
    // a's place went to c, and a newcomer still finds the line full while b and c run.
    expect(line.size()).toEqual({ running: 2, waiting: 0 });
    const e = line.run('e', job('e'));
    expect(e).not.toBeNull();
    expect(line.run('f', job('f'))).toBeNull();
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all([b, c, e])).toEqual(['b', 'c', 'e']);
    expect(line.size()).toEqual({ running: 0, waiting: 0 });
  });

  it('lets work nobody waits for (a warm-up) take only a free place, never one a person could have had', async () => {
    const line = createWorkQueue<string>({ running: 1, waiting: 2 });
    let release = () => {};
    const person = line.run('a', () => new Promise<string>((resolve) => (release = () => resolve('a'))));
    expect(line.runIfIdle('warm', () => Promise.resolve('warm'))).toBeNull();
    // The same photo as the person's is the person's job, shared.
    expect(line.runIfIdle('a', () => Promise.resolve('other'))).toBe(person);
    release();
    expect(await person).toBe('a');
    expect(await line.runIfIdle('warm', () => Promise.resolve('warm'))).toBe('warm');
  });

  it('frees a place when a job fails', async () => {
    const line = createWorkQueue<string>({ running: 1, waiting: 0 });
    await expect(line.run('x', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await line.run('y', () => Promise.resolve('y'))).toBe('y');
  });
});

describe('what one address may ask of the resizer', () => {
  it('lets a burst through, then a rate, tells when to come back, and keeps addresses apart', () => {
    const limit = createAddressLimit({ perSecond: 10, burst: 3 });
    const verdicts = [0, 1, 2, 3].map(() => limit.take('203.0.113.7', 1_000));
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limit.take('198.51.100.9', 1_000).allowed).toBe(true);
    // A tenth of a second later, one more.
    expect(limit.take('203.0.113.7', 1_100).allowed).toBe(true);
    expect(limit.take('203.0.113.7', 1_100).allowed).toBe(false);
  });

  it('forgets the addresses seen longest ago past its size', () => {
    const limit = createAddressLimit({ perSecond: 1, burst: 1, maxAddresses: 2 });
    expect(limit.take('a', 0).allowed).toBe(true);
    expect(limit.take('a', 0).allowed).toBe(false);
    limit.take('b', 0);
    limit.take('c', 0);
    // 'a' was forgotten: a fresh burst.
    expect(limit.take('a', 0).allowed).toBe(true);
  });
});
