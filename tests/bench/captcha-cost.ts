import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { median } from './statistics.ts';

/**
 * `npm run bench:captcha`: what the waiting room's proof of work (the ALTCHA challenge of
 * bff/plugins/captcha.ts at the production difficulty, CAPTCHA_MAX_NUMBER 100,000) costs a
 * person on a phone and a script that wants places, side by side in one run:
 *
 * - the phone: Debian's Chromium at 4× CPU slowdown (the Lighthouse phone), solving with
 *   WebCrypto one SHA-256 at a time as the widget's worker does, on one thread;
 * - the desktop: the same page without the slowdown;
 * - the script: Node solving with altcha-lib's own solver, and with a plain synchronous loop
 *   over node:crypto (what someone writing a bot would do), on one core.
 *
 * Each solve is a fresh challenge whose counter is drawn from half to all of the maximum, as the
 * BFF draws it. Prints the median milliseconds a solve and what a place costs the script.
 */

const MAX_NUMBER = Number(process.env.CAPTCHA_MAX_NUMBER ?? 100_000);
const SOLVES = Number(process.env.BENCH_SOLVES ?? 12);
const CPU_SLOWDOWN = 4;
/** An on-demand cloud vCPU-hour (USD), to put a price on the script's work. */
const VCPU_HOUR_USD = 0.04;

async function challenge(): Promise<Challenge> {
  const counter = Math.ceil(MAX_NUMBER / 2) + Math.floor(Math.random() * Math.floor(MAX_NUMBER / 2));
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter,
    deriveKey,
    hmacSignatureSecret: 'bench-secret',
    hmacKeySignatureSecret: 'bench-key-secret',
  });
}

/** A bot's loop: SHA-256(salt ‖ nonce ‖ counter as uint32) until the key starts with the prefix. */
function solveByLoop(parameters: Challenge['parameters']): number {
  const salt = Buffer.from(parameters.salt, 'hex');
  const nonce = Buffer.from(parameters.nonce, 'hex');
  const prefix = Buffer.from(parameters.keyPrefix, 'hex');
  const input = Buffer.alloc(salt.length + nonce.length + 4);
  salt.copy(input, 0);
  nonce.copy(input, salt.length);
  for (let counter = 0; ; counter += 1) {
    input.writeUInt32BE(counter, salt.length + nonce.length);
    const key = createHash('sha256').update(input).digest();
    if (key.subarray(0, prefix.length).equals(prefix)) return counter;
  }
}

async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function inBrowser(slowdown: number, challenges: Challenge[]): Promise<number[]> {
  // WebCrypto needs a secure context: a page of 127.0.0.1 is one.
  const server = createServer((_request, response) => response.end('<!doctype html><title>pow</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const cdp = await page.context().newCDPSession(page);
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const times: number[] = [];
    for (const one of challenges) {
      times.push(
        await page.evaluate(async (parameters) => {
          const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
          const salt = hex(parameters.salt);
          const nonce = hex(parameters.nonce);
          const prefix = hex(parameters.keyPrefix);
          const input = new Uint8Array(salt.length + nonce.length + 4);
          input.set(salt, 0);
          input.set(nonce, salt.length);
          const view = new DataView(input.buffer);
          const start = performance.now();
          for (let counter = 0; ; counter += 1) {
            view.setUint32(salt.length + nonce.length, counter, false);
            const key = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
            if (prefix.every((byte, index) => key[index] === byte)) break;
          }
          return performance.now() - start;
        }, one.parameters),
      );
    }
    return times;
  } finally {
    await browser.close();
    server.close();
  }
}

const challenges = await Promise.all(Array.from({ length: SOLVES }, challenge));
const loop: number[] = [];
const library: number[] = [];
for (const one of challenges) {
  loop.push(await timed(() => solveByLoop(one.parameters)));
  library.push(await timed(() => solveChallenge({ challenge: one, deriveKey })));
}
const desktop = await inBrowser(1, challenges);
const phone = await inBrowser(CPU_SLOWDOWN, challenges);

const middle = (times: number[]): number => median(times) ?? Number.NaN;
const scriptMs = middle(loop);
const placesPerCoreHour = 3_600_000 / scriptMs;
const usdPerThousandPlaces = (VCPU_HOUR_USD / placesPerCoreHour) * 1000;
const row = (label: string, times: number[]) =>
  `${label.padEnd(44)} ${middle(times).toFixed(0).padStart(6)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`;

console.log(
  `ALTCHA proof of work, CAPTCHA_MAX_NUMBER ${MAX_NUMBER.toLocaleString('en')}, ${SOLVES} challenges, median a solve:`,
);
console.log(row(`phone (Chromium, ${CPU_SLOWDOWN}× CPU slowdown, WebCrypto, 1 thread)`, phone));
console.log(row('desktop (Chromium, WebCrypto, 1 thread)', desktop));
console.log(row("script (altcha-lib's solver, Node, 1 core)", library));
console.log(row('script (plain node:crypto loop, 1 core)', loop));
console.log(`phone / script: ${(middle(phone) / scriptMs).toFixed(0)}×`);
console.log(
  `script: ${Math.round(placesPerCoreHour).toLocaleString('en')} places a core-hour; USD ${usdPerThousandPlaces.toFixed(4)} of CPU for 1,000 places at USD ${VCPU_HOUR_USD} a vCPU-hour`,
);
