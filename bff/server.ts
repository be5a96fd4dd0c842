import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './plugins/config.ts';

/**
 * The only file that listens. Reads the configuration once (a bad or, in production, missing
 * secret stops here with a message naming the variable), starts the BFF and closes it
 * gracefully on SIGINT/SIGTERM (in-flight requests finish, new ones get 503).
 */

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`[bff] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);

let closing = false;
async function close(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  const forced = setTimeout(() => {
    app.log.error('close timed out, exiting');
    process.exit(1);
  }, 10_000);
  forced.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'close failed');
    process.exit(1);
  }
}

process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
