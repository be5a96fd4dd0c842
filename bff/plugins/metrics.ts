import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one BFF process, served on the operations port (bff/ops-server.ts),
 * never through the public load balancer. Each app has its own registry (tests build many).
 * Labels are bounded: routes by their pattern (never the raw URL), outcomes by a fixed list.
 * Features register their own figures on `registry` (payments: bff/payments/payments-plugin.ts).
 */
export function createBffMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'viziona_bff_' });
  return {
    registry,
    requests: new Histogram({
      name: 'viziona_bff_http_request_duration_seconds',
      help: 'Requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: 'viziona_bff_upstream_calls_total',
      help: 'Calls to the cinema API, by outcome (ok, client_error, server_error, network_error)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    cacheReads: new Counter({
      name: 'viziona_bff_catalogue_cache_reads_total',
      help: 'Catalogue cache reads, by outcome (hit, miss, refreshed, stale)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'viziona_bff_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by route pattern',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    redisUp: new Gauge({
      name: 'viziona_bff_redis_up',
      help: '1 when the shared Redis answered the last readiness check, 0 when not, -1 when not configured',
      registers: [registry],
    }),
    draining: new Gauge({
      name: 'viziona_bff_draining',
      help: '1 while the process drains before closing',
      registers: [registry],
    }),
  };
}

/**
 * `viziona_bff_ready`: what `/ready` would answer, computed when Prometheus scrapes (the
 * "replica not ready" alert, docker/observability/alerts.yml). The checks run then, so
 * `viziona_bff_redis_up` is as fresh as the scrape too.
 */
function readinessGauge(app: Pick<FastifyInstance, 'lifecycle'>, registry: Registry): Gauge {
  return new Gauge({
    name: 'viziona_bff_ready',
    help: '1 when the replica is ready to serve (not draining, catalogue read works, Redis answers when configured), 0 when not',
    registers: [registry],
    async collect() {
      this.set((await app.lifecycle.readiness()).ready ? 1 : 0);
    },
  });
}

export type BffMetrics = ReturnType<typeof createBffMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: BffMetrics;
  }
}

export const metricsPlugin = fp(
  async (app) => {
    const metrics = createBffMetrics();
    app.decorate('metrics', metrics);
    readinessGauge(app, metrics.registry);
    // Callback hooks, not async ones: every answer passes here (no promise and microtask each).
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requests.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (reply.statusCode === 429) metrics.rateLimited.inc({ route });
      done();
    });
  },
  { name: 'viziona-metrics' },
);
