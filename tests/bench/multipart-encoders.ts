/**
 * Part of `npm run bench:forms`: our multipart encoder and `form-data-encoder`, side by side in
 * one run, alternating (see form-uploads.ts for what is measured and how).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { FormDataEncoder, type FileLike, type FormDataEntryValue, type FormDataLike } from 'form-data-encoder';
import { Pool } from 'undici';
import { ATTACHMENTS_FIELD } from '#shared/cinema-api/forms.ts';
import { MultipartEncoder } from '#bff/forms/multipart-encoder.ts';

interface Peak {
  rss: number;
  heap: number;
  buffers: number;
}
type Sampler = <T>(work: () => Promise<T>) => Promise<{ result: T; peak: Peak; ms: number }>;

const MB = 1024 * 1024;
/** The parser hands a file over as views into the socket's reads, at most 64 KB each. */
const PARSER_CHUNK = 64 * 1024;
const POOL_BYTES = MB;
const POOL = Buffer.alloc(POOL_BYTES);
for (let index = 0; index < POOL_BYTES; index += 1) POOL[index] = (index * 31 + (index >>> 8)) & 0xff;

/** A file's bytes as views into one reused buffer, never at offset 0 (like pooled socket reads). */
async function* fileChunks(size: number, chunkBytes = PARSER_CHUNK): AsyncGenerator<Buffer> {
  let sent = 0;
  let offset = 1;
  while (sent < size) {
    const length = Math.min(chunkBytes, size - sent);
    if (offset + length > POOL_BYTES) offset = 1;
    yield POOL.subarray(offset, offset + length);
    sent += length;
    offset += length + 7;
  }
}

interface FileSpec {
  name: string;
  size: number;
}
interface EncodedBody {
  contentType: string;
  body: AsyncIterable<Uint8Array>;
}
type Encode = (
  fields: ReadonlyArray<[string, string]>,
  files: ReadonlyArray<FileSpec>,
  chunkBytes?: number,
) => EncodedBody;

const ownEncoder: Encode = (fields, files, chunkBytes) => {
  const encoder = new MultipartEncoder();
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of fields) yield encoder.field(name, value);
    for (const file of files) {
      yield encoder.fileStart(ATTACHMENTS_FIELD, file.name, 'application/pdf');
      yield* fileChunks(file.size, chunkBytes);
      yield encoder.fileEnd();
    }
    yield encoder.close();
  }
  return { contentType: encoder.contentType, body: body() };
};

/** The smallest FormData form-data-encoder accepts (undici's only takes whole Blobs). */
class StreamedFormData implements FormDataLike {
  readonly #entries: Array<[string, FormDataEntryValue]> = [];
  readonly [Symbol.toStringTag] = 'FormData';
  append(name: string, value: FormDataEntryValue): void {
    this.#entries.push([name, value]);
  }
  getAll(name: string): FormDataEntryValue[] {
    return this.#entries.filter(([key]) => key === name).map(([, value]) => value);
  }
  entries(): IterableIterator<[string, FormDataEntryValue]> {
    return this.#entries[Symbol.iterator]();
  }
  [Symbol.iterator](): IterableIterator<[string, FormDataEntryValue]> {
    return this.entries();
  }
}

const formDataEncoder: Encode = (fields, files, chunkBytes) => {
  const form = new StreamedFormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) {
    const streamed: FileLike = {
      name: file.name,
      type: 'application/pdf',
      // The relay does not know a file's size before it has passed: no Content-Length.
      size: Number.NaN,
      lastModified: 0,
      stream: () => fileChunks(file.size, chunkBytes),
      [Symbol.toStringTag]: 'File',
    };
    form.append(ATTACHMENTS_FIELD, streamed);
  }
  const encoder = new FormDataEncoder(form);
  return { contentType: encoder.contentType, body: encoder.encode() };
};

const ENCODERS: ReadonlyArray<{ label: string; encode: Encode }> = [
  { label: 'ours', encode: ownEncoder },
  { label: 'form-data-encoder', encode: formDataEncoder },
];

const FIELDS: ReadonlyArray<[string, string]> = [
  ['name', 'Ana Pérez'],
  ['email', 'ana@example.com'],
  ['phone', '3001234567'],
  ['type_pqr', 'Reclamo'],
  ['message', 'Adjunto los soportes.\n'.repeat(200)],
  ['accept_terms', '1'],
];
const files = (count: number, size: number): FileSpec[] =>
  Array.from({ length: count }, (_, index) => ({ name: `anexo-${index + 1}.pdf`, size }));
