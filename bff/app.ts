import fastifyAutoload from '@fastify/autoload';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { apiReferencePlugin } from './plugins/api-reference.ts';
import { attemptCountersPlugin } from './plugins/attempt-counters.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { captchaPlugin } from './plugins/captcha.ts';
import { catalogueCachePlugin } from './plugins/read-cache.ts';
import { useContentImageOrigins } from './catalogue/sanitize-html.ts';
import { configPlugin, type BffConfig } from './plugins/config.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { lingeringClosePlugin } from './plugins/lingering-close.ts';
import { loggerOptions, requestIdFor } from './plugins/logging.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { operatorAccessPlugin } from './plugins/operator-access.ts';
import { redisPlugin } from './plugins/redis-client.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { sessionPlugin } from './plugins/session.ts';
import { sessionRevocationsPlugin } from './plugins/session-revocations.ts';
import { settingsPlugin } from '#bff/settings/settings-plugin.ts';
import { sharedStorePlugin } from './plugins/shared-store.ts';
import { upstreamPlugin } from './plugins/upstream.ts';
import { waitingRoomPlugin, type WaitingRoomOptions } from '#bff/waiting-room/waiting-room-plugin.ts';
import { bookingPlugin } from '#bff/purchase/booking/booking-plugin.ts';
import { membershipPlugin } from '#bff/membership/membership-plugin.ts';
import { paymentsPlugin } from '#bff/payments/payments-plugin.ts';
import { waitingRoomOperatorRoutes } from '#bff/waiting-room/operators/operator-api.ts';
import { alertsPlugin } from '#bff/alerts/alerts-plugin.ts';
import { cataloguePlugin } from '#bff/catalogue/catalogue-plugin.ts';

type BuildOptions = {
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream;
  /** The waiting room's clock, store and admission interval (tests). */
  waitingRoom?: WaitingRoomOptions;
};

/**
 * Builds the BFF (not listening: `server.ts` does that). Cross-cutting plugins first, in
 * dependency order, then the route plugins of `bff/routes/` under `/bff`, loaded
 * by `@fastify/autoload` the way fastify/demo loads its routes.
 */
export async function buildApp(config: BffConfig, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // A slow body (or slow headers) cannot hold a connection forever: the whole request must
    // arrive within REQUEST_TIMEOUT_MS (Node checks open requests every few seconds).
    requestTimeout: config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))) },
  }).withTypeProvider<ZodTypeProvider>();

  // Node only enforces requestTimeout when the headers' own timeout is not longer.
  app.server.headersTimeout = Math.min(app.server.headersTimeout, config.requestTimeoutMs);

  // Every body the BFF reads is JSON (the service forms' multipart and the CSP reports add their
  // own parsers): any other kind is 415 UNSUPPORTED_MEDIA_TYPE, never a string the schema then
  // refuses as if the form had failed its checks.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(metricsPlugin);
  await app.register(lifecyclePlugin);
  await app.register(redisPlugin);
  await app.register(lingeringClosePlugin);
  await app.register(rateLimitPlugin);
  await app.register(sharedStorePlugin, {});
  await app.register(attemptCountersPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(sessionRevocationsPlugin);
  await app.register(sessionPlugin);
  await app.register(sameOriginPlugin);
  await app.register(cacheHeadersPlugin);
  await app.register(upstreamPlugin);
  await app.register(captchaPlugin, config.captcha);
  useContentImageOrigins(config.imageOrigins);
  await app.register(catalogueCachePlugin, { freshMs: config.catalogueFreshMs });
  await app.register(cataloguePlugin);
  await app.register(settingsPlugin);
  await app.register(membershipPlugin);
  await app.register(paymentsPlugin);
  await app.register(bookingPlugin);
  await app.register(waitingRoomPlugin, options.waitingRoom ?? {});
  await app.register(alertsPlugin);
  await app.register(operatorAccessPlugin);
  await app.register(apiReferencePlugin);

  // The waiting room's operator routes (`/bff/ops/...`): only the operations port reaches them.
  await app.register(waitingRoomOperatorRoutes, { prefix: '/bff' });

  // The routes of shared/contract/: `bff/routes/<URL>/index.ts`, each an encapsulated plugin
  // whose folders are its URL prefix under /bff (fastify/demo's routes/ the same way).
  await app.register(fastifyAutoload, {
    dir: `${import.meta.dirname}/routes`,
    dirNameRoutePrefix: true,
    options: { prefix: '/bff' },
  });

  return app;
}

export type BffApp = Awaited<ReturnType<typeof buildApp>>;
