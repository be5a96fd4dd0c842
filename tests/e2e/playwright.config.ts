import { defineConfig, devices } from '@playwright/test';
import { phone } from './devices.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env.E2E_PORT ?? 4610);
const sandboxPort = port + 2;
export const baseURL = `http://localhost:${port}`;

const bffOpsPort = port + 4;

// Tests read the sandbox's outbox and submissions through this.
process.env.SANDBOX_URL ??= `http://127.0.0.1:${sandboxPort}`;
// The waiting room's operator routes (tests/e2e/waiting-room-helpers.ts), on the BFF's operations port.
process.env.WAITING_ROOM_OPS_URL ??= `http://127.0.0.1:${bffOpsPort}/waiting-room`;

// The wallet buttons and "Avísame" come from what `npm start` itself provides when no key or
// relay is configured (issue 41.4): its development signing chain, made once in .data/wallet-dev
// (wallet.spec.ts checks the passes against its CA), and the sandbox's SMTP relay, whose mail
// lands in the sandbox's outbox.
process.env.E2E_WALLET_KEYS_DIR ??= path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../.data/wallet-dev',
);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Desktop projects use Chromium's desktop profile; `phone` (devices.ts: 390 × 844, mobile,
  // touch) runs what a phone customer does: the visitor journeys with the login from a movie
  // page's hour, the accessibility audit, and (in purchase-phone) a purchase to the ticket page.
  // layout.spec.ts and some purchase and form specs set their own phone and desktop screens.
  // Order: chromium and phone together, then the clock-moving purchase journeys on their own
  // (desktop, then phone), outage last.
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // newcomer.spec.ts counts a phone's actions: the phone project's alone.
      testIgnore: /(purchase[\w-]*|outage|newcomer)\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { ...phone },
      testMatch:
        /(home|catalogue|images|listed-hours|accessibility|shared-pages|waiting-room|wallet|search|alerts|newcomer)\.spec\.ts/,
    },
    // The purchase journeys move the sandbox's clock (hold expiry, pending payments), which
    // would expire other files' verification codes and holds: they run last, on their own,
    // one file at a time.
    {
      name: 'purchase',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /purchase[\w-]*\.spec\.ts/,
      dependencies: ['chromium', 'phone'],
      workers: 1,
    },
    {
      name: 'purchase-phone',
      use: { ...phone },
      testMatch: /purchase\.spec\.ts/,
      grep: /a full purchase by card/,
      dependencies: ['purchase'],
      workers: 1,
    },
    // Takes the cinema API away to show pages rendering from the BFF's cache: last of all.
    {
      name: 'outage',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /outage\.spec\.ts/,
      dependencies: ['purchase-phone'],
    },
  ],
  webServer: {
    command: `"${process.execPath}" docker/run-local.ts`,
    cwd: '../..',
    url: `${baseURL}/bff/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      SITE_PORT: String(port + 1),
      SANDBOX_PORT: String(sandboxPort),
      BFF_PORT: String(port + 3),
      BFF_OPS_PORT: String(bffOpsPort),
      SANDBOX_DB: ':memory:',
      LOG_LEVEL: 'warn',
      // Every test browser comes from 127.0.0.1; real visitors have addresses of their own.
      RATE_LIMIT_FACTOR: '20',
      // Catalogue reads go stale after 2 s, so outage.spec.ts exercises the stale fallback.
      CATALOGUE_FRESH_SECONDS: '2',
      // The sandbox's SMTP relay ("Avísame" shows with it): SANDBOX_PORT + 1 is BFF_PORT here.
      SANDBOX_SMTP_PORT: String(port + 5),
    },
  },
});
