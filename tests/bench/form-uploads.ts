/**
 * `npm run bench:forms`: does the BFF's memory grow with what a client uploads?
 *
 * One process runs the BFF (listening), a sink standing in for the cinema API (it counts and
 * drops the bytes it receives) and a client that streams multipart bodies generated from one
 * reused 64 KB chunk, so neither side holds an upload. For each case it prints the time, the
 * status, the bytes that reached the sink, and the peak growth over the idle baseline of the
 * memory the process holds: every 10 ms a full garbage collection runs and then the JS heap
 * and the buffers outside it are read (so garbage not yet collected is not counted; without
 * --expose-gc it falls back to raw readings, which mostly measure allocation). RSS is shown
 * too, though it rarely shrinks once grown. The
 * cases run side by side in one run: PQRs of 1, 9, 18 and 45 MB (relayed), a 100 MB ethics
 * report without a declared length (cut off after its 5 MB), and a body declaring 1 GB
 * (refused unread). If the relay buffered, memory held would follow the upload's size.
 *
 * Then the two multipart encoders side by side, alternating in this one run (issue 25): ours
 * (`bff/forms/multipart-encoder.ts`) and `form-data-encoder`, each writing the body of
 * the largest allowed attachments to the sink through undici exactly as the relay sends it
 * (`Readable.from`, 64 KB high-water mark, chunked). The files arrive as the relay gets them from
 * the multipart parser: views of at most 64 KB into larger buffers. form-data-encoder is given
 * its best case, every part known before the first byte (the relay cannot do that: it learns
 * of each file only after relaying the one before). Before the timed rounds, both encoders
 * write a small body whose file bytes are compared with the source's (tests/bench/multipart-encoders.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { compareEncoders } from './multipart-encoders.ts';

const MB = 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024).fill(0x20);
const PDF_HEAD = new TextEncoder().encode('%PDF-1.7\n');
const SITE_ORIGIN = 'http://localhost:4321';
const gc = (globalThis as { gc?: () => void }).gc;

// ---- the sink: the cinema API's forms calls, answered once the body is drained ----------
let sinkBytes = 0;
const sink = http.createServer((request, response) => {
  request.on('data', (chunk: Buffer) => {
    sinkBytes += chunk.length;
  });
  request.on('end', () => {
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'ok', data: { id: 1, radicado: 'PQR-0001' } }));
  });
  request.on('error', () => undefined);
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  UPSTREAM_URL: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/api/v1`,
  SITE_ORIGIN,
  CAPTCHA_MAX_NUMBER: '200',
  RATE_LIMIT_FACTOR: '1000',
});
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const bffUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { 'x-viziona-client': 'web', origin: SITE_ORIGIN, 'sec-fetch-site': 'same-origin' };

async function solvedCaptcha(): Promise<string> {
  const challenge = (await (await fetch(`${bffUrl}/bff/captcha/challenge`, { headers })).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

// ---- multipart bodies streamed from one chunk ------------------------------------------
const BOUNDARY = '----viziona-bench';
const encoder = new TextEncoder();
const fieldPart = (name: string, value: string) =>
  encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const fileHead = (name: string) =>
  encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments[]"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );

function* multipart(fields: Record<string, string>, fileSizes: number[]): Generator<Uint8Array> {
  for (const [name, value] of Object.entries(fields)) yield fieldPart(name, value);
  for (const [index, size] of fileSizes.entries()) {
    yield fileHead(`anexo-${index + 1}.pdf`);
    yield PDF_HEAD;
    let left = size - PDF_HEAD.length;
    while (left > 0) {
      const take = Math.min(left, CHUNK.length);
      yield take === CHUNK.length ? CHUNK : CHUNK.subarray(0, take);
      left -= take;
    }
    yield encoder.encode('\r\n');
  }
  yield encoder.encode(`--${BOUNDARY}--\r\n`);
}

// ---- memory sampling ---------------------------------------------------------------------
interface Peak {
  rss: number;
  heap: number;
  buffers: number;
}

function sampleDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: Peak; ms: number }> {
  gc?.();
  const base = process.memoryUsage();
  const peak: Peak = { rss: 0, heap: 0, buffers: 0 };
  const sample = () => {
    gc?.();
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss - base.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed - base.heapUsed);
    peak.buffers = Math.max(peak.buffers, now.external + now.arrayBuffers - (base.external + base.arrayBuffers));
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  return work().then((result) => {
    sample();
    clearInterval(timer);
    return { result, peak, ms: performance.now() - started };
  });
}

interface Case {
  label: string;
  path: '/bff/forms/pqr' | '/bff/forms/ethics';
  fields: () => Promise<Record<string, string>>;
  fileSizes: number[];
  /** A declared length instead of a streamed body of unknown length. */
  declaredLength?: number;
}

