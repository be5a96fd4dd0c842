import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Debian packages the tests run for real (never mocked): Chromium for the end-to-end
 * tests, nginx and Redis for the topology and shared-state tests. Installed with apt-get
 * when missing, so a clean machine (CI) needs nothing beforehand.
 */
export const DEBIAN_PACKAGES = {
  chromium: '/usr/bin/chromium',
  nginx: '/usr/sbin/nginx',
  'redis-server': '/usr/bin/redis-server',
} as const;

export function ensureDebianPackages(names: ReadonlyArray<keyof typeof DEBIAN_PACKAGES> = Object.keys(DEBIAN_PACKAGES) as Array<keyof typeof DEBIAN_PACKAGES>): void {
  const missing = names.filter((name) => !existsSync(DEBIAN_PACKAGES[name]));
  if (missing.length === 0) return;
  console.log(`\n=== installing Debian packages: ${missing.join(', ')} (apt-get) ===`);
  const aptGet = (args: string[]) =>
    process.getuid?.() === 0
      ? spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      : spawnSync('sudo', ['apt-get', ...args], { stdio: 'inherit' });
  aptGet(['update', '-qq']);
  aptGet(['install', '-y', '-qq', ...missing]);
}
