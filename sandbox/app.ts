import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { buildCatalogue } from './catalogue/catalogue.ts';
import { openDatabase } from './db/database.ts';
import { ensureProgramme } from './db/programme.ts';
import { seedUsers } from './db/seed/users.ts';
import { ApiError } from './lib/api-error.ts';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import { createClock } from './lib/clock.ts';
import { readSecrets, type SandboxSecrets } from './lib/config.ts';
import type { ImageStyle, SandboxContext } from './lib/context.ts';
import { createPhotoStore } from './catalogue/photos.ts';
import { registerBodyParsers } from './lib/body-parsers.ts';
import { redactUrl } from './lib/redact.ts';
import { registerApi } from './routes/api.ts';
import { registerTooling } from './routes/tooling/tooling.ts';
import { startSmtpRelay, type SmtpRelay, type SmtpRelayOptions } from './mail/smtp-relay.ts';
import { createGoogleWalletDouble, registerGoogleWalletDouble } from './routes/google-wallet.ts';

export interface SandboxOptions {
  /** SQLite file path, or ':memory:' (the default). */
  db?: string;
  /** Base clock; the sandbox adds the offset of POST /sandbox/clock. */
  now?: () => Date;
  /** Secret header values; unset ones come from CINEMA_* env variables or the dev defaults. */
  secrets?: Partial<SandboxSecrets>;
  /** The site's origin, for reset links and the PSE return (default http://localhost:4321). */
  publicSiteUrl?: string;
  /** The sandbox's own public origin for absolute URLs; taken from each request when unset. */
  publicUrl?: string;
  /** Photo-like JPEGs (default) or SVG placeholders (`SANDBOX_IMAGES=placeholders`). */
  images?: ImageStyle;
  /** Where drawn photos are kept between runs; in memory only when unset. */
  photoCacheDir?: string;
  /** Request logging (never URLs' secrets). Off by default. */
  logger?: boolean;
  /** pino level when `logger` is on. */
  logLevel?: string;
  /**
   * An SMTP relay keeping what it receives in the outbox (`SANDBOX_SMTP_PORT`; mail/smtp-relay.ts),
   * started with the app; `listening` hears its port (0 picks a free one).
   */
  smtpRelay?: SmtpRelayOptions & { listening?: (port: number) => void };
}

export function buildSandbox(options: SandboxOptions = {}): FastifyInstance {
  const clock = createClock(options.now);
  const db = openDatabase(options.db ?? ':memory:');
  const ctx: SandboxContext = {
    db,
    clock,
    secrets: { ...readSecrets(process.env), ...options.secrets },
    catalogue: buildCatalogue(bogotaDate(clock.now())),
    siteUrl: options.publicSiteUrl ?? 'http://localhost:4321',
    publicUrl: options.publicUrl,
    images: options.images ?? 'photos',
    photos: createPhotoStore(options.photoCacheDir),
    outage: { down: false, hung: false, held: new Set() },
    googleWallet: createGoogleWalletDouble(),
  };
  seedUsers(db, clock.nowMs());
  ensureProgramme(db, ctx.catalogue, clock);

  const app = Fastify({
    logger:
      options.logger === true
        ? {
            level: options.logLevel ?? 'info',
            serializers: {
              req: (request: { method?: string; url?: string }) => ({
                method: request.method,
                url: redactUrl(request.url ?? ''),
              }),
            },
          }
        : false,
    bodyLimit: 2 * 1024 * 1024,
  });
  registerBodyParsers(app);
  if (options.photoCacheDir !== undefined && ctx.images === 'photos') {
    // A kept cache is filled once per machine, one photo after another, while the first pages are asked for.
    app.addHook('onListen', async () => {
      ctx.photos
        .warm(ctx.catalogue.images)
        .catch((error: unknown) => app.log.warn({ err: error }, 'photo drawing failed'));
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    if ((ctx.outage.down || ctx.outage.hung) && request.url.startsWith('/api/')) {
      reply.hijack();
      const socket = request.raw.socket;
      if (ctx.outage.down) socket.destroy();
      else {
        // A hung API: the request is taken and never answered, until the hang is lifted.
        ctx.outage.held.add(socket);
        socket.once('close', () => ctx.outage.held.delete(socket));
      }
      return;
    }
    ensureProgramme(db, ctx.catalogue, clock);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ message: 'El cuerpo de la solicitud no es JSON válido.' });
    }
    if (status === 413) return reply.code(413).send({ message: 'La solicitud supera el tamaño permitido.' });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'sandbox error');
    return reply.code(500).send({ message: 'Server Error' });
  });

  app.register(async (api) => registerApi(api, ctx), { prefix: '/api/v1' });
  app.register(async (tooling) => registerTooling(tooling, ctx), { prefix: '/sandbox' });
  app.register(async (google) => registerGoogleWalletDouble(google, ctx), { prefix: '/google-wallet' });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'No se encontró la ruta solicitada.' }));
  const relayOptions = options.smtpRelay;
  if (relayOptions !== undefined) {
    let relay: SmtpRelay | null = null;
    app.addHook('onReady', async () => {
      relay = await startSmtpRelay(ctx, relayOptions);
      relayOptions.listening?.(relay.port);
    });
    app.addHook('onClose', async () => {
      await relay?.close();
    });
  }
  app.addHook('onClose', async () => {
    db.close();
  });
  return app;
}
