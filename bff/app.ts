import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { attemptCountersPlugin } from './plugins/attempt-counters.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { captchaPlugin } from './plugins/captcha.ts';
import { catalogueCachePlugin } from './plugins/catalogue-cache.ts';
import { configPlugin, type BffConfig } from './plugins/config.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { lingeringClosePlugin } from './plugins/lingering-close.ts';
import { loggerOptions, requestIdFor } from './plugins/logging.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { redisPlugin } from './plugins/redis-client.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { sessionPlugin } from './plugins/session.ts';
import { sessionRevocationsPlugin } from './plugins/session-revocations.ts';
import { sharedStorePlugin } from './plugins/shared-store.ts';
import { upstreamPlugin } from './plugins/upstream.ts';
import authRoutes from './routes/auth/index.ts';
import catalogueRoutes from './routes/catalogue/index.ts';
import confectioneryRoutes from './routes/confectionery/index.ts';
import corporateRoutes from './routes/corporate/index.ts';
import homeRoutes from './routes/home/index.ts';
import movieRoutes from './routes/movies/index.ts';
import releaseRoutes from './routes/releases/index.ts';
import roomRoutes from './routes/rooms/index.ts';
import contentRoutes from './routes/content/index.ts';
import formsRoutes from './routes/forms/index.ts';
import healthRoutes from './routes/health/index.ts';
import profileRoutes from './routes/profile/index.ts';
import sessionRoutes from './routes/session/index.ts';
import settingsRoutes from './routes/settings/index.ts';
import verificationRoutes from './routes/verification/index.ts';
import { bookingPlugin } from './booking/booking-plugin.ts';
import bookingRoutes from './routes/booking/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import ticketRoutes from './routes/tickets/index.ts';
import membershipRoutes from './routes/membership/index.ts';
import cspReportRoutes from './routes/csp-reports/index.ts';

export type BuildOptions = {
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream;
};

/**
 * Builds the BFF (not listening: `server.ts` does that). Cross-cutting plugins first, in
 * dependency order, then every route plugin under `/bff`, registered explicitly.
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
  await app.register(catalogueCachePlugin, { freshMs: config.catalogueFreshMs });
  await app.register(bookingPlugin);

  await app.register(
    async (bff) => {
      await bff.register(healthRoutes);
      await bff.register(sessionRoutes);
      await bff.register(authRoutes);
      await bff.register(profileRoutes);
      await bff.register(verificationRoutes);
      await bff.register(settingsRoutes);
      await bff.register(contentRoutes);
      await bff.register(catalogueRoutes);
      await bff.register(formsRoutes);
      await bff.register(movieRoutes);
      await bff.register(releaseRoutes);
      await bff.register(roomRoutes);
      await bff.register(homeRoutes);
      await bff.register(confectioneryRoutes);
      await bff.register(corporateRoutes);
      await bff.register(bookingRoutes);
      await bff.register(paymentRoutes);
      await bff.register(ticketRoutes);
      await bff.register(membershipRoutes);
      await bff.register(cspReportRoutes);
    },
    { prefix: '/bff' },
  );

  return app;
}

export type BffApp = Awaited<ReturnType<typeof buildApp>>;
