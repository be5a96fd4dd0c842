import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from '../debian-packages.ts';
import { EDGE_METRICS_LOG, startObservability, type Observability } from './observability.ts';
import { untilTrue } from '../until.ts';
import { httpAnswers, service, type Probe, type Service } from './processes.ts';
import { WARM_UP_ID_PREFIX } from '#site/lib/image-warmup.ts';
import { SITE_MALLOC_ENV } from '../../docker/site-malloc.ts';

/**
 * The production topology as local processes: Debian's nginx rendered from our own
 * `docker/nginx.conf.template`, Redis, the sandbox, two BFF replicas and two site replicas
 * (the built `dist/server.mjs`, as the site image runs it). Each process can be killed,
 * stopped or started again on its own port.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const node = process.execPath;

const redisAnswers =
  (port: number): Probe =>
  () =>
    new Promise<void>((resolve, reject) => {
      const socket = createConnection(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', () => {
        socket.end();
        resolve();
      });
      socket.once('error', reject);
    });

/** Fills the template's `${NGINX_*}` variables, as the nginx image's envsubst does in compose. */
export function renderNginxConf(values: Record<string, string>): string {
  const template = readFileSync(path.join(root, 'docker/nginx.conf.template'), 'utf8');
  return template.replace(/\$\{(NGINX_[A-Z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template variable ${name} has no value`);
    return value;
  });
}

/** What went past each layer during a stretch of time, from the processes' own logs. */
export interface Traffic {
  /** Calls the cinema API (the sandbox) took, by path (query values are redacted in its log). */
  cinemaApi: Map<string, number>;
  /** Requests nginx passed to a site or BFF replica (misses, refreshes, uncached paths), by path without the query. */
  passedOn: Map<string, number>;
  /** What the site replicas answered, by status and path without the query ('304 /salas'), background refreshes included. */
  siteAnswers: Map<string, number>;
  /**
   * The photos the sites asked of the edge ahead of visitors (site/lib/image-warmer.ts), by
   * status, that nginx passed on to a site: not in `passedOn` nor `siteAnswers`, which count
   * what visitors' requests made happen.
   */
  warmUps: Map<string, number>;
  /** Requests nginx passed on, by the replica's address ('127.0.0.1:5610'; a retry lists both, comma-separated). */
  upstreams: Map<string, number>;
}

/** The request id of the sites' own photo warm-ups (site/lib/image-warmer.ts). */
const isWarmUp = (entry: Record<string, unknown>): boolean => String(entry.reqId ?? '').startsWith(WARM_UP_ID_PREFIX);

/** Requests the tests send to mark how far each log has been written (never counted as traffic). */
const LOG_MARK = 'topology-log-mark';

function tally(text: string, keep: (entry: Record<string, unknown>) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    // The last line may still be being written.
    if (!line.startsWith('{') || !line.endsWith('}') || line.includes(LOG_MARK)) continue;
    const key = keep(JSON.parse(line) as Record<string, unknown>);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** A site replica's log file under logs/ (replica 0 writes site-1.log). */
const siteLogFile = (index: number): string => `site-${index + 1}.log`;
const SITE_LOGS = [0, 1].map(siteLogFile);

interface LoggingProcesses {
  edgeUrl: string;
  sandbox: Service;
  sites: readonly Service[];
}

/**
 * `watch()` before a stretch of traffic; the function it returns counts what went by since.
 * Both first wait until every log holds the lines of what was answered before the call (each
 * process writes its line once the answer went out, the sandbox's and the sites' through a
 * pipe): a marked request to each running process, and its line read back. No pause guesses
 * how long the writing takes.
 */
function trafficWatch(logs: string, processes: LoggingProcesses): () => Promise<() => Promise<Traffic>> {
  const read = (file: string): string => {
    try {
      return readFileSync(path.join(logs, file), 'utf8');
    } catch {
      return '';
    }
  };
  let marks = 0;
  const markIn = async (file: string, url: string, mark: string, headers: Record<string, string> = {}) => {
    await (await fetch(url, { headers })).arrayBuffer();
    await untilTrue(`the line of ${mark} in logs/${file}`, () => read(file).includes(mark), { intervalMs: 50 });
  };
  const caughtUp = async (): Promise<void> => {
    const mark = `${LOG_MARK}-${(marks += 1)}`;
    await Promise.all([
      // nginx answers /bff/ops/ itself (404): nothing passes on. The sandbox logs a query as
      // `?[redacted]`, so its mark is in the path (a 404 it still logs, outside /api/).
      markIn('nginx-access.log', `${processes.edgeUrl}/bff/ops/${mark}`, mark),
      ...(processes.sandbox.child
        ? [markIn('sandbox.log', `http://127.0.0.1:${processes.sandbox.port}/sandbox/log-mark/${mark}`, mark)]
        : []),
      // A site logs the path without its query, with the request id it was given.
      ...processes.sites.flatMap((site, index) =>
        site.child
          ? [markIn(siteLogFile(index), `http://127.0.0.1:${site.port}/favicon.svg`, mark, { 'x-request-id': mark })]
          : [],
      ),
    ]);
  };
  return async () => {
    await caughtUp();
    const from = {
      sandbox: read('sandbox.log').length,
      nginx: read('nginx-access.log').length,
      sites: SITE_LOGS.map((file) => read(file).length),
    };
    return async () => {
      await caughtUp();
      return {
        cinemaApi: tally(read('sandbox.log').slice(from.sandbox), (entry) => {
          const url = entry.msg === 'incoming request' ? ((entry.req as { url?: string } | undefined)?.url ?? '') : '';
          return url.startsWith('/api/') ? url : null;
        }),
        passedOn: tally(read('nginx-access.log').slice(from.nginx), (entry) =>
          entry.upstream && !isWarmUp(entry) ? String(entry.uri) : null,
        ),
        warmUps: tally(read('nginx-access.log').slice(from.nginx), (entry) =>
          entry.upstream && isWarmUp(entry) ? `${String(entry.status)} ${String(entry.uri)}` : null,
        ),
        upstreams: tally(read('nginx-access.log').slice(from.nginx), (entry) =>
          entry.upstream ? String(entry.upstream) : null,
        ),
        siteAnswers: tally(SITE_LOGS.map((file, index) => read(file).slice(from.sites[index])).join('\n'), (entry) => {
          if (entry.msg !== 'request completed' || isWarmUp(entry)) return null;
          const url = (entry.req as { url?: string } | undefined)?.url;
          const status = (entry.res as { statusCode?: number } | undefined)?.statusCode;
          return url && status ? `${status} ${url}` : null;
        }),
      };
    };
  };
}

