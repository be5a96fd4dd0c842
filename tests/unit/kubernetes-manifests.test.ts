import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig, PRODUCTION_REQUIRED } from '#bff/plugins/config.ts';
import { loadSiteEnv } from '#site/lib/server-env.ts';
import { renderNginxConf } from '../topology/stack.ts';
import { SITE_MALLOC_ENV } from '../../docker/site-malloc.ts';

/**
 * The Kubernetes manifests (docker/kubernetes) are valid Kubernetes objects, and the
 * configuration they give the BFF and the site is what those processes need to start in
 * production: checked with their own configuration schemas. The edge is the same nginx
 * template in compose and in the cluster (ingress → edge → site and BFF), and Redis keeps an
 * append-only file on a volume in both.
 */

const docker = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docker');
const folder = path.join(docker, 'kubernetes');
const read = (name: string): string => readFileSync(path.join(folder, name), 'utf8');

type Kustomization = {
  resources: string[];
  configMapGenerator: Array<{ name: string; literals: string[] }>;
};
const kustomization = parse(read('kustomization.yaml')) as Kustomization;

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: unknown };
const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(read(file)).map((document) => document.toJSON() as Manifest),
);

const models: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
};

function literals(name: string): Record<string, string> {
  const generator = kustomization.configMapGenerator.find((entry) => entry.name === name);
  if (!generator) throw new Error(`no configMapGenerator ${name}`);
  return Object.fromEntries(
    generator.literals.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The Secret's keys, as the example env file lists them, with fresh values. */
function secretValues(): Record<string, string> {
  const keys = read('bff-secrets.example.env')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.slice(0, line.indexOf('=')));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      key === 'SESSION_KEYS' ? randomBytes(32).toString('base64') : randomBytes(24).toString('base64url'),
    ]),
  );
}

type Container = {
  name: string;
  image: string;
  args?: string[];
  env?: Array<{ name: string; value: string }>;
  ports: Array<{ name: string; containerPort: number }>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
};
type PodTemplate = {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: { containers: Container[] };
};
type ServiceSpec = {
  clusterIP?: string;
  selector: Record<string, string>;
  ports: Array<{ name: string; port: number; targetPort: string }>;
};

const find = (kind: string, name: string): Manifest => {
  const manifest = manifests.find((one) => one.kind === kind && one.metadata.name === name);
  if (!manifest) throw new Error(`no ${kind} ${name}`);
  return manifest;
};
const podOf = (kind: string, name: string): PodTemplate =>
  (find(kind, name).spec as { template: PodTemplate }).template;
const containerOf = (name: string, index = 0): Container =>
  podOf('Deployment', name).spec.containers[index] as Container;
const serviceSpec = (name: string): ServiceSpec => find('Service', name).spec as ServiceSpec;
const envOf = (container: Container): Record<string, string> =>
  Object.fromEntries((container.env ?? []).map((entry) => [entry.name, entry.value]));
/** The port a Service sends to, on the container of the pods it selects. */
function servicePort(
  service: string,
  port: string,
  workload: { kind: string; name: string },
): { servicePort: number; containerPort: number } {
  const spec = serviceSpec(service);
  const pod = podOf(workload.kind, workload.name);
  expect(pod.metadata.labels).toMatchObject(spec.selector);
  const entry = spec.ports.find((one) => one.name === port);
  const target = pod.spec.containers
    .flatMap((container) => container.ports)
    .find((one) => one.name === entry?.targetPort);
  if (!entry || !target) throw new Error(`Service ${service} has no port ${port} reaching ${workload.name}`);
  return { servicePort: entry.port, containerPort: target.containerPort };
}

