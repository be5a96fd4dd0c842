import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BARE_QUERY_MARKS,
  PATHS_WITH_A_RAW_HASH,
  PATHS_WRITTEN_ANOTHER_WAY,
  QUERIES_A_PAGE_NEVER_READS,
  SEARCHES_SPELLED_ANOTHER_WAY,
} from '../page-addresses.ts';
import { imageUrl } from '#site/lib/image-url.ts';
import { rawRequest, SITE_ORIGIN, startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * The findings at the front door: its own 502 to many of 500 concurrent oversized POSTs
 * instead of the BFF's 413, a 500 with a stack trace to TRACE, and a refused oversized upload
 * that said keep-alive and then dropped the socket under the next request (the front door left
 * the rest of the body unread: the next request on that socket waited ~6 s and was reset).
 */

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack({ site: true, env: { RATE_LIMIT_FACTOR: '1000' } });
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

function post(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  agent: http.Agent,
): Promise<{ status: number; connection: string | undefined }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path,
        agent,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      },
    );
    request.on('error', () => resolve({ status: -1, connection: undefined }));
    request.end(body);
  });
}

/** An ethics-line report over its total limit: two 3 MB PDFs (6 MB). */
function oversizedEthicsReport(boundary: string): Buffer {
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const pdf = (name: string) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    ),
    Buffer.alloc(3 * 1024 * 1024, 'a'),
    Buffer.from('\r\n'),
  ];
  return Buffer.concat([
    Buffer.from(
      field('details', 'Reporte de prueba con adjuntos demasiado grandes.') +
        field('company', 'Viziona') +
        field('whistleblower', 'Empleado'),
    ),
    ...pdf('informe-1.pdf'),
    ...pdf('informe-2.pdf'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

/**
 * Two requests written on ONE socket, the second as soon as the first answer has come: the
 * status line of each answer, or what broke the connection.
 */
function twoOnOneSocket(url: string, first: Buffer, second: string): Promise<{ first: string; second: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const answers: string[] = [];
    let text = '';
    const done = (broken?: string) => {
      socket.destroy();
      resolve({ first: answers[0] ?? broken ?? 'nothing', second: answers[1] ?? broken ?? 'nothing' });
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      // Each answer here is small JSON with a Content-Length: its head and body are in.
      const match = /^(HTTP\/1\.1 \d{3})[^]*?content-length: (\d+)\r\n[^]*?\r\n\r\n/i.exec(text);
      if (!match || text.length < match[0].length + Number(match[2])) return;
      answers.push(match[1] ?? '');
      text = text.slice(match[0].length + Number(match[2]));
      if (answers.length === 1) socket.write(second);
      else done();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    socket.on('close', () => done('closed'));
    socket.setTimeout(20_000, () => done('timed out'));
    socket.write(first);
  });
}

const multipartHeaders = { 'x-viziona-client': 'web', 'content-type': 'multipart/form-data; boundary=xyz' };

describe('the front door', () => {
  it('relays the BFF 413 to 500 concurrent oversized POSTs, never a 502 of its own', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
    const json = Buffer.alloc(200 * 1024, 'a');
    const upload = Buffer.alloc(52 * 1024 * 1024, 'b');
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        index % 50 === 0
          ? post(stack.frontUrl, '/bff/forms/pqr', multipartHeaders, upload, agent)
          : post(
              stack.frontUrl,
              '/bff/auth/login',
              { 'x-viziona-client': 'web', 'content-type': 'application/json' },
              json,
              agent,
            ),
      ),
    );
    agent.destroy();
    const counts = new Map<number, number>();
    for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    console.log(`front door, 500 oversized POSTs: ${JSON.stringify(Object.fromEntries(counts))}`);
    expect(counts.get(413)).toBe(500);
  }, 120_000);

  it('sends a path written another way to its page with a 301, as nginx does (issue 32)', async () => {
    for (const [asked, page] of PATHS_WRITTEN_ANOTHER_WAY) {
      const answer = await rawRequest(
        stack.frontUrl,
        `GET ${asked} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, asked).toMatch(/^HTTP\/1\.1 301/);
      expect(answer, asked).toMatch(new RegExp(`\r\nlocation: ${page.replace('?', '\\?')}\r\n`, 'i'));
    }
    // The page itself, an encoded character a path needs (ñ), and the BFF are answered, not redirected.
    for (const path of ['/cartelera', '/pagina/%C3%B1', '/bff/health'])
      expect(
        await rawRequest(stack.frontUrl, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
        path,
      ).not.toMatch(/^HTTP\/1\.1 301/);
  });

  it('sends a path with a raw # to its page with a 301, never a page of its own, as nginx does (issue 39, finding 10)', async () => {
    for (const [asked, page] of PATHS_WITH_A_RAW_HASH) {
      const answer = await rawRequest(
        stack.frontUrl,
        `GET ${asked} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
      expect(head, asked).toMatch(/^HTTP\/1\.1 301/);
      expect(head.toLowerCase(), asked).toContain(`\r\nlocation: ${page}\r\n`);
    }
    // A photo asked with a raw # is refused like any spelling the site never writes (each would be a copy of its own).
    const { movies } = (await (await fetch(`${stack.bffUrl}/bff/catalogue/movies`)).json()) as {
      movies: Array<{ poster: string }>;
    };
    const photo = imageUrl(movies[0]!.poster, 480, 'avif');
    for (const asked of [`${photo}#1`, photo.replace('?', '#1?')]) {
      const answer = await rawRequest(
        stack.frontUrl,
        `GET ${asked} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
      expect(head, asked).toMatch(/^HTTP\/1\.1 400/);
      expect(head, asked).toMatch(/\r\ncache-control: no-store\r\n/i);
    }
  });

  it('sends a query a page never reads to the page with a 301, as the edge gets it from the site (issue 32)', async () => {
    for (const [asked, page] of [...QUERIES_A_PAGE_NEVER_READS, ...BARE_QUERY_MARKS, ...SEARCHES_SPELLED_ANOTHER_WAY]) {
      const answer = await rawRequest(
        stack.frontUrl,
        `GET ${asked} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, asked.slice(0, 80)).toMatch(/^HTTP\/1\.1 301/);
      expect(answer.toLowerCase(), asked.slice(0, 80)).toContain(`\r\nlocation: ${page.toLowerCase()}\r\n`);
      expect(answer, asked).toMatch(/\r\ncache-control: private, no-store\r\n/i);
    }
  });

  it('refuses TRACE and other unusual methods with 405 and no stack', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/bff/health'],
      ['TRACK', '/'],
      ['CONNECT', '/'],
      ['PROPFIND', '/cartelera'],
    ]) {
      const answer = await rawRequest(
        stack.frontUrl,
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, `${method} ${path}`).toMatch(/^HTTP\/1\.1 (405|400)/);
      expect(answer).not.toMatch(/at .*\.(js|ts|mjs):\d+/);
    }
  });

  it('reads the next request on the same connection after relaying a refused upload (6 MB ethics report)', async () => {
    const body = oversizedEthicsReport('limite');
    const host = new URL(stack.frontUrl).host;
    const upload = Buffer.concat([
      Buffer.from(
        `POST /bff/forms/ethics HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${SITE_ORIGIN}\r\nX-Viziona-Client: web\r\n` +
          `Content-Type: multipart/form-data; boundary=limite\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]);
    const answers = await twoOnOneSocket(stack.frontUrl, upload, `GET /bff/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(answers).toEqual({ first: 'HTTP/1.1 413', second: 'HTTP/1.1 200' });
  }, 60_000);

  it('answers a session read without a session cookie itself, exactly as the BFF does; one with the cookie reaches the BFF', async () => {
    const bffSessionReads = async () =>
      (await stack.app.metrics.requests.get()).values
        .filter((value) => value.metricName?.endsWith('_count') && value.labels.route === '/bff/session')
        .reduce((sum, value) => sum + value.value, 0);
    const shape = async (answer: Response) => ({
      status: answer.status,
      body: await answer.text(),
      ...Object.fromEntries(
        ['content-type', 'cache-control', 'x-content-type-options'].map((name) => [name, answer.headers.get(name)]),
      ),
    });
    const fromBff = await shape(await fetch(`${stack.bffUrl}/bff/session`));
    const before = await bffSessionReads();
    const fromDoor = await shape(await fetch(`${stack.frontUrl}/bff/session`, { headers: { cookie: 'otra=1' } }));
    const answered = await bffSessionReads();
    const withCookie = await fetch(`${stack.frontUrl}/bff/session`, {
      headers: { cookie: 'viziona_session=caducada' },
    });
    await withCookie.arrayBuffer();
    expect(fromDoor).toEqual(fromBff);
    expect(answered).toBe(before);
    expect(withCookie.status).toBe(200);
    expect(await bffSessionReads()).toBe(before + 1);
  });

  it('compresses answers of a kilobyte or more, as nginx does, and sends smaller ones as they are', async () => {
    const headersOf = async (path: string) => {
      const answer = await fetch(`${stack.frontUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      const body = await answer.text();
      return {
        status: answer.status,
        encoding: answer.headers.get('content-encoding'),
        length: answer.headers.get('content-length'),
        bytes: Buffer.byteLength(body),
      };
    };
    const small = await headersOf('/bff/captcha/challenge');
    expect(small).toMatchObject({ status: 200, encoding: null });
    expect(Number(small.length)).toBe(small.bytes);
    // Above nginx's default threshold (20 B), under ours.
    expect(small.bytes).toBeGreaterThan(20);
    expect(small.bytes).toBeLessThan(1024);
    const large = await headersOf('/bff/catalogue/home');
    expect(large).toMatchObject({ status: 200, encoding: 'gzip', length: null });
    expect(large.bytes).toBeGreaterThan(1024);
  });

  it('passes a page on as the site compressed it, once (Brotli, gzip or plain by what the browser takes), never compressing it again (issue 40)', async () => {
    const sent = (acceptEncoding: string | null) =>
      new Promise<{ coding: string; vary: string; bytes: Buffer }>((resolve, reject) => {
        const target = new URL(`${stack.frontUrl}/salas`);
        http
          .get(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({
                  coding: response.headers['content-encoding'] ?? 'identity',
                  vary: String(response.headers.vary ?? ''),
                  bytes: Buffer.concat(chunks),
                }),
              );
            },
          )
          .on('error', reject);
      });
    const [br, gzip, plain] = [await sent('gzip, deflate, br, zstd'), await sent('gzip'), await sent(null)];
    expect([br.coding, gzip.coding, plain.coding]).toEqual(['br', 'gzip', 'identity']);
    for (const answer of [br, gzip, plain]) expect(answer.vary).toMatch(/^accept-encoding$/i);
    const html = plain.bytes.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(html);
    expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(html);
  });

  it('says Connection: close when it refuses an upload it has not read, and the answer arrives', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await post(
      stack.bffUrl,
      '/bff/forms/pqr',
      multipartHeaders,
      Buffer.alloc(52 * 1024 * 1024, 'c'),
      agent,
    );
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    // The next request on the same agent gets a fresh connection and its answer.
    const next = await new Promise<number>((resolve) => {
      http
        .get(`${stack.bffUrl}/bff/health`, { agent }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', () => resolve(-1));
    });
    expect(next).toBe(200);
    agent.destroy();
  }, 60_000);
});
