import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig, PRODUCTION_REQUIRED } from '../../bff/plugins/config.ts';
import { loadSiteEnv } from '../../site/lib/server-env.ts';

/**
 * The Kubernetes manifests (docker/kubernetes) are valid Kubernetes objects, and the
 * configuration they give the BFF and the site is what those processes need to start in
 * production: checked with their own configuration schemas.
 */

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docker/kubernetes');
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
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
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
  ports: Array<{ name: string; containerPort: number }>;
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
};
const containerOf = (name: string): Container => {
  const deployment = manifests.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === name);
  return (deployment?.spec as { template: { spec: { containers: Container[] } } }).template.spec
    .containers[0] as Container;
};

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

  it('route only the public ports through the ingress', () => {
    const ingress = manifests.find((manifest) => manifest.kind === 'Ingress');
    const backends = JSON.stringify(ingress?.spec);
    expect(backends).toContain('"name":"http"');
    expect(backends).not.toContain('ops');
  });
});
