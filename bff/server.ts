import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import { createOpsServer } from './operations/ops-server.ts';
import { ConfigError, configWarnings, loadConfig, type BffConfig } from './plugins/config.ts';

/**
 * The only file that listens. Reads the configuration once (a bad or, in production, missing
 * secret stops here with a message naming the variable), starts the BFF and its operations
 * port, and on SIGINT/SIGTERM drains: readiness turns false at once, requests keep being
 * served for DRAIN_SECONDS (so the load balancer stops sending new ones), then the listener
 * closes, in-flight requests finish, live seat streams end (browsers reconnect to another
 * replica) and the process exits.
 */

let config: BffConfig;
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
for (const warning of configWarnings(config)) app.log.warn(warning);

let opsServer: Server | undefined;
const CLOSE_TIMEOUT_MS = 10_000;

let closing = false;
async function close(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.lifecycle.startDraining();
  app.log.info({ signal, drainMs: config.drainMs }, 'draining');
  await new Promise((resolve) => setTimeout(resolve, config.drainMs));
  const forced = setTimeout(() => {
    app.log.error('close timed out, exiting');
    process.exit(1);
  }, CLOSE_TIMEOUT_MS);
  forced.unref();
  try {
    await app.close();
    opsServer?.close();
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
  if (config.opsPort !== undefined) {
    opsServer = createOpsServer(app);
    await new Promise<void>((resolve) => opsServer?.listen(config.opsPort, config.host, resolve));
    app.log.info({ port: config.opsPort }, 'operations port listening (/live, /ready, /metrics)');
  }
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
