import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { median } from '../statistics.ts';
import { CHROME_PATH } from './stack.ts';

/** Lighthouse's mobile performance score of a page, in a Chromium of its own. */

export const RUNS = Math.max(0, Number(process.env.BENCH_RUNS ?? 3));
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
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

/** Lighthouse's measure of this machine's speed, one per run: how harsh 4× CPU throttling is here. */
export const benchmarkIndexes: number[] = [];

/** The median score of RUNS runs; a run without a score (a Lighthouse error on a busy machine) is said and run once more; null when none scored. */
export async function performanceScore(url: string, port: number, cookie: string | undefined): Promise<number | null> {
  if (RUNS === 0) return null;
  const scores: number[] = [];
  let failures = 0;
  while (scores.length < RUNS && failures <= RUNS) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    }).catch((error: unknown) => error as Error);
    const score = result instanceof Error ? undefined : result?.lhr.categories.performance?.score;
    const benchmarkIndex = result instanceof Error ? undefined : result?.lhr.environment.benchmarkIndex;
    if (typeof benchmarkIndex === 'number') benchmarkIndexes.push(benchmarkIndex);
    if (typeof score === 'number') {
      scores.push(Math.round(score * 100));
    } else {
      failures += 1;
      const reason = result instanceof Error ? result.message : (result?.lhr.runtimeError?.message ?? 'no result');
      console.log(`[bench] no Lighthouse score for ${new URL(url).pathname}: ${reason}`);
    }
  }
  return median(scores) ?? null;
}
