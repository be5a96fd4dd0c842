import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_ENDPOINT, IMAGE_WIDTHS, imageUrl, type ImageFormat } from '#site/lib/image-url.ts';
import { startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * Issue 39's findings on the image path, at the local front door and the built site
 * (site/lib/image-endpoint.ts): one photo asked under endless spellings of its source made a
 * fresh resize each time (findings 1), a source with CR/LF in it answered 500 (finding 4),
 * resizes queued without bound, and nothing limited how many one address asked. The edge's
 * side of the same findings (nginx) is in tests/topology.
 */

let stack: SecurityStack;
let posters: string[] = [];
beforeAll(async () => {
  stack = await startSecurityStack({ site: true });
  const answer = await fetch(`${stack.bffUrl}/bff/catalogue/movies`);
  posters = ((await answer.json()) as { movies: Array<{ poster: string }> }).movies.map((movie) => movie.poster);
  if (posters.length < 4) throw new Error('the sandbox shows fewer than four movies');
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

interface ImageAnswer {
  status: number;
  type: string | null;
  cacheControl: string | null;
  location: string | null;
  retryAfter: string | null;
  cacheStatus: string | null;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One image request as a browser sends it, from a loopback address of our choosing (127.x.y.z). */
function ask(
  base: string,
  url: string,
  localAddress = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<ImageAnswer> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: target.hostname, port: target.port, path: url, localAddress, agent: false, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const header = (name: string): string | null => {
            const value = response.headers[name];
            return typeof value === 'string' ? value : null;
          };
          resolve({
            status: response.statusCode ?? 0,
            type: header('content-type'),
            cacheControl: header('cache-control'),
            location: header('location'),
            retryAfter: header('retry-after'),
            cacheStatus: header('x-cache-status'),
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** Requests the sandbox (the image host) got for photos, so far. */
const downloads = (): number =>
  [...stack.upstream.entries()]
    .filter(([path]) => path.startsWith('/sandbox/images/'))
    .reduce((sum, [, count]) => sum + count, 0);

/** Every image URL once, never two tests alike: each width of each poster in each format. */
let next = 0;
function freshImage(format: ImageFormat = 'avif'): string {
  const widths = IMAGE_WIDTHS.filter((width) => width <= 640);
  const index = next++;
  const poster = posters[index % posters.length]!;
  const width = widths[Math.floor(index / posters.length) % widths.length]!;
  return imageUrl(poster, width, format);
}

function expectRefusedForAPerson(answer: ImageAnswer, label: string): void {
  expect(answer.status, label).toBe(400);
  expect(answer.cacheControl, label).toMatch(/no-store/);
  const error = (JSON.parse(answer.body.toString('utf8')) as { error: { code: string; message: string } }).error;
  expect(error.code, label).toBe('BAD_IMAGE_REQUEST');
  expect(error.message, label).toMatch(/^La imagen /);
}

describe('the image path at the front door and the site (issue 39)', () => {
  it('refuses a source with CR/LF in it with 400, injects no header, and the next visitor still gets the photo (finding 4)', async () => {
    const honest = freshImage();
    const src = new URLSearchParams(honest.split('?')[1]).get('src')!;
    const injected = `${IMAGE_ENDPOINT}?src=${encodeURIComponent(src)}%0D%0AX-Injected%3A%201&w=480&f=avif`;
    for (const url of [injected, injected.replace('%0D%0A', '%0A'), injected.replace('%0D%0A', '%0D')]) {
      const answer = await ask(stack.frontUrl, url);
      expectRefusedForAPerson(answer, url);
      expect(answer.headers['x-injected'], url).toBeUndefined();
    }
    const next = await ask(stack.frontUrl, honest);
    expect([next.status, next.type]).toEqual([200, 'image/avif']);
  });

  it('resizes a photo only under its one spelling: every other spelling is a 400 that fetches nothing, and a visitor’s photo is resized (finding 1)', async () => {
    const honest = freshImage();
    const query = new URLSearchParams(honest.split('?')[1]);
    const src = query.get('src')!;
    const original = new URL(src);
    const spell = (source: string) => imageUrl(source, Number(query.get('w')), 'avif');
    const spellings = [
      ...Array.from({ length: 4 }, (_, n) => spell(`${src}#${n}`)),
      ...Array.from({ length: 4 }, (_, n) => spell(`${src}?v=${n}`)),
      spell(`${src}?`),
      spell(`${src}#`),
      // The host as one number, the port with a leading zero, written another way.
      spell(src.replace(original.hostname, '2130706433')),
      spell(src.replace(original.hostname, '0x7f.0.0.1')),
      spell(src.replace(`:${original.port}`, `:0${original.port}`)),
      spell(src.replace(original.host, `${original.host}.`)),
      spell(src.replace('http://', 'HTTP://')),
      spell(src.replace('http://', 'http://visitante@')),
      // The path written another way: a doubled slash, dot segments, an encoded letter or dot, a parameter.
      spell(src.replace('/images/', '/images//')),
      spell(src.replace('/images/', '/images/./')),
      spell(src.replace('/images/', '/x/../images/')),
      spell(src.replace('poster-', '%70oster-')),
      spell(src.replace('.jpg', '%2Ejpg')),
      spell(src.replace('.jpg', '.jpg;v=1')),
      spell(src.replace('/images/', '/images%2F')),
    ];
    const before = downloads();
    for (const url of spellings) expectRefusedForAPerson(await ask(stack.frontUrl, url), url);
    expect(downloads() - before).toBe(0);

    const visitor = await ask(stack.frontUrl, honest, '127.0.0.1', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([visitor.status, visitor.type, visitor.cacheControl]).toEqual([
      200,
      'image/avif',
      'public, max-age=31536000, immutable',
    ]);
    // A photo is sent as it was made, never compressed again, and varies on nothing.
    expect(visitor.headers['content-encoding']).toBeUndefined();
    expect(visitor.headers.vary).toBeUndefined();
    expect(downloads() - before).toBe(1);
    console.log(`image path: ${spellings.length} spellings of one photo → 400, 0 downloads; the photo itself 200`);
  });

  it('keeps resizes in a bounded queue: past it a person is sent to the original at once, never left in a pile-up (finding 1)', async () => {
    // Straight at one site process (the front door would limit one address first): 40 photos nobody asked yet.
    const burst = Array.from({ length: 40 }, () => freshImage());
    const answers = await Promise.all(burst.map((url) => ask(stack.siteUrl!, url)));
    const resized = answers.filter((answer) => answer.status === 200);
    const sentOn = answers.filter((answer) => answer.status === 307);
    console.log(
      `image path, 40 cold photos at once on one site process: ${resized.length} resized, ${sentOn.length} sent to the original`,
    );
    expect(resized.length + sentOn.length).toBe(answers.length);
    expect(sentOn.length).toBeGreaterThan(0);
    for (const [index, answer] of answers.entries()) {
      if (answer.status !== 307) continue;
      expect(answer.location).toBe(new URLSearchParams(burst[index]!.split('?')[1]).get('src'));
      expect(answer.cacheControl).toMatch(/no-store/);
    }
    // Once the queue has drained, the next visitor's photo is resized again.
    const next = await ask(stack.siteUrl!, freshImage());
    expect([next.status, next.type]).toEqual([200, 'image/avif']);
  }, 120_000);

  it('limits what one address makes the site do, never what it gets from the kept copies; other addresses are served (finding 1)', async () => {
    const kept = freshImage();
    expect((await ask(stack.frontUrl, kept, '127.0.0.7')).status).toBe(200);
    // A width the site never makes: each request reaches the site (a 400 is never kept).
    const misses = Array.from({ length: 90 }, (_, n) => `${kept.replace(/w=\d+/, `w=${1000 + n}`)}`);
    const answers: ImageAnswer[] = [];
    for (const url of misses) answers.push(await ask(stack.frontUrl, url, '127.0.0.7'));
    const limited = answers.filter((answer) => answer.status === 429);
    console.log(
      `image path, one address asking 90 misses in a row: ${answers.length - limited.length} reached the site, ${limited.length} refused`,
    );
    expect(limited.length).toBeGreaterThan(0);
    // Everything the address asked first reached the site, which refused the width itself.
    expect(answers.slice(0, 40).every((answer) => answer.status === 400)).toBe(true);
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.cacheControl).toMatch(/no-store/);
      expect((JSON.parse(answer.body.toString('utf8')) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
    // The same address still gets what the front door keeps; another address gets its photo made.
    const hit = await ask(stack.frontUrl, kept, '127.0.0.7');
    expect([hit.status, hit.cacheStatus, hit.type]).toEqual([200, 'HIT', 'image/avif']);
    const other = await ask(stack.frontUrl, freshImage(), '127.0.0.8');
    expect([other.status, other.type]).toEqual([200, 'image/avif']);
  }, 60_000);
});
