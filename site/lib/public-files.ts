import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_WORKER_PATH } from './offline-copies.ts';
import { PUBLIC_PAGE_CACHE_CONTROL } from './page-cache.ts';

/**
 * The files of `site/public/` (favicon, manifest, icons) keep their names from release to
 * release, unlike the fingerprinted `/_astro/` assets, and the Node adapter serves them with
 * `max-age=0`: every visit would ask a replica for them. A day lets browsers and the edge keep
 * them; a changed icon reaches everyone within that day.
 */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Cache-Control for each of the build's public files, read once at start-up. The service
 * worker is kept at the edge like a public page and never by the browser (it asks for updates
 * with `updateViaCache: 'none'`), so a release reaches every device as soon as its pages do.
 */
export async function publicFileCacheControls(clientDir: URL): Promise<Map<string, string>> {
  const root = fileURLToPath(clientDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .filter((file) => !file.startsWith('/_astro/'));
  return new Map(
    paths.map((file) => [file, file === SERVICE_WORKER_PATH ? PUBLIC_PAGE_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL]),
  );
}