type ComposeService = {
  build?: { target?: string };
  image?: string;
  environment?: Record<string, string>;
  command?: string[];
  volumes?: string[];
};
const compose = parse(readFileSync(path.join(docker, 'compose.yaml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const template = readFileSync(path.join(docker, 'nginx.conf.template'), 'utf8');
const templateVariables = [
  ...new Set([...template.matchAll(/\$\{(NGINX_[A-Z_]+)\}/g)].map((match) => match[1])),
].sort();

describe('Kubernetes manifests', () => {
  it('are valid objects of the Kubernetes API', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(10);
    for (const manifest of manifests) {
      const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${manifest.apiVersion} ${manifest.kind} has a schema here`).toBeDefined();
      expect(
        () => new (Model as new (data: Manifest) => { validate(): void })(manifest).validate(),
        manifest.metadata.name,
      ).not.toThrow();
    }
  });

  it('give the BFF everything production requires, and it starts with them', () => {
    const env = { ...literals('viziona-bff-config'), ...secretValues() };
    for (const name of PRODUCTION_REQUIRED) expect(Object.keys(env), name).toContain(name);
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.redisUrl).toBeDefined();
    const container = containerOf('viziona-bff');
    expect(container.ports.find((port) => port.name === 'ops')?.containerPort).toBe(config.opsPort);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'ops' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/live', port: 'ops' });
  });

  it('give the site what it needs to start in production', () => {
    const env = loadSiteEnv(literals('viziona-site-config'));
    expect(env.isProduction).toBe(true);
    const container = containerOf('viziona-site');
    expect(container.ports.find((port) => port.name === 'ops')?.containerPort).toBe(env.opsPort);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'ops' });
  });

  it('run the site with the malloc arenas of docker/site-malloc.ts in its image, overridden nowhere', () => {
    const dockerfile = readFileSync(path.join(docker, 'Dockerfile'), 'utf8');
    const siteStage = /^FROM \S+ AS site\n([\s\S]*?)^FROM /m.exec(dockerfile)?.[1] ?? '';
    const imageEnv = Object.fromEntries(
      [...siteStage.matchAll(/^ENV (.+)$/gm)].flatMap((line) =>
        line[1]!.split(/\s+/).map((pair) => pair.split('=') as [string, string]),
      ),
    );
    expect(imageEnv).toMatchObject(SITE_MALLOC_ENV);
    expect(compose.services.site?.build?.target).toBe('site');
    for (const name of Object.keys(SITE_MALLOC_ENV)) {
      expect(compose.services.site?.environment ?? {}).not.toHaveProperty(name);
      expect(envOf(containerOf('viziona-site'))).not.toHaveProperty(name);
    }
  });

  it("let only the edge reach the http ports, and only Prometheus and the operators' namespace the operations ports", () => {
    type Peer = {
      podSelector?: { matchLabels: Record<string, string> };
      namespaceSelector?: { matchLabels: Record<string, string> };
    };
    type PolicySpec = {
      podSelector: { matchLabels: Record<string, string> };
      policyTypes: string[];
      ingress: Array<{ from: Peer[]; ports: Array<{ port: string }> }>;
    };
    const prometheus: Peer = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
    };
    const operators: Peer = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'viziona-operators' } },
    };
    const edge: Peer = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'viziona-edge' } } };
    for (const [workload, opsPeers] of [
      ['viziona-bff', [prometheus, operators]],
      ['viziona-site', [prometheus]],
    ] as const) {
      const policy = find('NetworkPolicy', workload).spec as PolicySpec;
      expect(podOf('Deployment', workload).metadata.labels).toMatchObject(policy.podSelector.matchLabels);
      expect(policy.policyTypes).toEqual(['Ingress']);
      // Every port the pods open is named in exactly one rule: nothing else gets in.
      const ports = podOf('Deployment', workload).spec.containers.flatMap((container) => container.ports);
      const ruled = policy.ingress.flatMap((rule) => rule.ports.map((one) => one.port));
      expect(ruled.sort()).toEqual(ports.map((one) => one.name).sort());
      const peersOf = (port: string) =>
        policy.ingress.find((rule) => rule.ports.some((one) => one.port === port))?.from;
      expect(peersOf('http')).toEqual([edge]);
      expect(peersOf('ops')).toEqual(opsPeers);
    }
    // Prometheus scrapes the pods it finds by their annotations, on the port the policy opens.
    expect(podOf('Deployment', 'viziona-bff').metadata.annotations?.['prometheus.io/port']).toBe(
      String(containerOf('viziona-bff').ports.find((port) => port.name === 'ops')?.containerPort),
    );
  });

  it('give the operators a token that production refuses to leave at its development value', () => {
    const env = { ...literals('viziona-bff-config'), ...secretValues() };
    expect(loadConfig(env).opsToken).toBe(env.OPS_TOKEN);
    expect(() => loadConfig({ ...env, OPS_TOKEN: undefined } as Record<string, string | undefined>)).toThrow(
      /OPS_TOKEN/,
    );
    expect(compose.services.bff?.environment?.OPS_TOKEN).toBe('${OPS_TOKEN:?set OPS_TOKEN}');
  });

  it('route only the public ports through the ingress', () => {
    const ingress = manifests.find((manifest) => manifest.kind === 'Ingress');
    const backends = JSON.stringify(ingress?.spec);
    expect(backends).toContain('"name":"http"');
    expect(backends).not.toContain('ops');
  });

  it('route everything through the ingress to the edge, and the edge to the headless site and BFF Services', () => {
    const ingress = find('Ingress', 'viziona').spec as {
      rules: Array<{ http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }>;
    };
    const backends = ingress.rules.flatMap((rule) => rule.http.paths.map((one) => one.backend.service));
    expect(backends).toEqual([{ name: 'viziona-edge', port: { name: 'http' } }]);
    const edgeEnv = envOf(containerOf('viziona-edge'));
    expect(servicePort('viziona-edge', 'http', { kind: 'Deployment', name: 'viziona-edge' }).containerPort).toBe(
      Number(edgeEnv.NGINX_LISTEN),
    );
    const internal = servicePort('viziona-edge-internal', 'internal', { kind: 'Deployment', name: 'viziona-edge' });
    expect(internal.containerPort).toBe(Number(edgeEnv.NGINX_INTERNAL_LISTEN));
    // The sites reach the BFF through the edge's internal port, as in compose.
    expect(literals('viziona-site-config').BFF_URL).toBe(`http://viziona-edge-internal:${internal.servicePort}`);
    for (const [variable, service, workload] of [
      ['NGINX_SITE_SERVERS', 'viziona-site', 'viziona-site'],
      ['NGINX_BFF_SERVERS', 'viziona-bff', 'viziona-bff'],
    ] as const) {
      const server = /^server ([a-z-]+)\.viziona\.svc\.cluster\.local:(\d+) resolve /.exec(edgeEnv[variable] ?? '');
      expect(server?.[1], variable).toBe(service);
      // Headless: nginx resolves every ready pod and fails over between them itself.
      expect(serviceSpec(service).clusterIP).toBe('None');
      expect(servicePort(service, 'http', { kind: 'Deployment', name: workload }).containerPort).toBe(
        Number(server?.[2]),
      );
    }
  });

  it('run the same nginx template at the edge in compose and in the cluster, every variable filled', () => {
    const dockerfile = readFileSync(path.join(docker, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(
      /^FROM nginx:[\d.]+-alpine AS edge\nCOPY docker\/nginx\.conf\.template \/etc\/nginx\/templates\/nginx\.conf\.template$/m,
    );
    expect(compose.services.lb?.build?.target).toBe('edge');
    const nginx = containerOf('viziona-edge');
    expect(nginx.image).toBe('viziona/edge');
    for (const env of [compose.services.lb?.environment ?? {}, envOf(nginx)]) {
      const { NGINX_ENVSUBST_OUTPUT_DIR: outputDir, ...values } = env;
      expect(Object.keys(values).sort()).toEqual(templateVariables);
      expect(outputDir).toBeDefined();
      const rendered = renderNginxConf(values);
      expect(rendered).not.toMatch(/\$\{NGINX_[A-Z_]+\}/);
      expect(rendered).toContain('proxy_cache_path /var/cache/nginx/viziona');
    }
    // In the cluster the root file system is read-only: nginx.conf, the pid, temp files and
    // the cache live on mounted volumes.
    const env = envOf(nginx);
    expect(nginx.args).toEqual(['nginx', '-c', `${env.NGINX_ENVSUBST_OUTPUT_DIR}/nginx.conf`, '-g', 'daemon off;']);
    const writable = [
      env.NGINX_ENVSUBST_OUTPUT_DIR,
      env.NGINX_PID,
      env.NGINX_CACHE_PATH,
      ...[...(env.NGINX_TEMP_PATHS ?? '').matchAll(/_path (\S+);/g)].map((match) => match[1]),
    ];
    for (const file of writable)
      expect(
        nginx.volumeMounts?.some((mount) => file?.startsWith(mount.mountPath)),
        file,
      ).toBe(true);
    // The edge's figures: the file nginx writes its lines to is the one the mtail sidecar
    // follows, on a volume both mount; Prometheus scrapes the sidecar's port.
    const edgePod = podOf('Deployment', 'viziona-edge');
    const mtail = edgePod.spec.containers.find((container) => container.name === 'edge-metrics');
    const metricsLog = /^access_log (\S+) viziona_metrics /.exec(env.NGINX_METRICS_LOG ?? '')?.[1];
    expect(metricsLog).toBe(mtail && envOf(mtail).EDGE_METRICS_LOG);
    const shared = nginx.volumeMounts?.find((mount) => metricsLog?.startsWith(`${mount.mountPath}/`));
    expect(mtail?.volumeMounts).toContainEqual(shared);
    expect(String(mtail?.ports.find((port) => port.name === 'metrics')?.containerPort)).toBe(
      edgePod.metadata.annotations?.['prometheus.io/port'],
    );
    expect(compose.services['edge-metrics']?.volumes).toEqual(compose.services.lb?.volumes);
    // Over https, from the ingress's X-Forwarded-Proto.
    expect(template).toMatch(/add_header Strict-Transport-Security \$strict_transport_security always;/);
  });

  it('send HSTS from the ingress too', () => {
    const annotations = (find('Ingress', 'viziona') as Manifest & { metadata: { annotations: Record<string, string> } })
      .metadata.annotations;
    expect(annotations['nginx.ingress.kubernetes.io/configuration-snippet']).toContain(
      'Strict-Transport-Security: max-age=31536000; includeSubDomains',
    );
  });

  it('keep Redis on a volume with an append-only file, in the cluster and in compose', () => {
    const redis = find('StatefulSet', 'viziona-redis').spec as {
      serviceName: string;
      volumeClaimTemplates: Array<{ metadata: { name: string } }>;
      template: PodTemplate;
    };
    const container = redis.template.spec.containers[0]!;
    expect(container.args?.join(' ')).toContain('--appendonly yes --appendfsync everysec --dir /data');
    expect(container.volumeMounts).toEqual([
      { name: redis.volumeClaimTemplates[0]?.metadata.name, mountPath: '/data' },
    ]);
    expect(serviceSpec(redis.serviceName).clusterIP).toBe('None');
    expect(literals('viziona-bff-config').REDIS_URL).toBe(`redis://${redis.serviceName}:6379`);
    const composeRedis = compose.services.redis;
    expect(composeRedis?.command?.join(' ')).toContain('--appendonly yes --appendfsync everysec');
    expect(composeRedis?.volumes?.some((volume) => volume.endsWith(':/data'))).toBe(true);
  });
});
