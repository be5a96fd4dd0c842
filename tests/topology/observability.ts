import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { httpAnswers, service, type Service } from './processes.ts';

/**
 * What operators watch in compose, as local processes: Debian's mtail counting nginx's lines
 * (`docker/observability/edge.mtail`, tailing the file nginx writes them to) and Debian's
 * Prometheus with compose's own `docker/observability/prometheus.yml` and its alert rules,
 * where only the discovery changes (the replicas' local operations ports instead of Docker's
 * DNS) and scrapes come every second.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const observabilityDir = path.join(root, 'docker/observability');
/** The file nginx writes its figures' lines to, in the logs folder (NGINX_METRICS_LOG). */
export const EDGE_METRICS_LOG = 'edge-metrics.log';

export interface Observability {
  readonly url: string;
  readonly prometheus: Service;
  readonly mtail: Service;
  readonly services: Service[];
  /** An instant PromQL query through Prometheus' HTTP API. */
  query(expression: string): Promise<PromSample[]>;
}

export interface PromSample {
  metric: Record<string, string>;
  value: number;
}

interface ScrapeJob {
  job_name: string;
  dns_sd_configs?: unknown;
  static_configs?: Array<{ targets: string[] }>;
}

interface PrometheusConfig {
  global: Record<string, string>;
  rule_files: string[];
  scrape_configs: ScrapeJob[];
}

/** Compose's Prometheus configuration, scraping the given local ports job by job. */
export function localPrometheusConfig(targets: Record<string, number[]>): PrometheusConfig {
  const config = parse(readFileSync(path.join(observabilityDir, 'prometheus.yml'), 'utf8')) as PrometheusConfig;
  return {
    global: { ...config.global, scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '900ms' },
    rule_files: config.rule_files.map((file) => path.join(observabilityDir, file)),
    scrape_configs: config.scrape_configs.map((job) => {
      const ports = targets[job.job_name];
      if (!ports) throw new Error(`no local targets for the scrape job ${job.job_name}`);
      const { dns_sd_configs: _dns, ...rest } = job;
      return { ...rest, static_configs: [{ targets: ports.map((port) => `127.0.0.1:${port}`) }] };
    }),
  };
}

export async function startObservability(options: {
  dir: string;
  logs: string;
  ports: { prometheus: number; mtail: number };
  edgeMetricsLog: string;
  targets: { bff: number[]; site: number[] };
}): Promise<Observability> {
  const { dir, logs, ports } = options;
  // mtail follows the file from its start; nginx appends to it.
  writeFileSync(options.edgeMetricsLog, '');
  const mtail = service(
    'mtail',
    ports.mtail,
    '/usr/bin/mtail',
    [
      '--progs',
      observabilityDir,
      '--logs',
      options.edgeMetricsLog,
      '--address',
      '127.0.0.1',
      '--port',
      String(ports.mtail),
      '--logtostderr',
    ],
    {},
    httpAnswers(`http://127.0.0.1:${ports.mtail}/metrics`),
    path.join(logs, 'mtail.log'),
  );
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, stringify(localPrometheusConfig({ ...options.targets, edge: [ports.mtail] })));
  const url = `http://127.0.0.1:${ports.prometheus}`;
  const prometheus = service(
    'prometheus',
    ports.prometheus,
    '/usr/bin/prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'prometheus')}`,
      `--web.listen-address=127.0.0.1:${ports.prometheus}`,
      '--storage.tsdb.retention.time=1h',
    ],
    {},
    httpAnswers(`${url}/-/ready`),
    path.join(logs, 'prometheus.log'),
  );
  // mtail listens before nginx sends it anything; Prometheus is started by the caller.
  await mtail.start();
  return {
    url,
    prometheus,
    mtail,
    services: [mtail, prometheus],
    async query(expression) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await answer.json()) as {
        status: string;
        error?: string;
        data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (body.status !== 'success') throw new Error(`PromQL ${expression}: ${body.error ?? answer.status}`);
      return (body.data?.result ?? []).map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
    },
  };
}