const pqrFields = async () => ({
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '3001234567',
  type_pqr: 'Reclamo',
  message: 'Adjunto los soportes.',
  accept_terms: '1',
  captcha: await solvedCaptcha(),
});
const ethicsFields = async () => ({
  details: 'Un proveedor pidió dinero por fuera del contrato.',
  company: 'Proveedor de confitería',
  whistleblower: 'Empleado',
  captcha: await solvedCaptcha(),
});

const cases: Case[] = [
  { label: 'PQR, 1 file of 1 MB', path: '/bff/forms/pqr', fields: pqrFields, fileSizes: [1 * MB] },
  { label: 'PQR, 1 file of 9 MB', path: '/bff/forms/pqr', fields: pqrFields, fileSizes: [9 * MB] },
  { label: 'PQR, 2 files of 9 MB (18 MB)', path: '/bff/forms/pqr', fields: pqrFields, fileSizes: [9 * MB, 9 * MB] },
  {
    label: 'PQR, 5 files of 9 MB (45 MB)',
    path: '/bff/forms/pqr',
    fields: pqrFields,
    fileSizes: [9, 9, 9, 9, 9].map((size) => size * MB),
  },
  {
    label: 'ethics, 100 MB streamed (limit 5 MB)',
    path: '/bff/forms/ethics',
    fields: ethicsFields,
    fileSizes: [100 * MB],
  },
  {
    label: 'ethics, declares 1 GB',
    path: '/bff/forms/ethics',
    fields: ethicsFields,
    fileSizes: [1024 * MB],
    declaredLength: 1024 * MB + 4096,
  },
];

/** Sends one case over a raw socket-backed request so a declared length can be a lie. */
function send(item: Case, fields: Record<string, string>): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const url = new URL(item.path, bffUrl);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(item.declaredLength === undefined
          ? { 'transfer-encoding': 'chunked' }
          : { 'content-length': String(item.declaredLength) }),
      },
    });
    let sent = 0;
    let status = 0;
    const parts = multipart(fields, item.fileSizes);
    const pump = () => {
      for (;;) {
        const next = parts.next();
        if (next.done) {
          request.end();
          return;
        }
        sent += next.value.length;
        if (!request.write(next.value)) {
          request.once('drain', pump);
          return;
        }
      }
    };
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        // Stop producing: the answer is in, whatever is left of the body is not wanted.
        request.destroy();
        resolve({ status, sent });
      });
    });
    // A server that stops reading may reset the connection before or after its answer.
    request.on('error', () => resolve({ status, sent }));
    pump();
  });
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
console.log(
  `BFF form uploads, one process (BFF + sink + client), node ${process.version}${gc ? '' : ' (run with --expose-gc for steadier baselines)'}`,
);
console.log(
  'case                                    status   time ms   sent MB   upstream MB   peak RSS +MB   held heap +MB   held buffers +MB',
);
// A warm-up, so the first row does not pay for code loading.
await send(cases[0]!, await pqrFields());
await sleep(100);
const rows: Array<{ item: Case; peak: Peak; upstream: number; sent: number }> = [];
for (const item of cases) {
  const fields = await item.fields();
  sinkBytes = 0;
  const { result, peak, ms } = await sampleDuring(() => send(item, fields));
  await sleep(50);
  rows.push({ item, peak, upstream: sinkBytes, sent: result.sent });
  console.log(
    `${item.label.padEnd(40)}${(result.status === 0 ? 'reset' : String(result.status)).padStart(6)}${ms.toFixed(0).padStart(10)}${mb(result.sent).padStart(10)}${mb(sinkBytes).padStart(14)}${mb(peak.rss).padStart(15)}${mb(peak.heap).padStart(16)}${mb(peak.buffers).padStart(19)}`,
  );
}
// Side by side: 2.5 times the upload should not mean 2.5 times the memory held.
const held = (row: (typeof rows)[number]) => row.peak.heap + row.peak.buffers;
const mid = rows[2]!;
const large = rows[3]!;
console.log(
  `\nheld heap+buffers: ${mb(held(mid))} MB for 18 MB, ${mb(held(large))} MB for 45 MB: ratio ${(held(large) / held(mid)).toFixed(2)} ` +
    '(a relay that buffered uploads would be 2.5; the few MB held are data in flight between the sockets).',
);

await compareEncoders(sampleDuring);

await app.close();
sink.closeAllConnections();
await new Promise<void>((resolve) => sink.close(() => resolve()));
