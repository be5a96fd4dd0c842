import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { SERVICE_WORKER_PATH } from '../lib/offline-copies.ts';

/**
 * Bundles the service worker (site/service-worker/sw.ts) into the build's client files as
 * `/sw.js`, once Astro has written them, with the digest of those files as its build name: a
 * release that changes any client file is a new worker, whose shell cache replaces the last
 * one's. The dev server has no worker (lib/offline-tickets.ts registers none there).
 */

/** Names and sizes of every client file: the bundler names assets by content, so this moves with each release. */
async function clientDigest(dir: string): Promise<string> {
  const files = (await readdir(dir, { recursive: true })).sort();
  const digest = createHash('sha256');
  for (const file of files) {
    const info = await stat(path.join(dir, file));
    if (info.isFile() && `/${file}` !== SERVICE_WORKER_PATH) digest.update(`${file}:${info.size}\n`);
  }
  return digest.digest('hex').slice(0, 16);
}

export function serviceWorker(): AstroIntegration {
  let root = '';
  let clientDir = '';
  return {
    name: 'viziona:service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        const buildName = await clientDigest(clientDir);
        await build({
          entryPoints: [path.join(root, 'site/service-worker/sw.ts')],
          outfile: path.join(clientDir, SERVICE_WORKER_PATH),
          bundle: true,
          format: 'iife',
          target: 'es2022',
          minify: true,
          define: { SERVICE_WORKER_BUILD: JSON.stringify(buildName) },
          logLevel: 'warning',
        });
        logger.info(`service worker ${SERVICE_WORKER_PATH} (build ${buildName})`);
      },
    },
  };
}
