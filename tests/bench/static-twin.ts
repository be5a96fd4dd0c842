import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'undici';
import type { Topology } from '../topology/stack.ts';

/**
 * A page's static twin that answers with the page's own headers (`bench:rush`, issue 40): the
 * same file and `.gz` bytes as the plain twin under `/__rush-static/`, served by nginx from an
 * exact location of its own under `/__rush-twin/` whose `add_header`s repeat, one by one, every
 * header the live page answer carried through the edge (its Content-Security-Policy and the
 * other security headers, Cache-Control, Vary, the edge's own). Taken from that answer at run
 * time, so the twin can never drift from the page. Left out are only the headers nginx writes
 * for any static file itself (the framing, the dates, its ETag, the coding gzip_static sets);
 * the request id stays a fresh one per answer, as the page's is.
 */

const WRITTEN_BY_NGINX_FOR_A_FILE = new Set([
  'date',
  'server',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'last-modified',
  'accept-ranges',
]);

/** A header value as an nginx quoted string; nginx has no escape for `$` (a variable), so a value with one is refused. */
function nginxString(value: string): string {
  if (value.includes('$')) throw new Error(`a header value with "$" cannot be repeated by add_header: ${value}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function twinPath(name: string): string {
  return `/__rush-twin/${name}.html`;
}

/**
 * Writes the twin's location (`name.locations.conf`, which the edge includes: `stack.ts`) for
 * the file `name.html` (and `name.html.gz`) already in `staticRoot`, with the page's headers.
 */
export function writeTwinLocation(staticRoot: string, name: string, pageHeaders: IncomingHttpHeaders): void {
  const lines: string[] = [];
  for (const [header, value] of Object.entries(pageHeaders)) {
    if (value === undefined) continue;
    if (header === 'x-request-id') {
      lines.push('add_header X-Request-Id $request_id always;');
      continue;
    }
    if (!repeated(header)) continue;
    for (const one of Array.isArray(value) ? value : [value])
      lines.push(`add_header ${header} ${nginxString(one)} always;`);
  }
  const contentType = String(pageHeaders['content-type'] ?? 'text/html; charset=utf-8');
  const file = path.join(staticRoot, `${name}.html`);
  writeFileSync(
    path.join(staticRoot, `${name}.locations.conf`),
    [
      `location = ${twinPath(name)} {`,
      `  alias ${file};`,
      `  default_type ${nginxString(contentType)};`,
      '  gzip_static on;',
      ...lines.map((line) => `  ${line}`),
      '}',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
}

/** A header of the page the twin must repeat (the request id is fresh on each answer). */
function repeated(header: string): boolean {
  return !WRITTEN_BY_NGINX_FOR_A_FILE.has(header) && header !== 'x-request-id';
}

/**
 * nginx reads the twins' locations: a reload (SIGHUP to its master), then each twin answers
 * 200 with every header of its page.
 */
export async function reloadEdgeForTwins(
  topology: Topology,
  pages: Array<{ name: string; headers: IncomingHttpHeaders }>,
): Promise<void> {
  const master = topology.nginx.child?.pid;
  if (master === undefined) throw new Error('nginx is not running');
  process.kill(master, 'SIGHUP');
  const deadline = Date.now() + 15_000;
  for (const page of pages) {
    for (;;) {
      const answer = await request(`${topology.url}${twinPath(page.name)}`, { headers: { 'accept-encoding': 'gzip' } });
      await answer.body.arrayBuffer();
      const missing = Object.keys(page.headers).filter(
        (header) => repeated(header) && String(answer.headers[header]) !== String(page.headers[header]),
      );
      if (answer.statusCode === 200 && missing.length === 0) break;
      if (Date.now() > deadline)
        throw new Error(
          `the twin of ${page.name} answers ${answer.statusCode}, without ${missing.join(', ')} of the page, after the reload`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
