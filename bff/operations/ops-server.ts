import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../shared/http/client-header.ts';
import type { Lifecycle } from '../plugins/lifecycle.ts';
import type { BffMetrics } from '../plugins/metrics.ts';
import { OPERATOR_HEADER } from '../plugins/operator-access.ts';

/**
 * The operations port of a BFF replica (OPS_PORT): `GET /live`, `GET /ready` and
 * `GET /metrics` (Prometheus text), and the operator routes: any other path is the BFF's
 * `/bff/ops/<path>` (the waiting room's events: `/waiting-room/events`...), forwarded in
 * process with the operator token (plugins/operator-access.ts). Orchestrators, Prometheus and
 * operators reach it directly; it is never routed through the public load balancer, so it
 * needs no rate limit or session.
 */
interface OpsApp {
  lifecycle: Lifecycle;
  metrics: BffMetrics;
  operatorAccess: { token: string };
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
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
    if (path === '/live' || path === '/ready' || path === '/metrics') {
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
    void forward(app, request, url).then(
      (answer) =>
        answer === null
          ? reply(413, 'application/json', TOO_LARGE)
          : reply(answer.statusCode, String(answer.headers['content-type'] ?? 'application/json'), answer.rawPayload),
      () => reply(500, 'application/json', '{"status":"operator route failed"}'),
    );
  });
}

const TOO_LARGE = JSON.stringify({
  error: { code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande.' },
});

/** The operator route's answer, or null when the body is over the limit. */
async function forward(app: OpsApp, request: IncomingMessage, url: string): Promise<LightMyRequestResponse | null> {
  const method = (request.method ?? 'GET').toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(request);
  if (body === null) return null;
  const contentType = request.headers['content-type'];
  return app.inject({
    method: method as InjectOptions['method'],
    url: `/bff/ops${url}`,
    headers: {
      [OPERATOR_HEADER]: app.operatorAccess.token,
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(body.length > 0 ? { payload: body } : {}),
  });
}
