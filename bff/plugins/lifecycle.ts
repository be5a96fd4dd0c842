import fp from 'fastify-plugin';

/**
 * Liveness, readiness and draining of one BFF process, for the load balancer and the
 * orchestrator (served by bff/ops-server.ts). Live means the event loop answers. Ready means
 * this process can serve: it is not draining, a catalogue read succeeds (the cinema API
 * answers, or stale data is on hand), and every shared store it was configured with (Redis)
 * answers. Plugins that depend on something add their own check.
 */

type ReadinessCheck = () => Promise<boolean>;

type Readiness = { ready: boolean; draining: boolean; checks: Record<string, boolean> };

/** A check that has not answered by then counts as failed: a probe must not hang. */
const CHECK_TIMEOUT_MS = 1_000;

/** A small cached read that falls back to stale data, so an API outage with data on hand stays ready. */
const CATALOGUE_PROBE = '/bff/catalogue/releases';

export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
  addCheck(name: string, check: ReadinessCheck): void;
  readiness(): Promise<Readiness>;
}

function withTimeout(check: ReadinessCheck): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    check().then(
      (ok) => {
        clearTimeout(timer);
        resolve(ok);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app) => {
    const checks = new Map<string, ReadinessCheck>();
    let draining = false;

    checks.set('catalogue', async () => {
      const answer = await app.inject({ method: 'GET', url: CATALOGUE_PROBE, headers: { 'x-viziona-probe': 'ready' } });
      return answer.statusCode === 200;
    });

    const lifecycle: Lifecycle = {
      get draining() {
        return draining;
      },
      startDraining() {
        draining = true;
        app.metrics.draining.set(1);
      },
      addCheck(name, check) {
        checks.set(name, check);
      },
      async readiness() {
        const results = await Promise.all(
          [...checks].map(async ([name, check]) => [name, await withTimeout(check)] as const),
        );
        return {
          ready: !draining && results.every(([, ok]) => ok),
          draining,
          checks: Object.fromEntries(results),
        };
      },
    };
    app.decorate('lifecycle', lifecycle);
  },
  { name: 'viziona-lifecycle', dependencies: ['viziona-metrics'] },
);