const CASES = [
  { label: 'PQR, 1 file of 10 MB', files: files(1, 10 * MB) },
  { label: 'PQR, 5 files of 10 MB (largest)', files: files(5, 10 * MB) },
  { label: 'ethics, 10 files of 0.5 MB (5 MB)', files: files(10, MB / 2) },
];

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/** Whether every file's bytes sit intact in the body, right after its part header. */
async function filesIntact(encode: Encode, chunkBytes: number): Promise<boolean> {
  const sample = files(2, 300 * 1024);
  const body = await collect(encode(FIELDS, sample, chunkBytes).body);
  for (const file of sample) {
    const header = body.indexOf(`filename="${file.name}"`);
    const start = body.indexOf('\r\n\r\n', header) + 4;
    const expected = await collect(fileChunks(file.size, chunkBytes));
    if (header < 0 || !body.subarray(start, start + file.size).equals(expected)) return false;
    if (body.subarray(start + file.size, start + file.size + 4).toString() !== '\r\n--') return false;
  }
  return true;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

export async function compareEncoders(sample: Sampler): Promise<void> {
  let received = 0;
  const sink = http.createServer((request, response) => {
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    request.on('end', () => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"message":"ok","data":{"id":1}}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const pool = new Pool(`http://127.0.0.1:${(sink.address() as AddressInfo).port}`, { connections: 2 });

  const send = async ({ contentType, body }: EncodedBody): Promise<number> => {
    const answer = await pool.request({
      method: 'POST',
      path: '/api/v1/pqrs',
      headers: { 'content-type': contentType },
      // As the relay sends it (bff/plugins/upstream.ts, stream()).
      body: Readable.from(body, { objectMode: false, highWaterMark: 64 * 1024 }),
    });
    await answer.body.text();
    return answer.statusCode;
  };

  const rounds = Number(process.env.BENCH_ENCODER_ROUNDS ?? 5);
  console.log(
    `\nmultipart encoders side by side: ${rounds} rounds, alternating which goes first; time from runs without sampling, ` +
      'memory from as many runs sampled as in the table above (a full collection every 10 ms slows a run several times over)',
  );
  for (const { label, encode } of ENCODERS) {
    const small = await filesIntact(encode, PARSER_CHUNK);
    const large = await filesIntact(encode, 100 * 1024);
    console.log(
      `file bytes intact, ${label}: ${small ? 'yes' : 'NO'} with the parser's views (≤ 64 KB), ${large ? 'yes' : 'NO'} with a 100 KB view`,
    );
  }
  // The encoders' own cost, without sockets: the largest case drained into a byte count.
  const largest = CASES[1]!;
  const drainTimes = new Map<string, number[]>();
  for (let round = 0; round < rounds * 4; round += 1) {
    for (const { label, encode } of round % 2 === 0 ? ENCODERS : [...ENCODERS].reverse()) {
      const started = performance.now();
      let bytes = 0;
      for await (const part of encode(FIELDS, largest.files).body) bytes += part.byteLength;
      drainTimes.set(label, [...(drainTimes.get(label) ?? []), performance.now() - started]);
      if (bytes < 50 * MB) throw new Error(`${label} wrote ${bytes} bytes`);
    }
  }
  console.log(
    `encoding alone, ${largest.label}, ${rounds * 4} rounds: ` +
      ENCODERS.map(({ label }) => `${label} median ${median(drainTimes.get(label) ?? []).toFixed(1)} ms`).join(', '),
  );
  console.log(
    'case                                encoder              status   time ms (median, min-max)   upstream MB   held heap+buffers +MB (median, max)   peak RSS +MB',
  );
  for (const item of CASES) {
    await send(ownEncoder(FIELDS, item.files)); // warm-up of the connection and the code
    const runs = new Map<string, Array<{ ms: number; held: number; rss: number; status: number; upstream: number }>>();
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ENCODERS : [...ENCODERS].reverse();
      for (const { label, encode } of order) {
        received = 0;
        const started = performance.now();
        const status = await send(encode(FIELDS, item.files));
        const ms = performance.now() - started;
        const upstream = received;
        const { peak } = await sample(() => send(encode(FIELDS, item.files)));
        runs.set(label, [
          ...(runs.get(label) ?? []),
          { ms, held: peak.heap + peak.buffers, rss: peak.rss, status, upstream },
        ]);
      }
    }
    for (const { label } of ENCODERS) {
      const rows = runs.get(label) ?? [];
      const times = rows.map((row) => row.ms);
      const held = rows.map((row) => row.held);
      console.log(
        `${item.label.padEnd(36)}${label.padEnd(21)}${String(rows[0]?.status ?? 0).padStart(6)}` +
          `${`${median(times).toFixed(0)} (${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)})`.padStart(28)}` +
          `${mb(rows[0]?.upstream ?? 0).padStart(14)}${`${mb(median(held))}, ${mb(Math.max(...held))}`.padStart(38)}${mb(Math.max(...rows.map((row) => row.rss))).padStart(15)}`,
      );
    }
  }
  await pool.close();
  sink.closeAllConnections();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
}
