import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_WORKER_PATH } from './offline-copies.ts';

/**
 * The files of `site/public/` (favicon, manifest, icons) keep their names from release to
 * release, unlike the fingerprinted `/_astro/` assets, and the Node adapter serves them with
 * `max-age=0`: every visit would ask a replica for the icon. A day lets browsers and the edge
 * keep them; a changed icon reaches everyone within that day.
 */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The paths of the build's public files, read once at start-up. The service worker is not one
 * of them: browsers revalidate it on every navigation check, so it keeps the adapter's header.
 */
export async function listPublicFiles(clientDir: URL): Promise<Set<string>> {
  const root = fileURLToPath(clientDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .filter((file) => !file.startsWith('/_astro/') && file !== SERVICE_WORKER_PATH);
  return new Set(paths);
}
