/**
 * The site's production server: the only file that listens. It validates the configuration
 * (a bad variable stops it here, named), serves the built Astro app (`dist/`) with a request
 * id on every request (the load balancer's, passed on to the BFF) and one JSON log line per
 * request, runs the operations port (/live, /ready, /metrics) and drains on SIGTERM:
 * readiness turns false at once, requests are served for DRAIN_SECONDS more, then the
 * listener closes, in-flight requests finish and idle keep-alive connections are closed.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { formatWithOptions } from 'node:util';
import { pino } from 'pino';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { requestContext } from './lib/request-context.ts';
import { routeServerLog } from './lib/server-log.ts';
import { publicFileCacheControls } from './lib/public-files.ts';
import { loadSiteEnv, SiteConfigError, type SiteEnv } from './lib/server-env.ts';
import type { ContractName } from '#shared/contract/contract.ts';
import { pathOf as endpointPath } from '#shared/contract/path.ts';

let env: SiteEnv;
try {
  env = loadSiteEnv(process.env);
} catch (error) {
  if (error instanceof SiteConfigError) {
    console.error(`[site] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const log = pino({
  level: env.logLevel,
  base: { service: 'site' },
  mixin: () => {
    const context = requestContext.getStore();
    return context ? { reqId: context.id } : {};
  },
});

routeServerLog((level, event, details) => log[level](details, `[site] ${event}`));
// Anything else written with console (the adapter's own errors): every such line becomes JSON with its request id
// (a path with a newline in it can no longer forge a line).
const asText = (args: unknown[]): string => formatWithOptions({ breakLength: Infinity }, ...args);
console.error = (...args: unknown[]) => log.error(asText(args));
console.warn = (...args: unknown[]) => log.warn(asText(args));
console.log = (...args: unknown[]) => log.info(asText(args));
console.info = console.log;

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = new URL('../dist/server/entry.mjs', import.meta.url).href;
const { handler } = (await import(entry)) as { handler: (req: IncomingMessage, res: ServerResponse) => void };
const publicFiles = await publicFileCacheControls(new URL('../dist/client/', import.meta.url));

const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'viziona_site_' });
const requests = new Histogram({
  name: 'viziona_site_http_request_duration_seconds',
  help: 'Requests answered, by method, page pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

// What /ready would answer, computed when Prometheus scrapes (the "replica not ready" alert).
new Gauge({
  name: 'viziona_site_ready',
  help: '1 when the replica is ready to serve (not draining, the BFF answers), 0 when not',
  registers: [registry],
  async collect() {
    this.set(!draining && (await bffReachable()) ? 1 : 0);
  },
});

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const SECRET_PATH = /^(\/forgot-password\/|\/avisos\/cancelar\/)[^/?#]+/;
const pathOf = (url: string): string => url.split('?')[0] ?? '/';
/** A path as logged: the reset code and an alert's cancel token masked, no query (it may carry a return address or a code). */
const loggedPath = (url: string): string => pathOf(url).replace(SECRET_PATH, '$1[REDACTED]');

let draining = false;

const server = createServer((req, res) => {
  const header = req.headers['x-request-id'];
  const id = typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  if (draining) res.setHeader('connection', 'close');
  // The adapter's file server keeps a Cache-Control already set.
  const publicFile =
    req.method === 'GET' || req.method === 'HEAD' ? publicFiles.get(pathOf(req.url ?? '/')) : undefined;
  if (publicFile) res.setHeader('cache-control', publicFile);
  const started = performance.now();
  const context = { id, route: 'static' };
  res.on('finish', () => {
    const seconds = (performance.now() - started) / 1000;
    requests.observe(
      { method: req.method ?? 'GET', route: context.route, status_code: String(res.statusCode) },
      seconds,
    );
    requestContext.run(context, () =>
      log.info(
        {
          req: { method: req.method, url: loggedPath(req.url ?? '/') },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(seconds * 1000),
        },
        'request completed',
      ),
    );
  });
  requestContext.run(context, () => handler(req, res));
});
server.keepAliveTimeout = 65_000;
// A slow client cannot hold a connection open forever (bodies are the BFF's, pages are GETs).
server.requestTimeout = 30_000;
server.headersTimeout = 20_000;

/** The BFF's liveness read: this replica is not ready while the BFF does not answer it. */
const BFF_HEALTH = 'GET /health' satisfies ContractName;

async function bffReachable(): Promise<boolean> {
  try {
    const answer = await fetch(`${env.bffUrl}/bff${endpointPath(BFF_HEALTH)}`, { signal: AbortSignal.timeout(1_000) });
    return answer.ok;
  } catch {
    return false;
  }
}

const ops = createServer((req, res) => {
  const reply = (status: number, type: string, body: string): void => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/live') return reply(200, 'application/json', '{"status":"live"}');
  if (path === '/ready') {
    void bffReachable().then((bff) => {
      const ready = !draining && bff;
      reply(ready ? 200 : 503, 'application/json', JSON.stringify({ ready, draining, checks: { bff } }));
    });
    return;
  }
  if (path === '/metrics') {
    void registry.metrics().then((text) => reply(200, registry.contentType, text));
    return;
  }
  reply(404, 'application/json', '{"status":"not found"}');
});

let closing = false;
async function close(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  draining = true;
  log.info({ signal, drainMs: env.drainMs }, 'draining');
  await new Promise((resolve) => setTimeout(resolve, env.drainMs));
  const forced = setTimeout(() => {
    log.error('close timed out, exiting');
    process.exit(1);
  }, 10_000);
  forced.unref();
  server.close(() => {
    ops.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

server.listen(env.port, env.host, () => log.info({ port: env.port }, 'site listening'));
if (env.opsPort !== undefined) {
  const opsPort = env.opsPort;
  ops.listen(opsPort, env.host, () =>
    log.info({ port: opsPort }, 'operations port listening (/live, /ready, /metrics)'),
  );
}