/** How long the BFF replicas serve a catalogue entry before asking the cinema API again (5 min in production). */
export const CATALOGUE_FRESH_SECONDS = 1;

export interface Topology {
  readonly url: string;
  readonly sandboxUrl: string;
  /** An image origin the site accepts where nothing listens until a test serves images there. */
  readonly imageHostUrl: string;
  readonly dir: string;
  readonly nginx: Service;
  readonly redis: Service;
  readonly sandbox: Service;
  readonly bffs: [Service, Service];
  readonly sites: [Service, Service];
  /** Prometheus and mtail watching the replicas and the edge (when started with `observability`). */
  readonly observability: Observability | null;
  /** Counts what reaches the replicas and the cinema API from now on (logs/), once every log has caught up. */
  watch(): Promise<() => Promise<Traffic>>;
  close(): Promise<void>;
}

export interface TopologyOptions {
  /** More of the BFF replicas' settings, as an operator would set them (`npm run bench:presale`). */
  bffEnv?: Record<string, string>;
  /** More of the site replicas' settings (`npm run bench:memory` starts them with an inspector). */
  siteEnv?: Record<string, string>;
  /**
   * One site replica's own settings over those (index 0 or 1; a value `undefined` unsets one):
   * `npm run bench:memory` runs the second with glibc's default malloc arenas beside the first.
   */
  siteEnvOf?: (index: number) => Record<string, string | undefined>;
  /** The edge's micro-cache of public pages and reads (on unless false: `npm run bench:rush` measures both). */
  microCache?: boolean;
  /**
   * A folder nginx serves itself under `/__rush-static/` (the benchmark's static copies of
   * pages); a `name.gz` beside `name` is served as it is to a client that takes gzip. Its
   * `*.locations.conf` files are included in the edge's server block (none at start: a bench
   * writes them, then reloads nginx, for a static twin answering with a page's own headers).
   */
  staticRoot?: string;
  /**
   * mtail counting nginx's lines and Debian's Prometheus for the replicas' operations ports, as
   * compose runs them (docker/observability), on ports base+30 and base+31. mtail starts with
   * the stack; Prometheus when `observability.prometheus.start()` is called (its scrapes ask
   * every replica's readiness, which reads the catalogue: tests that count cinema API calls
   * run before it).
   */
  observability?: boolean;
  /**
   * The sites warm the edge with the photos of each page they render (`IMAGE_WARM_URL`, on
   * unless false: `npm run bench:rush` leaves it off, its resizes would share the cores with
   * the rush it measures).
   */
  imageWarmUp?: boolean;
}

