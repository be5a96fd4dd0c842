import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { isIP } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#shared/http/client-header.ts';
import { notFound } from '#bff/errors.ts';
import type { Lifecycle } from '../plugins/lifecycle.ts';
import type { BffMetrics } from '../plugins/metrics.ts';
import { OPERATOR_HEADER } from '../plugins/operator-access.ts';

/**
 * The operations port of a BFF replica (OPS_PORT): `GET /live`, `GET /ready` and
 * `GET /metrics` (Prometheus text), and the operator routes: any other path is the BFF's
 * `/bff/ops/<path>` (the waiting room's events: `/waiting-room/events`...), forwarded in
 * process with the in-process operator token (plugins/operator-access.ts). Orchestrators,
 * Prometheus and operators reach it directly; it is never routed through the public load
 * balancer, so it needs no rate limit or session.
 *
 * A browser that can reach the port (an operator's port-forward or VPN) must not let a web
 * page drive it, so before anything else:
 * - a request naming a host that is not an IP literal, `localhost` or one of OPS_HOSTS is
 *   refused (421): a rebound DNS name (`ops.evil.example` pointing at the port) reads nothing;
 * - a request carrying `Origin` is refused (403): the CLI, curl, probes and Prometheus send
 *   none, and the port has no page of its own, so an `Origin` means another site's page;
 * - the operator routes need `Authorization: Bearer <OPS_TOKEN>` (401 otherwise), compared in
 *   constant time and never logged; only a path that stays under `/bff/ops/` once normalised
 *   (`..`, `%2e%2e`, backslashes resolved as a URL parser resolves them) is forwarded, anything
 *   else is 404, so the token never opens a public route (`GET /../session`). `/live`, `/ready` and `/metrics` need no token: the kubelet
 *   and Prometheus reach them (only them and the operators, by the NetworkPolicy of
 *   docker/kubernetes/network-policy.yaml), and they change nothing and carry no personal data.
 */
interface OpsApp {
  lifecycle: Lifecycle;
  metrics: BffMetrics;
  operatorAccess: { token: string };
  config: { opsToken: string; opsHosts: readonly string[] };
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

const PROBE_PATHS = new Set(['/live', '/ready', '/metrics']);

/** The host name of a Host header (`[::1]:9300` → `::1`), lower-case; null when there is none. */
function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1] ?? null;
  return value.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Whether the port answers a request naming this host. */
export function isKnownOpsHost(header: string | undefined, opsHosts: readonly string[]): boolean {
  const name = hostNameOf(header);
  if (!name) return false;
  return isIP(name) !== 0 || name === 'localhost' || opsHosts.includes(name);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const refusal = (code: string, message: string) => JSON.stringify({ error: { code, message } });

const OPERATOR_PREFIX = '/bff/ops/';
const NORMALISING_BASE = 'http://ops.invalid';

/**
 * The in-process URL of the operator route a request names (`/waiting-room/events` →
 * `/bff/ops/waiting-room/events`), normalised as the router would see it; null when the
 * normalised path leaves `/bff/ops/` or the target is not a path.
 */
export function operatorRouteUrl(requestUrl: string): string | null {
  if (!requestUrl.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(`${OPERATOR_PREFIX.slice(0, -1)}${requestUrl}`, NORMALISING_BASE);
  } catch {
    return null;
  }
  if (url.origin !== NORMALISING_BASE || !url.pathname.startsWith(OPERATOR_PREFIX)) return null;
  return `${url.pathname}${url.search}`;
}

/** Operator bodies are small JSON documents. */
const MAX_BODY_BYTES = 64 * 1024;

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export function createOpsServer(app: OpsApp): Server {
  return createServer((request, response) => {
    const reply = (status: number, type: string, body: string | Buffer): void => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    if (!isKnownOpsHost(request.headers.host, app.config.opsHosts))
      return reply(421, 'application/json', refusal('UNKNOWN_HOST', 'Este puerto no atiende ese nombre de host.'));
    if (request.headers.origin !== undefined)
      return reply(403, 'application/json', refusal('CROSS_SITE', 'El puerto de operación no atiende páginas web.'));
    if (PROBE_PATHS.has(path)) {
      if (request.method !== 'GET') return reply(405, 'application/json', '{"status":"method not allowed"}');
      if (path === '/live') return reply(200, 'application/json', '{"status":"live"}');
      if (path === '/ready') {
        void app.lifecycle.readiness().then((readiness) => {
          reply(readiness.ready ? 200 : 503, 'application/json', JSON.stringify(readiness));
        });
        return;
      }
      void app.metrics.registry.metrics().then(
        (text) => reply(200, app.metrics.registry.contentType, text),
        () => reply(500, 'text/plain', 'metrics unavailable'),
      );
      return;
    }
    if (!bearerMatches(request.headers.authorization, app.config.opsToken)) {
      response.setHeader('www-authenticate', 'Bearer realm="viziona-ops"');
      return reply(401, 'application/json', refusal('UNAUTHORIZED', 'Falta el token de operador (OPS_TOKEN).'));
    }
    const target = operatorRouteUrl(url);
    if (target === null) return reply(404, 'application/json', NOT_FOUND);
    void forward(app, request, target).then(
      (answer) =>
        answer === null
          ? reply(413, 'application/json', TOO_LARGE)
          : reply(answer.statusCode, String(answer.headers['content-type'] ?? 'application/json'), answer.rawPayload),
      () => reply(500, 'application/json', '{"status":"operator route failed"}'),
    );
  });
}

const NOT_FOUND = JSON.stringify(notFound().toBody());

const TOO_LARGE = JSON.stringify({
  error: { code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande.' },
});

/** The operator route's answer (`target` from `operatorRouteUrl`), or null when the body is over the limit. */
async function forward(app: OpsApp, request: IncomingMessage, target: string): Promise<LightMyRequestResponse | null> {
  const method = (request.method ?? 'GET').toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(request);
  if (body === null) return null;
  const contentType = request.headers['content-type'];
  return app.inject({
    method: method as InjectOptions['method'],
    url: target,
    headers: {
      [OPERATOR_HEADER]: app.operatorAccess.token,
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(body.length > 0 ? { payload: body } : {}),
  });
}
