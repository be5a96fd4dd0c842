import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandbox } from './app.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SANDBOX_PORT ?? 4400);
const dbSetting = process.env.SANDBOX_DB ?? '.data/sandbox.db';
const db = dbSetting === ':memory:' || isAbsolute(dbSetting) ? dbSetting : resolve(repoRoot, dbSetting);

const app = buildSandbox({
  db,
  publicSiteUrl: process.env.SITE_URL ?? 'http://localhost:4321',
  publicUrl: process.env.SANDBOX_PUBLIC_URL,
  images: process.env.SANDBOX_IMAGES === 'placeholders' ? 'placeholders' : 'photos',
  photoCacheDir: resolve(repoRoot, process.env.SANDBOX_PHOTO_DIR ?? '.data/photos'),
  logger: true,
  logLevel: process.env.LOG_LEVEL ?? 'info',
  ...(process.env.SANDBOX_SMTP_PORT
    ? {
        smtpRelay: {
          port: Number(process.env.SANDBOX_SMTP_PORT),
          host: process.env.HOST ?? '127.0.0.1',
          listening: (smtpPort: number) =>
            app.log.info(`SMTP relay on port ${smtpPort}: its mail is in /sandbox/outbox`),
        },
      }
    : {}),
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing the sandbox`);
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  // Loopback unless told otherwise: a container sets HOST=0.0.0.0 so the BFF replicas reach it.
  await app.listen({ host: process.env.HOST ?? '127.0.0.1', port });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
