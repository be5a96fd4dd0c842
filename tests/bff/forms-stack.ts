import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildSandbox } from '#sandbox/app.ts';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';

/**
 * The service forms' test stack, all over real HTTP: client → BFF (listening) → tap → sandbox.
 * The tap is a plain HTTP hop that records what the BFF sent upstream (method, path, the raw
 * multipart body, and whether the body arrived whole or the BFF cut it off), so a test can
 * tell "never called" from "called and aborted" from "delivered".
 */

export const SITE_ORIGIN = 'http://localhost:4321';

export interface TappedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** True when the whole body arrived; false when the connection was cut mid-body. */
  completed: boolean;
  /** Settles once the request ended either way. */
  settled: Promise<void>;
}

export interface FormsStack {
  app: BffApp;
  bffUrl: string;
  sandboxUrl: string;
  tapped: TappedRequest[];
  /** Resolves when the tap has received at least `bytes` of one request's body. */
  upstreamBytes(bytes: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFormsStack(env: Record<string, string> = {}): Promise<FormsStack> {
  const sandbox = buildSandbox({ db: ':memory:' });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxPort = (sandbox.server.address() as AddressInfo).port;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

  const tapped: TappedRequest[] = [];
  const byteWaiters: Array<{ bytes: number; resolve: () => void }> = [];
  const tap = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let markSettled: () => void = () => undefined;
    const entry: TappedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: Buffer.alloc(0),
      completed: false,
      settled: new Promise<void>((resolve) => {
        markSettled = resolve;
      }),
    };
    tapped.push(entry);
    const forward = http.request({
      host: '127.0.0.1',
      port: sandboxPort,
      method: request.method,
      path: request.url,
      headers: request.headers,
    });
    forward.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => response.destroy());
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      for (const waiter of byteWaiters.filter((candidate) => received >= candidate.bytes)) {
        byteWaiters.splice(byteWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      forward.write(chunk);
    });
    request.on('end', () => {
      entry.completed = true;
      entry.body = Buffer.concat(chunks);
      forward.end();
      markSettled();
    });
    request.on('close', () => {
      if (!entry.completed) {
        entry.body = Buffer.concat(chunks);
        // Passes the cut on: the sandbox sees the same broken request the BFF sent.
        forward.destroy();
        markSettled();
      }
    });
  });
  await new Promise<void>((resolve) => tap.listen(0, '127.0.0.1', resolve));
  const tapPort = (tap.address() as AddressInfo).port;

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPSTREAM_URL: `http://127.0.0.1:${tapPort}/api/v1`,
    SITE_ORIGIN,
    CAPTCHA_MAX_NUMBER: '200',
    ...env,
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bffUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    app,
    bffUrl,
    sandboxUrl,
    tapped,
    upstreamBytes(bytes) {
      return new Promise<void>((resolve) => byteWaiters.push({ bytes, resolve }));
    },
    async close() {
      await app.close();
      tap.closeAllConnections();
      await new Promise<void>((resolve) => tap.close(() => resolve()));
      await sandbox.close();
    },
  };
}

let clientSequence = 0;

/** Headers of the site's own JavaScript, from a client address of its own (rate limits). */
export function formHeaders(extra: Record<string, string> = {}): Record<string, string> {
  clientSequence += 1;
  return {
    'x-viziona-client': 'web',
    origin: SITE_ORIGIN,
    'sec-fetch-site': 'same-origin',
    'x-forwarded-for': `10.77.${Math.floor(clientSequence / 250)}.${clientSequence % 250}`,
    ...extra,
  };
}

/** Fetches a challenge from the BFF and solves it the way the widget does. */
export async function solvedCaptcha(bffUrl: string): Promise<string> {
  const response = await fetch(`${bffUrl}/bff/captcha/challenge`, { headers: formHeaders() });
  if (response.status !== 200) throw new Error(`challenge answered ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface StoredSubmission {
  id: number;
  kind: 'pqrs' | 'ethics';
  radicado: string;
  fields: Record<string, string>;
  attachments: Array<{ id: number; field: string; name: string; content_type: string; size: number; sha256: string }>;
}

/** What the sandbox stored, newest first. */
export async function submissions(stack: FormsStack): Promise<StoredSubmission[]> {
  const response = await fetch(`${stack.sandboxUrl}/sandbox/submissions`);
  const json = (await response.json()) as { data: StoredSubmission[] };
  return json.data;
}

/** The requests the BFF sent upstream while answering `answer` (matched by request id). */
export function upstreamCalls(stack: FormsStack, answer: BffAnswer): TappedRequest[] {
  const id = answer.headers.get('x-request-id');
  if (!id) throw new Error('the BFF answer carries no x-request-id');
  return stack.tapped.filter((request) => request.headers['x-request-id'] === id);
}

/** The part names of a multipart body, in order (for bodies the tap recorded). */
export function partNames(body: Buffer): string[] {
  const text = body.toString('latin1');
  return [...text.matchAll(/Content-Disposition: form-data; name="([^"]*)"/g)].map((match) => match[1] ?? '');
}

export interface BffAnswer {
  status: number;
  body: { error?: { code: string; message: string; fields?: Record<string, string> }; reference?: string | null };
  headers: Headers;
}

/** POSTs a multipart body to the BFF over HTTP. */
export async function postForm(
  stack: FormsStack,
  path: '/bff/forms/pqr' | '/bff/forms/ethics',
  body: FormData | ReadableStream<Uint8Array>,
  extraHeaders: Record<string, string> = {},
): Promise<BffAnswer> {
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    headers: formHeaders(extraHeaders),
    body,
  };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(`${stack.bffUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}
