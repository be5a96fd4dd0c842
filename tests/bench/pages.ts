/**
 * `npm run bench:pages`: builds the site, starts the whole stack (`docker/run-local.ts`: sandbox,
 * BFF, site behind the front door) on spare ports, and prints for every public page
 *   - the JavaScript it loads, gzipped: every module script, modulepreload and island
 *     (component and renderer) of the HTML, followed through their static imports, plus inline
 *     scripts; lazy `import()`s are not counted (they load on demand);
 *   - its Lighthouse performance score (mobile, default throttling; median of BENCH_RUNS runs).
 * Budgets: content pages at most 100 KB of gzipped JavaScript, React included; performance ≥ 95.
 *
 * Options: `--no-build` reuses ./dist; BENCH_RUNS (default 3); BENCH_PAGES (comma-separated
 * paths, to measure only some).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { sparePort } from '../spare-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const JS_BUDGET_KB = 100;
const SCORE_BUDGET = 95;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

interface PageCase {
  path: string;
  /** Content pages carry the 100 KB budget; form pages are reported only. */
  content: boolean;
}

function runToEnd(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 8_000).unref();
  });
}

// --- JavaScript of a page -------------------------------------------------------------------

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}=("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? '').replace(/&amp;/g, '&') : null;
};

/** Static `import ... from "x"`, `import "x"` and `export ... from "x"` of a module (not `import()`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

async function javascriptOf(pageUrl: string): Promise<{ gzipBytes: number; files: number }> {
  const html = await (await fetch(pageUrl)).text();
  const entries = new Set<string>();
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[1] ?? '';
    const type = attribute(`<script ${tag}>`, 'type');
    if (type && !/module|javascript/i.test(type)) continue; // JSON-LD and other data
    const src = attribute(`<script ${tag}>`, 'src');
    if (src) entries.add(new URL(src, pageUrl).toString());
    else if ((match[2] ?? '').trim()) inlineBytes += gzipSync(match[2] ?? '').length;
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (/rel=["']?modulepreload/i.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) entries.add(new URL(href, pageUrl).toString());
    }
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attribute(match[0], name);
      if (value) entries.add(new URL(value, pageUrl).toString());
    }
  }
  const seen = new Set<string>();
  const queue = [...entries];
  let gzipBytes = inlineBytes;
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const code = await response.text();
    gzipBytes += gzipSync(code).length;
    for (const specifier of staticImports(code)) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) queue.push(new URL(specifier, url).toString());
    }
  }
  return { gzipBytes, files: seen.size };
}

// --- Lighthouse ------------------------------------------------------------------------------

async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'viziona-lighthouse-'));
  const chrome = spawn(CHROME_PATH, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    chrome.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        chrome.once('exit', () => {
          rmSync(profile, { recursive: true, force: true });
          resolve();
        });
        chrome.kill('SIGTERM');
      }),
  };
}

async function performanceScore(url: string, port: number): Promise<number> {
  const scores: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const score = result?.lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${url}`);
    scores.push(Math.round(score * 100));
  }
  scores.sort((a, b) => a - b);
  return scores[Math.floor(scores.length / 2)]!;
}

// --- Main ------------------------------------------------------------------------------------

async function firstSlug(base: string, apiPath: string, list: 'movies' | 'rooms'): Promise<string> {
  const body = (await (await fetch(`${base}${apiPath}`)).json()) as Record<string, Array<{ slug: string }>>;
  const slug = body[list]?.[0]?.slug;
  if (!slug) throw new Error(`${apiPath} listed no ${list}`);
  return slug;
}

if (!process.argv.includes('--no-build')) {
  console.log('[bench] building the site (astro build)…');
  await runToEnd([path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build']);
}

const port = await sparePort();
const ports = { PORT: port, SITE_PORT: await sparePort(), SANDBOX_PORT: await sparePort(), BFF_PORT: await sparePort() };
const base = `http://localhost:${port}`;
const stack = spawn(process.execPath, ['docker/run-local.ts'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)])), SANDBOX_DB: ':memory:', LOG_LEVEL: 'warn' },
});

let failed = false;
try {
  await waitFor(`${base}/bff/health`);
  const movie = await firstSlug(base, '/bff/catalogue/movies', 'movies');
  const room = await firstSlug(base, '/bff/catalogue/rooms', 'rooms');
  const all: PageCase[] = [
    { path: '/', content: true },
    { path: '/cartelera', content: true },
    { path: '/proximos-estrenos', content: true },
    { path: '/salas', content: true },
    { path: `/sala/${room}`, content: true },
    { path: '/confiteria', content: true },
    { path: '/club-vizionarios', content: true },
    { path: '/corporativo', content: true },
    { path: `/viziona/pelicula/${movie}`, content: true },
    { path: '/pagina/terminos-y-condiciones-club-vizionarios', content: true },
    { path: '/pagina/terminos-y-condiciones', content: true },
    { path: '/contactanos', content: false },
    { path: '/linea-etica', content: false },
    { path: '/iniciar-sesion', content: false },
    { path: '/registrarme', content: false },
  ];
  const only = process.env.BENCH_PAGES?.split(',').map((item) => item.trim()).filter(Boolean);
  const pages = only ? all.filter((page) => only.includes(page.path)) : all;

  // Warm the BFF's catalogue cache and the site, as a visited site would be.
  for (const page of pages) await fetch(`${base}${page.path}`);

  const chrome = await startChrome();
  console.log(`\n[bench] ${base}, Lighthouse mobile, median of ${RUNS} run(s)\n`);
  console.log(`${'page'.padEnd(52)} ${'JS gzip'.padStart(9)} ${'files'.padStart(5)} ${'perf'.padStart(5)}  budget`);
  try {
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const status = (await fetch(url, { redirect: 'manual' })).status;
      if (status !== 200) {
        console.log(`${page.path.padEnd(52)} answered ${status}, skipped`);
        continue;
      }
      const js = await javascriptOf(url);
      const score = await performanceScore(url, chrome.port);
      const kb = js.gzipBytes / 1024;
      const jsOk = !page.content || kb <= JS_BUDGET_KB;
      const scoreOk = score >= SCORE_BUDGET;
      if (!jsOk || !scoreOk) failed = true;
      const verdict = `${page.content ? (jsOk ? 'js ok' : 'JS OVER') : 'js n/a'}, ${scoreOk ? 'perf ok' : 'PERF UNDER'}`;
      console.log(`${page.path.padEnd(52)} ${`${kb.toFixed(1)} KB`.padStart(9)} ${String(js.files).padStart(5)} ${String(score).padStart(5)}  ${verdict}`);
    }
  } finally {
    await chrome.stop();
  }
  console.log(`\nBudgets: content pages ≤ ${JS_BUDGET_KB} KB gzipped JavaScript (React included), Lighthouse performance ≥ ${SCORE_BUDGET}.`);
} catch (error) {
  failed = true;
  console.error(`[bench] ${(error as Error).message}`);
} finally {
  await stopGroup(stack);
}
process.exit(failed ? 1 : 0);
