import { createServer, type Server } from 'node:http';
import type { Lifecycle } from '../plugins/lifecycle.ts';
import type { BffMetrics } from '../plugins/metrics.ts';

/**
 * The operations port of a BFF replica (OPS_PORT): `GET /live`, `GET /ready` and
 * `GET /metrics` (Prometheus text). Orchestrators and Prometheus reach it directly; it is
 * never routed through the public load balancer, so it needs no rate limit or session.
 */
export function createOpsServer(app: { lifecycle: Lifecycle; metrics: BffMetrics }): Server {
  return createServer((request, response) => {
    const reply = (status: number, type: string, body: string): void => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') return reply(405, 'application/json', '{"status":"method not allowed"}');
    if (path === '/live') return reply(200, 'application/json', '{"status":"live"}');
    if (path === '/ready') {
      void app.lifecycle.readiness().then((readiness) => {
        reply(readiness.ready ? 200 : 503, 'application/json', JSON.stringify(readiness));
      });
      return;
    }
    if (path === '/metrics') {
      void app.metrics.registry.metrics().then(
        (text) => reply(200, app.metrics.registry.contentType, text),
        () => reply(500, 'text/plain', 'metrics unavailable'),
      );
      return;
    }
    reply(404, 'application/json', '{"status":"not found"}');
  });
}
