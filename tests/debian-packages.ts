import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Debian packages the tests run for real (never mocked): Chromium for the end-to-end
 * tests, Firefox ESR and WebKitGTK (with Xvfb) for the engine tests, redis-server for the tests of replicas sharing Redis, nginx for the production
 * topology, libfaketime for the hours of the day, Prometheus (its `promtool` checks the alert
 * rules; the topology scrapes the replicas with it), mtail (the edge's figures), openssl and
 * unzip (the wallet passes' keys, signatures and archives), Java (the HTML checker) and the
 * font the sandbox's photos are titled in. Installed with apt-get when missing, so a
 * clean machine (CI) needs nothing beforehand.
 */
export const DEBIAN_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'redis-server': '/usr/bin/redis-server',
  nginx: '/usr/sbin/nginx',
  faketime: '/usr/bin/faketime',
  prometheus: '/usr/bin/promtool',
  mtail: '/usr/bin/mtail',
  // The engine tests (tests/engines): Firefox ESR over WebDriver BiDi, WebKitGTK's MiniBrowser
  // through its WebDriver, in a virtual display.
  'firefox-esr': '/usr/bin/firefox-esr',
  'webkit2gtk-driver': '/usr/bin/WebKitWebDriver',
  xvfb: '/usr/bin/xvfb-run',
  // The wallet tests: openssl makes the keys and verifies a pass's signature, unzip opens the pass.
  openssl: '/usr/bin/openssl',
  unzip: '/usr/bin/unzip',
  // The W3C's Nu Html Checker (the vnu-jar package) runs on Java 17.
  'openjdk-17-jre-headless': '/usr/bin/java',
  // The sandbox's posters and banners set their titles in Liberation Sans Narrow (sandbox/catalogue/photos.ts).
  'fonts-liberation': '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf',
} as const;

type PackageName = keyof typeof DEBIAN_PACKAGES;

function aptGet(args: string[]): Promise<number> {
  const [command, all] = process.getuid?.() === 0 ? ['apt-get', args] : ['sudo', ['apt-get', ...args]];
  return new Promise((resolve) => {
    const child = spawn(command as string, all as string[], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** Installs with apt-get whichever of `names` (all by default) is missing. */
export async function ensureDebianPackages(
  names: ReadonlyArray<PackageName> = Object.keys(DEBIAN_PACKAGES) as PackageName[],
): Promise<void> {
  const missing = names.filter((name) => !existsSync(DEBIAN_PACKAGES[name]));
  if (missing.length === 0) return;
  console.log(`\n=== installing Debian ${missing.join(', ')} (apt-get) ===`);
  await aptGet(['update', '-qq']);
  await aptGet(['install', '-y', '-qq', ...missing]);
}