export async function startTopology(
  base = Number(process.env.TOPOLOGY_PORT ?? 5600),
  options: TopologyOptions = {},
): Promise<Topology> {
  await ensureDebianPackages(
    options.observability ? ['nginx', 'redis-server', 'prometheus', 'mtail'] : ['nginx', 'redis-server'],
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'viziona-topology-'));
  const logs = path.join(dir, 'logs');
  mkdirSync(logs);
  const ports = {
    nginx: base,
    internal: base + 1,
    sandbox: base + 2,
    redis: base + 3,
    /** A second image host the tests start and stop themselves (the image path's outage cases). */
    imageHost: base + 4,
    bff: [base + 10, base + 12],
    site: [base + 20, base + 22],
    prometheus: base + 30,
    mtail: base + 31,
  };
  const url = `http://127.0.0.1:${ports.nginx}`;
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;

  // A port still answering means processes of an earlier run: they would answer instead of ours.
  const taken = await Promise.all(
    [
      ports.nginx,
      ports.internal,
      ports.sandbox,
      ports.redis,
      ...ports.bff,
      ...ports.site,
      ...(options.observability ? [ports.prometheus, ports.mtail] : []),
    ].map(
      async (port) =>
        new Promise<number | null>((resolve) => {
          const socket = createConnection(port, '127.0.0.1', () => {
            socket.destroy();
            resolve(port);
          });
          socket.once('error', () => resolve(null));
        }),
    ),
  );
  const busy = taken.filter((port) => port !== null);
  if (busy.length > 0)
    throw new Error(`ports ${busy.join(', ')} are already in use (set TOPOLOGY_PORT to another base)`);

  // nginx's workers run as nobody when the tests run as root: they must reach their folders.
  chmodSync(dir, 0o711);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    mkdirSync(path.join(dir, temp));
    chmodSync(path.join(dir, temp), 0o777);
  }
  const server = (port: number) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    renderNginxConf({
      NGINX_PID: path.join(dir, 'nginx.pid'),
      NGINX_ACCESS_LOG: path.join(logs, 'nginx-access.log'),
      NGINX_TEMP_PATHS: ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((kind) => `${kind}_temp_path ${path.join(dir, kind === 'client_body' ? 'body' : kind)};`)
        .join('\n  '),
      NGINX_RESOLVER: '',
      NGINX_REAL_IP: '',
      NGINX_METRICS_LOG: options.observability
        ? `access_log ${path.join(logs, EDGE_METRICS_LOG)} viziona_metrics buffer=32k flush=1s;`
        : '',
      NGINX_CACHE_PATH: path.join(dir, 'cache'),
      NGINX_MICRO_CACHE: options.microCache === false ? 'off' : 'micro',
      // A file with a `.gz` beside it is sent as those bytes (gzip_static): the static twin of a page compressed once.
      NGINX_BENCH_LOCATIONS: options.staticRoot
        ? `location ^~ /__rush-static/ { alias ${options.staticRoot}/; default_type "text/html; charset=utf-8"; gzip_static on; }\n    include ${options.staticRoot}/*.locations.conf;`
        : '',
      NGINX_LISTEN: `127.0.0.1:${ports.nginx}`,
      NGINX_INTERNAL_LISTEN: `127.0.0.1:${ports.internal}`,
      NGINX_SITE_SERVERS: ports.site.map(server).join('\n    '),
      NGINX_BFF_SERVERS: ports.bff.map(server).join('\n    '),
    }),
  );

  // As in compose and Kubernetes: an append-only file, written every second.
  const redisArgs = [
    '--port',
    String(ports.redis),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--dir',
    dir,
  ];
  const redis = service(
    'redis',
    ports.redis,
    'redis-server',
    redisArgs,
    {},
    redisAnswers(ports.redis),
    path.join(logs, 'redis.log'),
  );

  const sandbox = service(
    'sandbox',
    ports.sandbox,
    node,
    ['sandbox/server.ts'],
    // At info the sandbox logs each request it takes: the cinema API's calls, counted by `upstreamCalls`.
    {
      SANDBOX_PORT: String(ports.sandbox),
      SANDBOX_DB: ':memory:',
      SITE_URL: url,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
    },
    httpAnswers(`${sandboxUrl}/sandbox/health`),
    path.join(logs, 'sandbox.log'),
  );

  const bff = (index: number, port: number): Service =>
    service(
      `bff-${index + 1}`,
      port,
      node,
      ['bff/server.ts'],
      {
        BFF_PORT: String(port),
        OPS_PORT: String(port + 1),
        HOST: '127.0.0.1',
        UPSTREAM_URL: `${sandboxUrl}/api/v1`,
        SITE_ORIGIN: url,
        REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
        // Google's Wallet API and token endpoint as the sandbox stands in for them (no internet here).
        GOOGLE_WALLET_API_URL: `${sandboxUrl}/google-wallet/walletobjects/v1`,
        GOOGLE_WALLET_TOKEN_URL: `${sandboxUrl}/google-wallet/token`,
        TRUST_PROXY: '1',
        DRAIN_SECONDS: '1',
        CATALOGUE_FRESH_SECONDS: String(CATALOGUE_FRESH_SECONDS),
        LOG_LEVEL: 'warn',
        ...options.bffEnv,
      },
      httpAnswers(`http://127.0.0.1:${port}/bff/health`),
      path.join(logs, `bff-${index + 1}.log`),
      port + 1,
    );

  const site = (index: number, port: number): Service =>
    service(
      `site-${index + 1}`,
      port,
      node,
      ['dist/server.mjs'],
      {
        PORT: String(port),
        OPS_PORT: String(port + 1),
        HOST: '127.0.0.1',
        BFF_URL: `http://127.0.0.1:${ports.internal}`,
        // The posters come from the sandbox, as in compose; the second host is one the image
        // path's tests take down (imageHostUrl).
        IMAGE_ORIGINS: `${sandboxUrl},http://127.0.0.1:${ports.imageHost}`,
        // As in compose: a rendered page's photos are asked of nginx's internal port ahead of visitors.
        ...(options.imageWarmUp === false ? {} : { IMAGE_WARM_URL: `http://127.0.0.1:${ports.internal}` }),
        DRAIN_SECONDS: '1',
        LOG_LEVEL: 'info',
        ...SITE_MALLOC_ENV,
        ...options.siteEnv,
        ...options.siteEnvOf?.(index),
      },
      httpAnswers(`http://127.0.0.1:${port + 1}/live`),
      path.join(logs, siteLogFile(index)),
      port + 1,
    );

  const nginx = service(
    'nginx',
    ports.nginx,
    '/usr/sbin/nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {},
    httpAnswers(`http://127.0.0.1:${ports.nginx}/bff/health`),
    path.join(logs, 'nginx.log'),
  );

  const bffs: [Service, Service] = [bff(0, ports.bff[0] ?? 0), bff(1, ports.bff[1] ?? 0)];
  const sites: [Service, Service] = [site(0, ports.site[0] ?? 0), site(1, ports.site[1] ?? 0)];
  const all = [redis, sandbox, ...bffs, ...sites, nginx];
  let observability: Observability | null = null;

  const close = async () => {
    await Promise.all([...all, ...(observability?.services ?? [])].map((one) => one.stop('SIGKILL')));
    if (!process.env.TOPOLOGY_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await redis.start();
    await sandbox.start();
    await Promise.all(bffs.map((one) => one.start()));
    await Promise.all(sites.map((one) => one.start()));
    if (options.observability) {
      observability = await startObservability({
        dir,
        logs,
        ports: { prometheus: ports.prometheus, mtail: ports.mtail },
        edgeMetricsLog: path.join(logs, EDGE_METRICS_LOG),
        targets: { bff: bffs.map((one) => one.opsPort ?? 0), site: sites.map((one) => one.opsPort ?? 0) },
      });
    }
    await nginx.start();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url,
    sandboxUrl,
    imageHostUrl: `http://127.0.0.1:${ports.imageHost}`,
    dir,
    nginx,
    redis,
    sandbox,
    bffs,
    sites,
    observability,
    watch: trafficWatch(logs, { edgeUrl: url, sandbox, sites }),
    close,
  };
}
