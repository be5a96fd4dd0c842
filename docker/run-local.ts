import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walletForLocalRun } from './dev-wallet-chain.ts';
import { createFrontDoor } from './front-door.ts';
import { localMailRelay } from './local-mail.ts';
import { portProblems, type LocalPort } from './local-ports.ts';
import { SITE_MALLOC_ENV } from './site-malloc.ts';

/**
 * `npm start` / `npm run dev`: the compose topology as local processes.
 * sandbox (unless UPSTREAM_URL is set) → BFF → site, behind one front door on PORT.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 4321);
const bffPort = Number(process.env.BFF_PORT ?? 4300);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4400);
const sitePort = Number(process.env.SITE_PORT ?? port + 1);
/** The BFF's operations port (/live, /ready, /metrics, the waiting room's operator routes). */
const bffOpsPort = Number(process.env.BFF_OPS_PORT ?? bffPort + 1);
const publicUrl = `http://localhost:${port}`;
const useSandbox = !process.env.UPSTREAM_URL;
const upstreamUrl = process.env.UPSTREAM_URL ?? `http://127.0.0.1:${sandboxPort}/api/v1`;
const bffUrl = `http://127.0.0.1:${bffPort}`;
/** Where the sandbox's PSE bank sends the payer back: the person's own SITE_URL when set. */
const siteUrl = process.env.SITE_URL ?? publicUrl;
/** "Avísame" mail: the person's relay when they set one, else the sandbox's, whose mail lands in its outbox. */
const mailRelay = localMailRelay(process.env, useSandbox, sandboxPort);

/** Every port this launcher opens, by the variable that sets it (README, "Environment variables"). */
const localPorts: LocalPort[] = [
  { variable: 'PORT', port },
  { variable: 'SITE_PORT', port: sitePort, defaultText: 'PORT + 1' },
  ...(useSandbox ? [{ variable: 'SANDBOX_PORT', port: sandboxPort }] : []),
  ...(mailRelay.sandboxPort === null
    ? []
    : [{ variable: 'SANDBOX_SMTP_PORT', port: mailRelay.sandboxPort, defaultText: 'SANDBOX_PORT + 1' }]),
  { variable: 'BFF_PORT', port: bffPort },
  { variable: 'BFF_OPS_PORT', port: bffOpsPort, defaultText: 'BFF_PORT + 1' },
];

// The launcher's own terminal shows the URL and what goes wrong; request logs are opt-in.
process.env.LOG_LEVEL ??= 'warn';

const children: ChildProcess[] = [];
let stopping = false;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  const entry = path.join(root, 'dist/server.mjs');
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, 'site')),
    newestMtime(path.join(root, 'shared')),
    statSync(path.join(root, 'astro.config.mjs')).mtimeMs,
    statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  return sources > built;
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[run-local] ${name} stopped (${signal ?? code}); stopping everything.`);
      void stop(1);
    }
  });
  return child;
}

/** `npm run build`: the Astro build and the site server bundle (dist/server.mjs). */
function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`))));
  });
}

async function waitFor(url: string, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    ),
  );
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const astroBin = path.join(root, 'node_modules/astro/bin/astro.mjs');
const watch = dev ? ['--watch'] : [];

/**
 * With the sandbox and Google Wallet keys, the sandbox stands in for Google's Wallet API and
 * token endpoint too (there is no internet in development and tests), unless the URLs are set.
 */
function googleWalletStandIn(env: NodeJS.ProcessEnv): Record<string, string> {
  if (!useSandbox || !env.GOOGLE_WALLET_ISSUER_ID) return {};
  const sandbox = `http://127.0.0.1:${sandboxPort}/google-wallet`;
  return {
    GOOGLE_WALLET_API_URL: env.GOOGLE_WALLET_API_URL ?? `${sandbox}/walletobjects/v1`,
    GOOGLE_WALLET_TOKEN_URL: env.GOOGLE_WALLET_TOKEN_URL ?? `${sandbox}/token`,
  };
}

try {
  const problems = await portProblems(localPorts, process.env.HOST ?? '127.0.0.1');
  if (problems.length > 0) throw new Error(`cannot start:\n  ${problems.join('\n  ')}`);
  if (!dev && buildIsStale()) {
    console.log('[run-local] building the site…');
    await runBuild();
  }

  // The ticket page's wallet buttons: the operators' keys when set, else a development chain made once in .data/.
  const wallet = walletForLocalRun(process.env, path.join(root, '.data/wallet-dev'));

  if (useSandbox) {
    run('sandbox', [...watch, 'sandbox/server.ts'], {
      SANDBOX_PORT: String(sandboxPort),
      SITE_URL: siteUrl,
      ...(mailRelay.sandboxPort === null ? {} : { SANDBOX_SMTP_PORT: String(mailRelay.sandboxPort) }),
    });
    await waitFor(`http://127.0.0.1:${sandboxPort}/sandbox/health`, 'sandbox');
  }

  run('bff', [...watch, 'bff/server.ts'], {
    BFF_PORT: String(bffPort),
    OPS_PORT: String(bffOpsPort),
    UPSTREAM_URL: upstreamUrl,
    SITE_ORIGIN: process.env.SITE_ORIGIN ?? publicUrl,
    ...wallet.env,
    ...mailRelay.bffEnv,
    ...googleWalletStandIn({ ...process.env, ...wallet.env }),
  });
  await waitFor(`${bffUrl}/bff/health`, 'BFF');

  const siteEnv = {
    BFF_URL: bffUrl,
    HOST: '127.0.0.1',
    PORT: String(sitePort),
    SITE_ORIGIN: process.env.SITE_ORIGIN ?? publicUrl,
    IMAGE_ORIGINS: process.env.IMAGE_ORIGINS ?? new URL(upstreamUrl).origin,
    // The front door keeps the resized photos: a rendered page's are asked of it ahead of visitors.
    IMAGE_WARM_URL: process.env.IMAGE_WARM_URL ?? `http://127.0.0.1:${port}`,
    ASTRO_NODE_LOGGING: 'disabled',
    LOG_LEVEL: process.env.LOG_LEVEL,
    ...SITE_MALLOC_ENV,
  };
  if (dev) run('site', [astroBin, 'dev', '--port', String(sitePort), '--host', '127.0.0.1'], siteEnv);
  else run('site', ['dist/server.mjs'], siteEnv);
  await waitFor(`http://127.0.0.1:${sitePort}/`, 'site');

  const frontDoor = createFrontDoor({
    bffUrl,
    siteUrl: `http://127.0.0.1:${sitePort}`,
    rateLimitFactor: Number(process.env.RATE_LIMIT_FACTOR ?? 1) || 1,
  });
  await new Promise<void>((resolve) => frontDoor.listen(port, process.env.HOST ?? '127.0.0.1', resolve));
  console.log(`\nViziona web: ${publicUrl}`);
  if (useSandbox)
    console.log(`E-mails the product sent (codes, links, "Avísame"): http://localhost:${sandboxPort}/sandbox/outbox`);
  if (wallet.note) console.log(wallet.note);
  console.log(`BFF operations (npm run waiting-room -- --ops …): http://127.0.0.1:${bffOpsPort}\n`);
} catch (error) {
  console.error(`[run-local] ${(error as Error).message}`);
  await stop(1);
}
