import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BARE_QUERY_MARKS,
  PATHS_WITH_A_RAW_HASH,
  PATHS_NAMING_ANOTHER_HOST,
  PATHS_WRITTEN_ANOTHER_WAY,
  QUERIES_A_PAGE_NEVER_READS,
  SEARCH_ADDRESS,
  SEARCHES_SPELLED_ANOTHER_WAY,
  redirectOf,
} from '../page-addresses.ts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Movie } from '#shared/cinema-api/catalogue.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { computeTotals } from '#shared/booking/totals.ts';
import { lonelySeatsRefused } from '#shared/booking/lonely-seats.ts';
import type { BookingView, HoldView, PaymentResultView, SeatCell, TicketView } from '#shared/views/booking.ts';
import type { MovieDetailView } from '#shared/views/catalogue.ts';
import type { WaitingRoomStatusView } from '#shared/views/waiting-room.ts';
import { SERVICE_WORKER_PATH } from '#site/lib/offline-copies.ts';
import { PUBLIC_PAGE_S_MAXAGE } from '#site/lib/page-cache.ts';
import { routes } from '#site/lib/routes.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import { CATALOGUE_FRESH_SECONDS, startTopology, type Topology, type Traffic } from './stack.ts';
import type { Service } from './processes.ts';
import { until, untilTrue } from '../until.ts';
import { IMAGE_ENDPOINT, imageUrl } from '#site/lib/image-url.ts';
import { imagesToWarm } from '#site/lib/image-warmup.ts';
import { request as undiciRequest } from 'undici';
import { clientAddress, SeatStream, Visitor } from './visitors.ts';
import {
  admissionTimes,
  closeCrowd,
  crowdAddress,
  inLanes,
  measuredRate,
  Operator,
  overtaken,
  Queuer,
  standsBehind,
  type Standing,
} from './waiting-room.ts';
import { rawRequest } from '../security/stack.ts';
import { searchAddress } from '#site/features/search/search-address.ts';
import { desktop as desktopProfile, phone as phoneProfile } from '../e2e/devices.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';
import { makeWalletKeys, TEST_SERVICE_ACCOUNT_EMAIL, type WalletKeys } from '../wallet-keys.ts';
import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { GOOGLE_SAVE_URL } from '#bff/wallet/google-pass.ts';
import { redisClient } from '../bff/redis-server.ts';

/**
 * The production topology under the failures operators meet: a replica killed or stopped,
 * a thousand open seat maps, a client lying about its address, Redis gone, the cinema API
 * hung. Each case prints its figures.
 */

let topology: Topology;
let addresses = 0;
const visitors: Visitor[] = [];

function visitor(): Visitor {
  const one = new Visitor(topology.url, clientAddress(addresses++));
  visitors.push(one);
  return one;
}

const figures: string[] = [];
const figure = (line: string): void => {
  figures.push(line);
  console.log(`[topology] ${line}`);
};

/** Showtimes at least two hours ahead (whatever the hour), with their movie, movie by movie. */
async function upcomingShowtimes(): Promise<Array<{ id: number; slug: string }>> {
  const answer = await fetch(`${topology.sandboxUrl}/api/v1/movies/theater/viziona`, { headers: SANDBOX_HEADERS });
  const movies = ((await answer.json()) as { data: Movie[] }).data;
  const later = Date.now() + 2 * 60 * 60_000;
  return movies.flatMap((movie) =>
    movie.showtimes
      .filter((showtime) => !hasShowtimeStarted(showtime.function_date, showtime.function_hour, later))
      .map((showtime) => ({ id: showtime.id, slug: movie.slug })),
  );
}

/** Showtimes at least two hours ahead, for streams that must stay open. */
async function futureShowtimes(): Promise<number[]> {
  return (await upcomingShowtimes()).map((showtime) => showtime.id);
}

async function setOutage(outage: { down: boolean; hung?: boolean }): Promise<void> {
  const answer = await fetch(`${topology.sandboxUrl}/sandbox/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(outage),
  });
  expect(answer.status).toBe(200);
}

const PAGES = ['/', '/cartelera', '/proximos-estrenos', '/salas', '/confiteria'];

/** Visitors reading pages and BFF answers in a loop until `stop()`; counts what was answered and what failed. */
class Browsing {
  /** Requests answered (or failed) so far. */
  requests = 0;
  readonly failures: string[] = [];
  #done = false;
  readonly #finished: Promise<unknown>;

  constructor(people: Visitor[], paths: string[]) {
    this.#finished = Promise.all(people.map((person, index) => this.#walk(person, paths, index)));
  }

  async #walk(person: Visitor, paths: string[], first: number): Promise<void> {
    let step = first;
    while (!this.#done) {
      const target = paths[step++ % paths.length] ?? '/';
      try {
        const answer = await person.send('GET', target);
        if (answer.status >= 500) this.failures.push(`${target} ${answer.status}`);
        // A logged-in customer sent to log in has lost their page, whatever the status says.
        if (person.cookie && answer.location?.startsWith('/iniciar-sesion'))
          this.failures.push(`${target} → ${answer.location}`);
      } catch (error) {
        this.failures.push(`${target} ${(error as Error).message}`);
      }
      this.requests += 1;
    }
  }

  /** Until `count` more requests have been answered from now. */
  async untilMore(count: number, what: string): Promise<void> {
    const target = this.requests + count;
    await untilTrue(`${count} requests answered ${what}`, () => this.requests >= target, { intervalMs: 50 });
  }

  async stop(): Promise<{ requests: number; failures: string[] }> {
    this.#done = true;
    await this.#finished;
    return { requests: this.requests, failures: this.failures };
  }
}

/** The keys of the people's seat holds Redis holds now (bff/purchase/common/hold.ts, with the shared store's prefix). */
async function holdKeys(): Promise<string[]> {
  const redis = redisClient(`redis://127.0.0.1:${topology.redis.port}`, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await redis.keys('viziona:hold:*');
  } finally {
    redis.disconnect();
  }
}

/** What Redis has written of its append-only file (Redis 7: the files of `appendonlydir/`). */
function appendOnlyFile(): string {
  const folder = path.join(topology.dir, 'appendonlydir');
  return readdirSync(folder)
    .map((file) => readFileSync(path.join(folder, file), 'latin1'))
    .join('\n');
}

/** Resident memory of a replica, in MiB (Linux /proc). */
function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Solves the captcha as the browser widget does, through nginx. */
async function solvedCaptcha(person: Visitor): Promise<string> {
  const challenge = (await person.send('GET', '/bff/captcha/challenge')).json as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  ).toString('base64');
}

/** Holds `count` free seats of a zone that has them, leaving no seat alone, and returns the card payment the page would send. */
async function holdSeats(person: Pick<Visitor, 'send'>, showtimeId: number, count: number) {
  const answer = await person.send('GET', `/bff/booking/${showtimeId}`);
  if (answer.status !== 200) throw new Error(`booking view answered ${answer.status}: ${answer.text.slice(0, 120)}`);
  const view = answer.json as BookingView;
  const seats = view.seatMap.rows.flatMap((row) =>
    row.cells.filter((cell): cell is SeatCell => cell.kind === 'seat' && cell.state === 'available'),
  );
  const zone = view.zones.find((offer) => seats.filter((seat) => seat.zone === offer.zone).length >= count);
  if (!zone) throw new Error(`showtime ${showtimeId} has no zone with ${count} free seats`);
  // The last free seats one after another that leave no seat alone (the BFF refuses those).
  const free = seats.filter((seat) => seat.zone === zone.zone).map((seat) => seat.id);
  const chosen = free
    .slice(0, free.length - count + 1)
    .map((_, index) => free.slice(index, index + count))
    .reverse()
    .find((run) => lonelySeatsRefused(view.seatMap, zone.zone, run).length === 0);
  if (!chosen) throw new Error(`showtime ${showtimeId} has no ${count} seats that leave none alone`);
  const reserved = await person.send('POST', `/bff/booking/${showtimeId}/reserve`, { zone: zone.zone, seats: chosen });
  if (reserved.status !== 200) throw new Error(`reserve answered ${reserved.status}: ${reserved.text}`);
  const total = computeTotals({
    seats: count,
    ticketUnitPrice: zone.price,
    ticketSavingPerSeat: 0,
    snacks: [],
    fees: view.fees,
  }).total;
  return { showtimeId, seats: chosen, total, brandId: view.payBrands[0]?.id ?? 1, products: [] };
}

/** Holds two free seats of a zone and returns the card payment the page would send. */
const holdTwoSeats = (person: Pick<Visitor, 'send'>, showtimeId: number) => holdSeats(person, showtimeId, 2);

/** A card payment form as the page sends it, with a fresh captcha. */
async function cardPayment(person: Visitor, order: Awaited<ReturnType<typeof holdTwoSeats>>) {
  const captcha = await solvedCaptcha(person);
  return {
    ...order,
    card: {
      cardName: 'Daniela Gómez',
      cardNumber: '4575623182290326',
      expMonth: '12',
      expYear: String(new Date().getUTCFullYear() + 2),
      cvc: '123',
      dues: '',
      captcha,
    },
  };
}

async function purchaseCount(person: Visitor): Promise<number> {
  const answer = await person.send('GET', '/bff/profile/purchases');
  return ((answer.json as { purchases?: unknown[] } | null)?.purchases ?? []).length;
}

/** After a restart: nginx takes a replica it marked failed back after its fail_timeout (2 s). */
async function untilServed(paths: string[] = ['/bff/health', '/']): Promise<void> {
  for (const target of paths) {
    await until(
      `${target} served again`,
      async () => (await fetch(`${topology.url}${target}`)).status,
      (status) => status === 200,
    );
  }
}

/** What a BFF replica's readiness says (its operations port: `/ready`, bff/plugins/lifecycle.ts). */
async function readiness(bff: Service): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
  return (await fetch(`http://127.0.0.1:${bff.opsPort}/ready`)).json() as Promise<{
    ready: boolean;
    checks: Record<string, boolean>;
  }>;
}

/** Until every running BFF replica answers that its Redis connection is back (it reconnects every second). */
async function untilRedisFoundAgain(): Promise<void> {
  for (const bff of topology.bffs) {
    await until(
      `${bff.name} connected to Redis again`,
      () => readiness(bff),
      (answer) => answer.checks.redis === true,
    );
  }
}

/**
 * Until the BFFs' own catalogue entries (fresh CATALOGUE_FRESH_SECONDS, 1 s here) have all gone
 * stale: every read that stored one was answered before the logs caught up, so the last was
 * stored before that moment.
 */
async function untilCatalogueEntriesStale(): Promise<void> {
  await topology.watch();
  const staleAt = Date.now() + CATALOGUE_FRESH_SECONDS * 1_000 + 1;
  await untilTrue('the catalogue entries stale', () => Date.now() > staleAt, { intervalMs: 50 });
}

let customersMade = 0;

/**
 * New customers, registered straight in the sandbox (test data, as a seeded database would
 * hold them): each real person has an account of their own, and the BFF limits streams and
 * log-ins per account.
 */
async function newCustomers(count: number): Promise<Array<{ email: string; password: string }>> {
  const made: Array<{ email: string; password: string }> = [];
  for (let batch = 0; batch < count; batch += 10) {
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - batch) }, async () => {
          const number = (customersMade += 1);
          const token = await fetch(`${topology.sandboxUrl}/api/v1/token/register`, {
            method: 'POST',
            headers: SANDBOX_HEADERS,
          });
          const { token: registerToken } = (await token.json()) as { token: string };
          const email = `topologia${number}@correo.test`;
          const answer = await fetch(`${topology.sandboxUrl}/api/v1/register`, {
            method: 'POST',
            headers: { ...SANDBOX_HEADERS, 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'Laura',
              lastname: 'Pérez',
              email,
              password: 'Clave1234',
              doc_type: 'CC',
              doc_number: String(50_000_000 + number),
              phone: '3109876543',
              birthday: '1990-01-31',
              sex: 'F',
              device: 'web',
              register_token: registerToken,
            }),
          });
          if (answer.status !== 201)
            throw new Error(`sandbox register answered ${answer.status}: ${await answer.text()}`);
          return { email, password: 'Clave1234' };
        }),
      )),
    );
  }
  return made;
}

/** The pace of the people the test plays (a retry, an arrival schedule), never a wait for a condition. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many copies an nginx cache zone holds on disk (its folder under the topology's, e.g. `cache`). */
function cachedFiles(zone: string): number {
  try {
    return readdirSync(path.join(topology.dir, zone), { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    ).length;
  } catch {
    return 0;
  }
}

let walletKeys: WalletKeys;

beforeAll(async () => {
  walletKeys = makeWalletKeys();
  topology = await startTopology(undefined, { observability: true, bffEnv: walletKeys.env });
}, 120_000);

afterAll(async () => {
  await topology?.close();
  walletKeys?.remove();
  await Promise.all(visitors.map((one) => one.close()));
  console.log(`\n[topology] figures:\n  ${figures.join('\n  ')}\n`);
}, 60_000);

describe('the production topology', () => {
  it('serves pages through nginx from both site replicas', async () => {
    const readers = Array.from({ length: 8 }, () => visitor());
    const started = performance.now();
    const answers = await Promise.all(
      readers.map(async (reader) => {
        const statuses = [];
        for (let index = 0; index < 25; index += 1)
          statuses.push((await reader.send('GET', PAGES[index % PAGES.length] ?? '/')).status);
        return statuses;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    figure(
      `pages: 200 GETs, 8 at a time, ${Math.round(200 / seconds)} pages/s over 2 site replicas behind the micro-cache`,
    );
    expect(answers.flat().every((status) => status === 200)).toBe(true);
  });

  it('answers through nginx with one request id in the access log', async () => {
    const person = visitor();
    // A personal page: never a copy from the micro-cache, so it is rendered upstream (a query of
    // our own making would only be redirected, issue 32).
    const page = await person.send('GET', '/iniciar-sesion');
    expect(page.status).toBe(200);
    expect(page.requestId).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes the line once the answer has gone out.
    const log = path.join(topology.dir, 'logs/nginx-access.log');
    const line = await until(
      `the line of ${page.requestId} in nginx's access log`,
      () =>
        readFileSync(log, 'utf8')
          .split('\n')
          .find((entry) => entry.includes(`"reqId":"${page.requestId}"`)),
      (found) => found !== undefined,
      { intervalMs: 50 },
    );
    expect(line).toMatch(/"upstreamTime":"[0-9.]+"/);
  });

  it('keeps every session and GET, and charges nobody twice, when a BFF replica is killed', async () => {
    const [showtimeId] = await futureShowtimes();
    if (showtimeId === undefined) throw new Error('the sandbox has no showtime two hours ahead');
    const people = [visitor(), visitor(), visitor(), visitor()];
    await people[0]!.login('demo@viziona.co', 'Demo1234');
    await people[1]!.login('demo@viziona.co', 'Demo1234');
    await people[2]!.login('club@viziona.co', 'Club1234');
    await people[3]!.login('club@viziona.co', 'Club1234');
    const streams = people.map((person) => new SeatStream(person, showtimeId));
    await Promise.all(streams.map((stream) => stream.open()));
    // One customer of each account buys while the replica dies: a double click, both forms alike.
    const buyers = [people[0]!, people[2]!];
    const before = await Promise.all(buyers.map(purchaseCount));
    const later = await futureShowtimes();
    const orders = await Promise.all(buyers.map((buyer, index) => holdTwoSeats(buyer, later[index + 1] ?? showtimeId)));
    const forms = await Promise.all(
      buyers.map(async (buyer) => {
        const captcha = await solvedCaptcha(buyer);
        return {
          cardName: 'Daniela Gómez',
          cardNumber: '4575623182290326',
          expMonth: '12',
          expYear: String(new Date().getUTCFullYear() + 2),
          cvc: '123',
          dues: '',
          captcha,
        };
      }),
    );

    const browsing = new Browsing(people, [
      '/bff/session',
      `/bff/booking/${showtimeId}`,
      '/cartelera',
      '/mis-tickets',
      '/bff/catalogue/releases',
    ]);
    let payments: Array<{ status: number; json: unknown; text: string }> = [];
    let untilPaid: Promise<unknown>;
    try {
      // Everybody is browsing before anything breaks.
      await browsing.untilMore(people.length * 2, 'before the kill');
      const paying = await topology.watch();
      untilPaid = Promise.all(
        buyers.flatMap((buyer, index) =>
          [0, 1].map(() =>
            buyer
              .send('POST', '/bff/payments/card', { ...orders[index], card: forms[index] })
              .catch((error: Error) => ({ status: 0, json: null, text: error.message })),
          ),
        ),
      ).then((answers) => (payments = answers));
      // The replica dies while the payments are under way: once one has reached the cinema API.
      await until(
        'a payment at the cinema API',
        async () => [...(await paying()).cinemaApi.keys()],
        (calls) => calls.some((url) => url.startsWith('/api/v1/pay-token') || url.startsWith('/api/v1/epayco/')),
        { intervalMs: 50 },
      );
      await topology.bffs[0].stop('SIGKILL');
      // Browsing goes on until the seat streams the replica carried are back (EventSource's 3 s
      // retry), and through nginx's fail_timeout (2 s) of the dead replica.
      await untilTrue(
        'the broken seat streams back',
        () => streams.some((stream) => stream.breaks > 0) && streams.every((stream) => !stream.broken),
        { timeoutMs: 30_000 },
      ).catch(() => false); // asserted below, with the figures

      await browsing.untilMore(people.length * 10, 'after the kill');
      await untilPaid;
    } finally {
      await browsing.stop();
      await topology.bffs[0].start();
      await untilServed();
    }
    const { requests, failures } = browsing;
    const after = await Promise.all(buyers.map(purchaseCount));
    const newBills = after.map((count, index) => count - (before[index] ?? 0));
    const billsAnswered = buyers.map(
      (_, index) =>
        new Set(
          payments
            .slice(index * 2, index * 2 + 2)
            .filter((answer) => answer.status === 200)
            .map((answer) => (answer.json as PaymentResultView).bill),
        ),
    );

    const emails = await Promise.all(people.map((person) => person.sessionEmail()));
    const reconnections = streams.flatMap((stream) => stream.reconnections);
    const brokenStreams = streams.filter((stream) => stream.breaks > 0);
    streams.forEach((stream) => stream.close());

    figure(
      `BFF SIGKILL: ${requests} GETs during the kill, ${failures.length} failed; sessions kept ${emails.filter(Boolean).length}/4; seat streams reconnected ${reconnections.length}, slowest ${Math.round(Math.max(0, ...reconnections))} ms; double-clicked payments answered ${payments.map((answer) => answer.status).join(',')}, new bills per buyer ${newBills.join(',')}`,
    );
    expect(failures, failures.slice(0, 5).join(' | ')).toEqual([]);
    // Nobody is charged twice: at most one bill a hold, and every answer that paid names it.
    for (const [index, count] of newBills.entries()) {
      expect(count).toBeLessThanOrEqual(1);
      expect(billsAnswered[index]!.size).toBeLessThanOrEqual(count);
    }
    expect(emails).toEqual(['demo@viziona.co', 'demo@viziona.co', 'club@viziona.co', 'club@viziona.co']);
    // The streams on the killed replica broke, and each came back after every break (from the
    // BFF's 3 s retry; how long it took is the figure above).
    expect(brokenStreams.length).toBeGreaterThan(0);
    expect(brokenStreams.map((stream) => `broke ${stream.breaks}, back ${stream.reconnections.length}`)).toEqual(
      brokenStreams.map((stream) => `broke ${stream.breaks}, back ${stream.breaks}`),
    );
  }, 60_000);

  it('loses no request when a BFF and a site replica are stopped with SIGTERM', async () => {
    const people = [visitor(), visitor(), visitor(), visitor()];
    const browsing = new Browsing(people, [...PAGES, '/bff/catalogue/releases', '/bff/session']);
    try {
      await browsing.untilMore(people.length * 2, 'before the stop');
      // Each drains (readiness says no, requests still served) and exits: requests go on
      // throughout, and after both have exited, through the replicas left.
      await Promise.all([topology.bffs[1].stop('SIGTERM'), topology.sites[0].stop('SIGTERM')]);
      await browsing.untilMore(people.length * 10, 'after both exited');
    } finally {
      await browsing.stop();
    }
    const { requests, failures } = browsing;
    await Promise.all([topology.bffs[1].start(), topology.sites[0].start()]);
    await untilServed();
    figure(`SIGTERM BFF + site: ${requests} requests during the drain, ${failures.length} failed`);
    expect(failures, failures.slice(0, 5).join(' | ')).toEqual([]);
  }, 60_000);

  it('keeps every BFF replica in rotation while the cinema API is down: its 502 is an answer, not a failed replica', async () => {
    const [showtime] = await futureShowtimes();
    const customer = visitor();
    await customer.login('demo@viziona.co', 'Demo1234');
    await setOutage({ down: true });
    const answers: string[] = [];
    try {
      // Twice: were the BFF's 502 counted as a replica failure, the second round would find no
      // replica in rotation and even the session read would get nginx's bare 502.
      for (let round = 0; round < 2; round += 1) {
        const booking = await customer.send('GET', `/bff/booking/${showtime}`);
        const session = await customer.send('GET', '/bff/session');
        answers.push(`booking ${booking.status}`, `session ${session.status}`);
        expect(booking.status).toBe(502);
        expect((booking.json as { error?: { code?: string } } | null)?.error?.code).toBe('UPSTREAM_UNAVAILABLE');
        expect(session.status).toBe(200);
        expect((session.json as { user?: { email?: string } } | null)?.user?.email).toBe('demo@viziona.co');
      }
    } finally {
      await setOutage({ down: false });
      figure(`cinema API down: ${answers.join(', ')}`);
    }
  }, 60_000);

  it('tells a logged-in customer the service is unavailable, instead of sending them to log in, while no BFF answers', async () => {
    const customer = visitor();
    await customer.login('demo@viziona.co', 'Demo1234');
    await Promise.all(topology.bffs.map((bff) => bff.stop('SIGKILL')));
    try {
      // Twice: the site's 503 says the BFF is away, the same from every site replica, so it must
      // not take them out of nginx's rotation (the next request would get nginx's bare 502).
      for (const attempt of [1, 2]) {
        const page = await customer.send('GET', '/mis-tickets');
        figure(
          `no BFF: /mis-tickets with a session answered ${page.status}${page.location ? ` → ${page.location}` : ''} (request ${attempt})`,
        );
        expect(page.location).toBeUndefined();
        expect(page.status).toBe(503);
        expect(page.text).toContain('El servicio no está disponible en este momento');
      }
    } finally {
      await Promise.all(topology.bffs.map((bff) => bff.start()));
      await untilServed();
    }
    expect((await customer.send('GET', '/mis-tickets')).status).toBe(200);
  }, 60_000);

  it('keeps pages at 200 with 1,000 seat maps open through nginx', async () => {
    const showtimes = await futureShowtimes();
    // 250 people, each from their own address with their own account, four tabs each.
    const accounts = await newCustomers(250);
    const customers = accounts.map(() => visitor());
    for (let batch = 0; batch < customers.length; batch += 25) {
      await Promise.all(
        customers.slice(batch, batch + 25).map((customer, index) => {
          const account = accounts[batch + index]!;
          return customer.login(account.email, account.password);
        }),
      );
    }
    const rssBefore = topology.bffs.map((bff) => rssMiB(bff.child?.pid));
    const started = performance.now();
    const streams = customers.flatMap((customer, index) =>
      // A presale: everybody on the same few showtimes.
      [0, 1, 2, 3].map((tab) => new SeatStream(customer, showtimes[(index * 4 + tab) % 8] ?? 0)),
    );
    const opened = await Promise.allSettled(streams.map((stream) => stream.open()));
    const openMs = performance.now() - started;
    const reader = visitor();
    const pages = await Promise.all(PAGES.flatMap((page) => [page, page]).map((page) => reader.send('GET', page)));
    const rssOpen = topology.bffs.map((bff) => rssMiB(bff.child?.pid));
    streams.forEach((stream) => stream.close());
    const perMap = (rssOpen.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) / 1_000;
    figure(
      `1,000 seat maps: BFF memory ${rssBefore.map(Math.round).join(' + ')} MiB before, ${rssOpen.map(Math.round).join(' + ')} MiB open (~${Math.round(perMap * 1024)} KiB a map)`,
    );
    const open = opened.filter((result) => result.status === 'fulfilled').length;
    const refusals = [
      ...new Set(opened.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))),
    ];
    figure(
      `1,000 seat maps: ${open} open${refusals.length ? ` (refused: ${refusals.join('; ')})` : ''} in ${Math.round(openMs)} ms; pages meanwhile ${pages.map((page) => page.status).join(',')} (slowest ${Math.round(Math.max(...pages.map((page) => page.ms)))} ms)`,
    );
    expect(open).toBe(1_000);
    expect(pages.every((page) => page.status === 200)).toBe(true);
  }, 120_000);

  it('counts log-in attempts by the real client address whatever X-Forwarded-For says', async () => {
    const attacker = visitor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const spoofed = `203.0.113.${attempt + 1}`;
      // Another account each time: what is tested is the count per client address.
      const answer = await attacker.send(
        'POST',
        '/bff/auth/login',
        { email: `alguien${attempt}@correo.test`, password: 'Wrong1234' },
        { 'x-forwarded-for': spoofed, 'x-real-ip': spoofed },
      );
      statuses.push(answer.status);
    }
    figure(`spoofed X-Forwarded-For: statuses ${statuses.join(',')}`);
    expect(statuses).toContain(429);
  }, 60_000);

  it('falls back to in-memory limits, answering every attempt while Redis is away, when Redis stops', async () => {
    await topology.redis.stop('SIGKILL');
    const attacker = visitor();
    const answers = [];
    for (let attempt = 0; attempt < 24; attempt += 1) {
      // Another account each time, so no account's own slowdown is measured here.
      answers.push(
        await attacker.send('POST', '/bff/auth/login', { email: `nadie${attempt}@correo.test`, password: 'Wrong1234' }),
      );
    }
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    const refusedAt = answers.findIndex((answer) => answer.status === 429);
    await topology.redis.start();
    await untilRedisFoundAgain();
    figure(
      `Redis stopped: 24 log-ins answered, slowest ${Math.round(slowest)} ms, first 429 at attempt ${refusedAt + 1} (memory counts per replica)`,
    );
    // Every attempt was answered while Redis was away: wrong credentials (422) or too many
    // attempts (429), never a failure (no command waits on Redis: bff/plugins/redis-client.ts).
    expect(answers.map((answer) => answer.status).filter((status) => status !== 422 && status !== 429)).toEqual([]);
    // Each replica counts on its own now: ten attempts a replica at most.
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(refusedAt).toBeLessThanOrEqual(21);
  }, 60_000);

  it('keeps every hold and charges nobody twice when Redis restarts in the middle of payments (append-only file)', async () => {
    const showtimes = await futureShowtimes();
    const accounts = await newCustomers(8);
    const customers = accounts.map(() => visitor());
    await Promise.all(
      customers.map((customer, index) => customer.login(accounts[index]!.email, accounts[index]!.password)),
    );
    const holdsBefore = new Set(await holdKeys());
    // Each holds two seats of a showtime of their own (the cinema API keeps the seats for 10 minutes).
    const orders = await Promise.all(
      customers.map((customer, index) => holdTwoSeats(customer, showtimes[20 + index] ?? 0)),
    );
    // What the purchase page shows as the person's hold on its showtime (the booking view).
    const holdOf = async (customer: Visitor, showtimeId: number): Promise<HoldView | null> =>
      ((await customer.send('GET', `/bff/booking/${showtimeId}`)).json as BookingView | null)?.hold ?? null;
    const heldBefore = await Promise.all(
      customers.map((customer, index) => holdOf(customer, orders[index]!.showtimeId)),
    );
    expect(heldBefore.every((hold) => hold !== null)).toBe(true);
    // appendfsync everysec: Redis writes its append-only file once a second; the kill comes
    // once every hold just made is in it.
    const newHolds = (await holdKeys()).filter((key) => !holdsBefore.has(key));
    await untilTrue('the holds in the append-only file', () => {
      const written = appendOnlyFile();
      return newHolds.every((key) => written.includes(key));
    });

    // Six of them pay with a double click, two by two: the first two until their payments reach
    // the cinema API, when Redis is killed; two while it is away; two as it starts again. Two
    // only hold.
    const payers = customers.slice(0, 6);
    const forms = await Promise.all(payers.map((payer, index) => cardPayment(payer, orders[index]!)));
    const doubleClick = (index: number) =>
      Promise.all(
        [0, 1].map(() =>
          payers[index]!.send('POST', '/bff/payments/card', forms[index]).catch((error: Error) => ({
            status: 0,
            json: null,
            text: error.message,
          })),
        ),
      );
    const paying = await topology.watch();
    const beforeKill = [doubleClick(0), doubleClick(1)];
    await until(
      'the first payments at the cinema API',
      async () => (await paying()).cinemaApi.get('/api/v1/pay-token') ?? 0,
      (payTokens) => payTokens >= 2,
      { intervalMs: 50 },
    );
    await topology.redis.stop('SIGKILL');
    const whileAway = [doubleClick(2), doubleClick(3)];
    await topology.redis.start();
    const answers = await Promise.all([...beforeKill, ...whileAway, doubleClick(4), doubleClick(5)]);
    // The replicas find Redis again (one connection each, reconnecting every second).
    await untilRedisFoundAgain();

    const billsOf = (pair: Array<{ status: number; json: unknown }>) =>
      new Set(
        pair
          .filter((answer) => answer.status === 200 && (answer.json as PaymentResultView).accepted)
          .map((answer) => (answer.json as PaymentResultView).bill),
      );
    const paid = answers.map(billsOf);
    // Whoever was not charged still has the hold the cinema API keeps, with the same seats.
    const heldAfter = await Promise.all(
      customers.map((customer, index) => holdOf(customer, orders[index]!.showtimeId)),
    );
    const unpaid = customers.map((_, index) => index).filter((index) => (paid[index]?.size ?? 0) === 0);
    const keptHolds = unpaid.filter(
      (index) => JSON.stringify(heldAfter[index]?.seats) === JSON.stringify(orders[index]!.seats),
    );
    // Then they pay once more (a new captcha), as a person would after "intenta de nuevo".
    const retries = await Promise.all(
      unpaid.map(async (index) =>
        customers[index]!.send('POST', '/bff/payments/card', await cardPayment(customers[index]!, orders[index]!)),
      ),
    );
    const bills = await Promise.all(customers.map(purchaseCount));

    figure(
      `Redis restarted during payments: double clicks answered ${answers.map((pair) => pair.map((answer) => answer.status).join('+')).join(', ')}; ` +
        `holds kept ${keptHolds.length}/${unpaid.length} of those not yet charged; paid again ${retries.map((answer) => answer.status).join(',')}; bills per customer ${bills.join(',')}`,
    );
    for (const [index, pair] of answers.entries()) {
      // At most one bill a hold, and both clicks that paid name the same one.
      expect(
        paid[index]!.size,
        `customer ${index} answers ${pair.map((answer) => answer.text.slice(0, 120)).join(' | ')}`,
      ).toBeLessThanOrEqual(1);
    }
    expect(keptHolds).toEqual(unpaid);
    for (const retry of retries) expect(retry.status).toBe(200);
    // Everybody ends with exactly one purchase: nobody charged twice, nobody's hold lost.
    expect(bills).toEqual(customers.map(() => 1));
  }, 90_000);

  it('serves catalogue pages from stale data when the cinema API hangs, from every replica, a restarted one too', async () => {
    // Around the micro-cache (which would answer from its own copies): a site replica's own
    // port, its BFF calls still through nginx's internal port to both BFF replicas.
    const reader = new Visitor(`http://127.0.0.1:${topology.sites[0].port}`, clientAddress(addresses++));
    visitors.push(reader);
    // Warm every page on both BFF replicas (nginx alternates), then let the entries go stale.
    for (let round = 0; round < 4; round += 1) {
      for (const page of PAGES) expect((await reader.send('GET', page)).status).toBe(200);
    }
    await untilCatalogueEntriesStale();
    await setOutage({ down: false, hung: true });
    try {
      // A replica restarted during the outage has no cache of its own: it reads the copies in
      // Redis, once it has its connection.
      const restarted = topology.bffs[0];
      await restarted.stop('SIGKILL');
      await restarted.start();
      await until(
        `${restarted.name} connected to Redis`,
        () => readiness(restarted),
        (answer) => answer.checks.redis === true,
      );
      const hung = await topology.watch();
      const answers = [];
      for (let round = 0; round < 2; round += 1) {
        for (const page of PAGES) answers.push(await reader.send('GET', page));
      }
      const traffic = await hung();
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      const asked = [...traffic.cinemaApi.values()].reduce((sum, count) => sum + count, 0);
      const servedBy = topology.bffs.map((bff) =>
        [...traffic.upstreams].reduce(
          (sum, [upstream, count]) => sum + (upstream.endsWith(`:${bff.port}`) ? count : 0),
          0,
        ),
      );
      figure(
        `cinema API hung: ${answers.map((answer) => answer.status).join(',')}, slowest ${Math.round(slowest)} ms; ` +
          `the cinema API asked ${asked} times meanwhile; BFF reads served by each replica ${servedBy.join(' + ')} (the first restarted)`,
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain('No pudimos cargar');
      }
      // The entries were stale: the replicas asked the hung API, and answered from what they kept.
      expect(asked).toBeGreaterThan(0);
      expect(servedBy.every((count) => count > 0)).toBe(true);
    } finally {
      await setOutage({ down: false, hung: false });
    }
  }, 60_000);
});

describe('the micro-cache at the edge', () => {
  /**
   * A key nobody asked for yet: a public page no other test of this file asks for, one per
   * call. (A query the page does not read no longer makes one: it is redirected, issue 32.)
   * The same for the BFF's public reads.
   */
  const NEVER_ASKED = ['/club-vizionarios', '/corporativo', '/accesibilidad', '/linea-etica', '/contactanos'];
  let fresh = 0;
  const uncached = (): string => {
    const page = NEVER_ASKED[fresh++];
    if (!page) throw new Error('every never-asked page is taken: add one to NEVER_ASKED');
    return page;
  };

  /** Each address asked twice answers a 301 to its page, and the edge never serves it from a copy. */
  const expectSentOn = async (reader: Visitor, addresses: ReadonlyArray<readonly [string, string]>) => {
    for (const [asked, page] of addresses) {
      const answers = [await reader.send('GET', asked), await reader.send('GET', asked)];
      figure(`edge: ${asked} ${answers.map((answer) => `${answer.status} ${answer.cacheStatus}`).join(', ')}`);
      for (const answer of answers) {
        expect(answer.status, asked).toBe(301);
        expect(answer.location, asked).toBe(page);
        expect(answer.cacheStatus, asked).not.toBe('HIT');
      }
    }
  };

  it('serves a public page and a public BFF read the second time from the cache', async () => {
    const reader = visitor();
    for (const page of [uncached(), '/bff/catalogue/corporate']) {
      const first = await reader.send('GET', page);
      const second = await reader.send('GET', page);
      figure(`micro-cache: ${page.split('?')[0]} ${first.cacheStatus} then ${second.cacheStatus}`);
      expect(first.status).toBe(200);
      expect(first.cacheStatus).toBe('MISS');
      expect(second.status).toBe(200);
      expect(second.cacheStatus).toBe('HIT');
      expect(second.text).toBe(first.text);
    }
  });

  it('keeps no copy of a showtime listing asked for with a query of its own making: it is redirected', async () => {
    const reader = visitor();
    for (const page of ['/cartelera?borde=1', '/cartelera?version=DOBLADA', '/cartelera?version[]=x&utm_source=y']) {
      const answers = [await reader.send('GET', page), await reader.send('GET', page)];
      figure(`micro-cache: ${page} ${answers.map((answer) => `${answer.status} ${answer.cacheStatus}`).join(', ')}`);
      for (const answer of answers) {
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^\/cartelera(\?version=doblada)?$/);
        expect(answer.cacheStatus).not.toBe('HIT');
      }
    }
  });

  it('sends a path written another way to its page with a 301, never a copy of its own (issue 32)', async () => {
    const reader = visitor();
    await expectSentOn(reader, PATHS_WRITTEN_ANOTHER_WAY);
    // The page itself answers, and a /bff/ path written with two slashes still reaches the BFF.
    expect((await reader.send('GET', '/cartelera')).status).toBe(200);
    expect((await reader.send('GET', '/bff//session')).status).not.toBe(301);
  });

  it('keeps every redirect on our origin whatever slashes, backslashes, encodings or control characters the path has, and lets no header of its making through (issue 39)', async () => {
    const site = new URL(topology.url).origin;
    const get = async (path: string) =>
      redirectOf(
        await rawRequest(
          topology.url,
          `GET ${path} HTTP/1.1\r\nHost: ${new URL(site).host}\r\nConnection: close\r\n\r\n`,
        ),
      );
    for (const path of PATHS_NAMING_ANOTHER_HOST) {
      const answer = await get(path);
      figure(`edge: ${JSON.stringify(path)} ${answer.status} ${answer.location ?? ''}`);
      expect(answer.status, path).toBeGreaterThanOrEqual(200);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.planted, path).toBe(false);
      if (answer.location === null) continue;
      const landing = new URL(answer.location, site);
      expect(landing.origin, `${path} → ${answer.location}`).toBe(site);
      const next = await get(`${landing.pathname}${landing.search}`);
      if (next.location !== null)
        expect(new URL(next.location, site).origin, `${path} → … → ${next.location}`).toBe(site);
    }
    // The next visitor's own spellings are still sent to their page, which answers.
    expect(await get('//salas?utm=1')).toMatchObject({ status: 301, location: '/salas?utm=1' });
    expect(await get('/salas?utm=1')).toMatchObject({ status: 301, location: '/salas' });
    expect((await get('/salas')).status).toBe(200);
  });

  it('sends a query a page never reads to the page with a 301, never a copy of its own (issue 32)', async () => {
    const reader = visitor();
    await expectSentOn(reader, QUERIES_A_PAGE_NEVER_READS);
    // A date the home offers is its own key, kept and served from the cache.
    const [, date] = (
      (await reader.send('GET', '/bff/catalogue/movies/week')).json as { dates: Array<{ date: string }> }
    ).dates;
    const dated = [await reader.send('GET', `/?date=${date?.date}`), await reader.send('GET', `/?date=${date?.date}`)];
    expect(dated.map((answer) => answer.status)).toEqual([200, 200]);
    expect(dated[1]!.cacheStatus).toBe('HIT');
  });

  it('keeps one copy per normalised search: every other spelling, hostile ones too, is a 301 to it (issue 34)', async () => {
    const reader = visitor();
    await expectSentOn(reader, SEARCHES_SPELLED_ANOTHER_WAY);
    const bare = BARE_QUERY_MARKS.find(([asked]) => asked.startsWith('/buscar'))!;
    const raw = await rawRequest(
      topology.url,
      `GET ${bare[0]} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 301/);
    expect(raw.toLowerCase()).toContain(`\r\nlocation: ${bare[1]}\r\n`);
    // The one address: rendered once, then served from the copy, with the movie in it.
    const answers = [await reader.send('GET', SEARCH_ADDRESS), await reader.send('GET', SEARCH_ADDRESS)];
    figure(`edge: ${SEARCH_ADDRESS} ${answers.map((answer) => `${answer.status} ${answer.cacheStatus}`).join(', ')}`);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.cacheStatus)).toEqual(['MISS', 'HIT']);
    expect(answers[1]!.text).toContain('Galaxia Perdida');
    // A request line longer than nginx reads is refused by nginx itself, and nothing is stored.
    const tooLong = await reader.send('GET', `/buscar?q=${'a'.repeat(20_000)}`);
    expect(tooLong.status).toBe(414);
    expect(tooLong.cacheStatus).not.toBe('HIT');
    // The suggestions' index: one public read, kept at the edge like the catalogue's.
    const index = [await reader.send('GET', '/bff/search/movies'), await reader.send('GET', '/bff/search/movies')];
    expect(index.map((answer) => answer.cacheStatus)).toEqual(['MISS', 'HIT']);
  });

  it('sends a path with a raw # to its page with a 301, never a copy of its own (issue 39, finding 10)', async () => {
    for (const [asked, page] of PATHS_WITH_A_RAW_HASH) {
      for (const attempt of [1, 2]) {
        const raw = await rawRequest(
          topology.url,
          `GET ${asked} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        );
        const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
        figure(`edge: raw ${asked} (${attempt}) ${head.split('\r\n')[0]}`);
        expect(head, asked).toMatch(/^HTTP\/1\.1 301/);
        expect(head.toLowerCase(), asked).toContain(`\r\nlocation: ${page}\r\n`);
        expect(head.toLowerCase(), asked).not.toContain('x-cache-status: hit');
      }
    }
  });

  it('keeps no public copy of a search that finds nothing, and keeps searches apart from the pages (issue 39, finding 7)', async () => {
    const reader = visitor();
    const page = uncached();
    expect((await reader.send('GET', page)).cacheStatus).toBe('MISS');
    const pageCopies = cachedFiles('cache');
    const searchCopies = cachedFiles('cache-search');
    // Anybody's made-up words: never a copy anybody else is served, never a day of stale-if-error.
    const nothing = searchAddress(`zqx ${Date.now()}`);
    const empty = [await reader.send('GET', nothing), await reader.send('GET', nothing)];
    // Words that find movies: one copy each, in the searches' own zone.
    const found = [];
    for (const words of ['faro', 'galaxia', 'sombras', 'codigo rojo'])
      for (const attempt of [1, 2])
        found.push({ words, attempt, answer: await reader.send('GET', searchAddress(words)) });
    figure(
      `edge: a search that finds nothing ${empty.map((answer) => `${answer.status} ${answer.cacheStatus}`).join(', ')}; ` +
        `searches that find: ${found.map(({ answer }) => answer.cacheStatus).join(', ')}; ` +
        `page copies ${pageCopies} → ${cachedFiles('cache')}, search copies ${searchCopies} → ${cachedFiles('cache-search')}`,
    );
    for (const answer of empty) {
      expect(answer.status).toBe(200);
      expect(answer.cacheStatus).not.toBe('HIT');
      expect(answer.text).toContain('No encontramos películas para «zqx');
    }
    const emptyHeaders = await fetch(`${topology.url}${nothing}`);
    await emptyHeaders.arrayBuffer();
    expect(emptyHeaders.headers.get('cache-control')).toBe('private, no-store');
    for (const { words, attempt, answer } of found) {
      expect(answer.status, words).toBe(200);
      expect(answer.cacheStatus, words).toBe(attempt === 1 ? 'MISS' : 'HIT');
    }
    // The searches' copies are in their own zone: the pages' zone holds exactly what it held.
    expect(cachedFiles('cache')).toBe(pageCopies);
    expect(cachedFiles('cache-search')).toBeGreaterThanOrEqual(searchCopies + 4);
    expect((await reader.send('GET', page)).cacheStatus).toBe('HIT');
  });

  it('answers 404 for the waiting page of a showtime the movie does not have, and stores nothing (issue 32)', async () => {
    const reader = visitor();
    const showtimesOf = async (slug: string): Promise<number[]> =>
      (
        (await reader.send('GET', `/bff/catalogue/movies/${HOME_THEATER}/${slug}`)).json as MovieDetailView
      ).days.flatMap((day) => day.groups.flatMap((group) => group.hours.map((hour) => hour.id)));
    const movies = ((await reader.send('GET', '/bff/catalogue/movies')).json as { movies: Array<{ slug: string }> })
      .movies;
    const [own, other] = [movies.at(-1)!.slug, movies.at(-2)!.slug];
    const ownShowtime = (await showtimesOf(own))[0]!;
    const othersShowtime = (await showtimesOf(other)).find((id) => id !== ownShowtime)!;
    for (const showtime of [999_999_999, othersShowtime]) {
      const asked = routes.waitingRoom(HOME_THEATER, own, showtime);
      const answers = [await reader.send('GET', asked), await reader.send('GET', asked)];
      figure(`edge: ${asked} ${answers.map((answer) => `${answer.status} ${answer.cacheStatus}`).join(', ')}`);
      for (const answer of answers) {
        expect(answer.status, asked).toBe(404);
        expect(answer.cacheStatus, asked).not.toBe('HIT');
        expect(answer.text).toContain('Página no encontrada');
      }
    }
    // The movie's own showtime keeps its one cached waiting page.
    const real = routes.waitingRoom(HOME_THEATER, own, ownShowtime);
    const answers = [await reader.send('GET', real), await reader.send('GET', real)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.cacheStatus).toBe('HIT');
  });

  it('revalidates an expired page with If-None-Match: the site answers 304 and the copy stays', async () => {
    const reader = visitor();
    const page = uncached();
    const first = await reader.send('GET', page);
    expect(first.cacheStatus).toBe('MISS');
    // The copy expires s-maxage after nginx stored it, never before the page's Date plus s-maxage.
    await untilTrue(`${page} past its s-maxage`, () => Date.now() > first.date + PUBLIC_PAGE_S_MAXAGE * 1_000, {
      timeoutMs: (PUBLIC_PAGE_S_MAXAGE + 5) * 1_000,
      intervalMs: 100,
    });
    const expired = await topology.watch();
    // Until it expires the edge answers from the copy (a HIT: nothing passes on); the first answer after is the stale copy.
    const stale = await until(
      `the copy of ${page} expired`,
      () => reader.send('GET', page),
      (answer) => answer.cacheStatus !== 'HIT',
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    // The refresh runs in the background, after the stale copy went out: until the site has answered it.
    await until(
      `the site's answer to the refresh of ${page}`,
      async () => (await expired()).siteAnswers,
      (answers) => [...answers.keys()].some((answer) => answer.endsWith(` ${page}`)),
    );
    const after = await reader.send('GET', page);
    const traffic = await expired();
    figure(
      `micro-cache after s-maxage (${PUBLIC_PAGE_S_MAXAGE} s): ${stale.cacheStatus} then ${after.cacheStatus}; ` +
        `the sites answered ${[...traffic.siteAnswers].map(([answer, count]) => `${answer} ×${count}`).join(', ') || 'nothing'}`,
    );
    expect(stale.status).toBe(200);
    expect(['STALE', 'UPDATING']).toContain(stale.cacheStatus);
    expect(stale.text).toBe(first.text);
    expect(traffic.siteAnswers.get(`304 ${page}`)).toBe(1);
    expect(traffic.siteAnswers.get(`200 ${page}`)).toBeUndefined();
    expect(after.status).toBe(200);
    expect(after.cacheStatus).toBe('HIT');
    expect(after.text).toBe(first.text);
  }, 60_000);

  it('never caches a personal page: each person sees their own profile', async () => {
    const daniela = visitor();
    const carlos = visitor();
    await daniela.login('demo@viziona.co', 'Demo1234');
    await carlos.login('club@viziona.co', 'Club1234');
    const answers = [];
    for (const person of [daniela, carlos, daniela, carlos]) answers.push(await person.send('GET', '/mi-perfil'));
    figure(
      `micro-cache: /mi-perfil as Daniela, Carlos, Daniela, Carlos: ${answers.map((answer) => `${answer.status} ${answer.cacheStatus}`).join(', ')}`,
    );
    for (const [index, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.cacheStatus).toBe('BYPASS');
      const [own, other] = index % 2 === 0 ? ['Daniela', 'Carlos'] : ['Carlos', 'Daniela'];
      expect(answer.text).toContain(own);
      expect(answer.text).not.toContain(other);
    }
    // The BFF's personal reads never reach the cache either.
    const session = await carlos.send('GET', '/bff/session');
    expect(session.cacheStatus).toBeUndefined();
    expect((session.json as { user: { name: string } }).user.name).toBe('Carlos');
  });

  it('shares public pages whatever cookie comes, and never stores an answer that sets one', async () => {
    const person = visitor();
    await person.login('demo@viziona.co', 'Demo1234');
    const oldCookie = person.cookie;
    expect((await person.send('POST', '/bff/auth/logout', {})).status).toBe(200);
    person.cookie = oldCookie;
    // A public page: the copy a visitor without cookie made is the one a cookie gets, untouched.
    const page = uncached();
    const anonymous = await visitor().send('GET', page);
    const withCookie = await person.send('GET', page);
    // A page that reads the session: the logged-out cookie is cleared on the answer.
    const cleared = await person.send('GET', '/iniciar-sesion');
    const next = await visitor().send('GET', '/iniciar-sesion');
    figure(
      `micro-cache: public page without cookie ${anonymous.cacheStatus}, with a logged-out cookie ${withCookie.cacheStatus} (Set-Cookie: ${withCookie.setsCookie}); ` +
        `/iniciar-sesion clearing it ${cleared.cacheStatus} (Set-Cookie: ${cleared.setsCookie}), then ${next.cacheStatus}`,
    );
    expect(anonymous.cacheStatus).toBe('MISS');
    expect(withCookie.cacheStatus).toBe('HIT');
    expect(withCookie.setsCookie).toBe(false);
    expect(withCookie.text).toBe(anonymous.text);
    expect(cleared.setsCookie).toBe(true);
    expect(next.setsCookie).toBe(false);
    expect(next.cacheStatus).not.toBe('HIT');
  });

  it('renders a page once, and asks the cinema API no more than for one visitor, while many ask at once (cache lock)', async () => {
    const reader = visitor();
    // A window closes once its cinema API calls stop coming: what the BFFs refresh in the
    // background after answering belongs to the visit that caused it.
    const settled = async (counted: () => Promise<Traffic>): Promise<Traffic> => {
      let last = -1;
      return until(
        'the cinema API calls settled',
        counted,
        (traffic) => {
          const now = total(traffic.cinemaApi);
          const same = now === last;
          last = now;
          return same;
        },
        { intervalMs: 500 },
      );
    };
    const movies = (await reader.send('GET', '/bff/catalogue/movies')).json as { movies: Array<{ slug: string }> };
    const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);
    const moviePage = `/viziona/pelicula/${movies.movies[0]?.slug ?? ''}`;
    const datesOf = async (read: string) =>
      ((await reader.send('GET', read)).json as { dates: Array<{ date: string }> }).dates.map(({ date }) => date);
    // The showtime listings (the home's billboard too) take only their own query: two of their dates are two keys.
    const billboardDates = await datesOf('/bff/catalogue/movies/week');
    const listingDates = new Map([
      ['/', billboardDates],
      ['/cartelera', billboardDates],
      [moviePage, await datesOf(`/bff/catalogue/movies/viziona/${movies.movies[0]?.slug ?? ''}`)],
    ]);
    const freshKey = (page: string, nth: number): string => {
      const date = listingDates.get(page)?.[nth];
      if (!date) throw new Error(`${page} offers no date ${nth}`);
      return `${page}?date=${date}`;
    };
    for (const page of ['/', '/cartelera', moviePage]) {
      // The BFFs' own catalogue entries (fresh 1 s here) go stale: every render asks again.
      await untilCatalogueEntriesStale();
      const alone = await topology.watch();
      expect((await reader.send('GET', freshKey(page, 1))).status).toBe(200);
      const oneVisitor = await settled(alone);

      await untilCatalogueEntriesStale();
      const crowd = await topology.watch();
      const key = freshKey(page, 2);
      const answers = await Promise.all(Array.from({ length: 48 }, () => visitor().send('GET', key)));
      const rush = await settled(crowd);
      figure(
        `cache lock: ${page} asked 48 times at once → ${rush.passedOn.get(page) ?? 0} render, ${total(rush.cinemaApi)} cinema API calls ` +
          `(one visitor alone: ${total(oneVisitor.cinemaApi)}); ${answers.map((answer) => answer.cacheStatus).filter((status) => status === 'MISS').length} MISS`,
      );
      if (total(rush.cinemaApi) > total(oneVisitor.cinemaApi)) {
        figure(
          `cache lock: ${page}, cinema API calls alone ${JSON.stringify(Object.fromEntries(oneVisitor.cinemaApi))}, in the rush ${JSON.stringify(Object.fromEntries(rush.cinemaApi))}`,
        );
      }
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(rush.passedOn.get(page)).toBe(1);
      // Per call: the sites keep some reads (settings, the footer) longer than the BFFs' 1 s, so
      // such a read may fall due in one window and not the other; in the rush it is still one call.
      const multiplied = [...rush.cinemaApi].filter(
        ([call, count]) => count > Math.max(oneVisitor.cinemaApi.get(call) ?? 0, 1),
      );
      expect(multiplied, 'cinema API calls the crowd made more often than one visitor').toEqual([]);
    }
  }, 60_000);

  it('keeps serving cached public pages with every site and BFF process stopped', async () => {
    const reader = visitor();
    const paths = [...PAGES, '/bff/catalogue/releases'];
    for (const page of paths) expect((await reader.send('GET', page)).status).toBe(200);
    await Promise.all([...topology.sites, ...topology.bffs].map((one) => one.stop('SIGKILL')));
    try {
      const answers = await Promise.all(paths.map((page) => visitor().send('GET', page)));
      figure(
        `micro-cache, no site nor BFF running: ${answers.map((answer, index) => `${paths[index]} ${answer.status} ${answer.cacheStatus}`).join(', ')}`,
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(['HIT', 'STALE', 'UPDATING']).toContain(answer.cacheStatus);
      }
      // What was never cached cannot be served.
      expect((await reader.send('GET', uncached())).status).toBe(502);
    } finally {
      await Promise.all([...topology.bffs, ...topology.sites].map((one) => one.start()));
      // A personal page reaches a site replica every time: nginx has taken the sites back (it
      // set them aside after the 502 above) only once it is served.
      await untilServed(['/bff/health', '/', '/iniciar-sesion']);
    }
  }, 60_000);
});

describe('the image path at the edge (/_image)', () => {
  /** What the edge answers an image URL: its status, cache outcome, type, caching and bytes. */
  async function image(url: string) {
    const answer = await fetch(`${topology.url}${url}`, { redirect: 'manual' });
    return {
      status: answer.status,
      cacheStatus: answer.headers.get('x-cache-status'),
      type: answer.headers.get('content-type'),
      cacheControl: answer.headers.get('cache-control'),
      location: answer.headers.get('location'),
      bytes: Buffer.from(await answer.arrayBuffer()),
    };
  }
  /** The image URLs the home page offers (AVIF and JPEG candidates of every photo). */
  async function offeredImages(): Promise<string[]> {
    return offeredIn(await (await fetch(`${topology.url}/`)).text());
  }
  function offeredIn(html: string): string[] {
    return [...new Set([...html.matchAll(/\/_image\?[^"\s,]+/g)].map((match) => match[0].replaceAll('&amp;', '&')))];
  }
  const sitePasses = (traffic: Traffic): number => traffic.passedOn.get(IMAGE_ENDPOINT) ?? 0;

  it('keeps one copy per image, width and format, immutable: the site resizes each once', async () => {
    const home = await (await fetch(`${topology.url}/`)).text();
    const offered = offeredIn(home);
    // A width no screen the sites warm for takes (the warm-up, issue 40, makes the others first),
    // and one no earlier page's warm-up or test has asked yet: the first whose answer is a MISS.
    const warmed = new Set(imagesToWarm(home).map((photo) => photo.url.replaceAll('&amp;', '&')));
    const candidates = offered.filter((url) => url.includes('f=avif') && !warmed.has(url));
    const seen = await topology.watch();
    let avif: string | undefined;
    const answers = [];
    for (const url of candidates) {
      const answer = await image(url);
      if (answer.cacheStatus !== 'MISS') continue;
      avif = url;
      answers.push(answer);
      break;
    }
    if (avif === undefined) throw new Error(`none of the ${candidates.length} AVIF images home offers is still unkept`);
    const jpeg = avif.replace('f=avif', 'f=jpeg');
    expect(offered).toContain(jpeg);
    for (const url of [avif, jpeg, jpeg]) answers.push(await image(url));
    figure(
      `image path: ${answers.map((answer) => `${answer.type} ${answer.bytes.length} B ${answer.cacheStatus}`).join(', ')}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.cacheStatus)).toEqual(['MISS', 'HIT', 'MISS', 'HIT']);
    expect(answers.map((answer) => answer.type)).toEqual(['image/avif', 'image/avif', 'image/jpeg', 'image/jpeg']);
    for (const answer of answers) expect(answer.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(answers[1]!.bytes.equals(answers[0]!.bytes)).toBe(true);
    // Resized: a poster of about 200 KB is a few kilobytes at a phone's width.
    expect(answers[0]!.bytes.length).toBeLessThan(60_000);
    expect(sitePasses(await seen())).toBe(2);
  });

  it('refuses widths, formats, spellings and hosts it does not emit with 400, and keeps no entry for them', async () => {
    const [offered] = await offeredImages();
    if (offered === undefined) throw new Error('the home page offers images');
    const query = new URLSearchParams(offered.split('?')[1]);
    const src = query.get('src') ?? '';
    const refusedUrls = [
      offered.replace(/w=\d+/, 'w=401'),
      offered.replace(/f=\w+/, 'f=webp'),
      `${IMAGE_ENDPOINT}?w=${query.get('w')}&f=${query.get('f')}&src=${encodeURIComponent(src)}`,
      `${offered}&v=2`,
      `${IMAGE_ENDPOINT}?src=${encodeURIComponent(src).replace('%3A', '%3a')}&w=${query.get('w')}&f=${query.get('f')}`,
      `${IMAGE_ENDPOINT}?src=${encodeURIComponent('https://example.org/poster.jpg')}&w=480&f=avif`,
      `${IMAGE_ENDPOINT}?src=${encodeURIComponent(`${topology.sandboxUrl}/sandbox/images/marca-epayco.svg`)}&w=480&f=avif`,
    ];
    const seen = await topology.watch();
    for (const url of refusedUrls) {
      for (const attempt of [1, 2]) {
        const answer = await image(url);
        expect(answer.status, `${url} (${attempt})`).toBe(400);
        expect(answer.cacheStatus, url).not.toBe('HIT');
      }
    }
    // Every attempt reached the site: none was kept.
    expect(sitePasses(await seen())).toBe(refusedUrls.length * 2);
    figure(`image path: ${refusedUrls.length} foreign spellings × 2 → 400, no entry kept`);
  });

  it('serves what it has while the image host is down, and sends the browser to the original for what it has not', async () => {
    const photo = await (await fetch(`${topology.sandboxUrl}/sandbox/images/poster-codigo-rojo.jpg`)).arrayBuffer();
    let mode: 'up' | 'hung' | 'huge' = 'up';
    const hung: http.ServerResponse[] = [];
    const host = http.createServer((req, res) => {
      if (mode === 'hung') return void hung.push(res);
      if (mode === 'huge') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 20 * 1024 * 1024 });
        return void res.end(Buffer.alloc(20 * 1024 * 1024));
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from(photo));
    });
    const port = Number(new URL(topology.imageHostUrl).port);
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
    const original = `${topology.imageHostUrl}/fotos/poster.jpg`;
    const kept = `${IMAGE_ENDPOINT}?src=${encodeURIComponent(original)}&w=480&f=avif`;
    const other = kept.replace('w=480', 'w=640');
    try {
      expect((await image(kept)).cacheStatus).toBe('MISS');
      mode = 'huge';
      const huge = await image(other);
      expect([huge.status, huge.location]).toEqual([307, original]);
      expect(huge.cacheControl).toMatch(/no-store/);
      mode = 'hung';
      const started = performance.now();
      const hungAnswer = await image(other);
      const hungMs = performance.now() - started;
      // The endpoint's download bound (8 s) sent the browser to the original: nginx's read
      // timeout would have answered 504 (how long it took is the figure below).
      expect([hungAnswer.status, hungAnswer.location]).toEqual([307, original]);
      figure(
        `image path: a hung image host → 307 to the original after ${Math.round(hungMs)} ms; a 20 MB original → 307`,
      );
    } finally {
      for (const res of hung) res.destroy();
      await new Promise<void>((resolve) => host.close(() => resolve()));
      host.closeAllConnections();
    }
    // The host is gone: what the edge kept is served, the rest goes to the original, never kept.
    const down = [await image(kept), await image(other), await image(other)];
    figure(`image path, host down: kept ${down[0]!.status} ${down[0]!.cacheStatus}; not kept ${down[1]!.status} twice`);
    expect([down[0]!.status, down[0]!.cacheStatus, down[0]!.type]).toEqual([200, 'HIT', 'image/avif']);
    for (const answer of down.slice(1)) expect([answer.status, answer.location]).toEqual([307, original]);
  }, 60_000);
});

describe('the image path at the edge against a flood (issue 39, findings 1, 4 and 10)', () => {
  interface EdgeImage {
    status: number;
    cacheStatus: string | undefined;
    type: string | undefined;
    cacheControl: string | undefined;
    retryAfter: string | undefined;
    code: string | undefined;
  }
  /** An image request from one visitor's own address, as its browser sends it. */
  async function imageFrom(person: Visitor, url: string, headers: Record<string, string> = {}): Promise<EdgeImage> {
    const answer = await undiciRequest(`${topology.url}${url}`, { dispatcher: person.agent, headers });
    const body = Buffer.from(await answer.body.arrayBuffer());
    const header = (name: string) => {
      const value = answer.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    let code: string | undefined;
    if (header('content-type')?.startsWith('application/json'))
      code = (JSON.parse(body.toString('utf8')) as { error?: { code?: string } }).error?.code;
    return {
      status: answer.statusCode,
      cacheStatus: header('x-cache-status'),
      type: header('content-type'),
      cacheControl: header('cache-control'),
      retryAfter: header('retry-after'),
      code,
    };
  }
  /** What the site replicas answered for /_image, by status. */
  const siteImageAnswers = (traffic: Traffic): Map<string, number> =>
    new Map(
      [...traffic.siteAnswers]
        .filter(([answer]) => answer.endsWith(` ${IMAGE_ENDPOINT}`))
        .map(([answer, count]) => [answer.split(' ')[0]!, count]),
    );
  let posters: string[] = [];
  let nextImage = 0;
  /**
   * A poster of the sandbox's catalogue at a width nobody asked for yet in this file, as a JPEG
   * (the sites' warm-ups ask AVIF only, so nothing made it ahead).
   */
  const freshImage = (): string => {
    const index = nextImage++;
    const widths = [400, 560, 640, 760];
    return imageUrl(
      posters[index % posters.length]!,
      widths[Math.floor(index / posters.length) % widths.length]!,
      'jpeg',
    );
  };
  beforeAll(async () => {
    const movies = (await (await fetch(`${topology.url}/bff/catalogue/movies`)).json()) as {
      movies: Array<{ poster: string }>;
    };
    posters = movies.movies.map((movie) => movie.poster);
  });

  it('makes one resize of a photo whatever spelling is asked: every other is a 400 kept nowhere, and the next visitor’s photo is resized', async () => {
    const attacker = visitor();
    const honest = freshImage();
    const query = new URLSearchParams(honest.split('?')[1]);
    const src = query.get('src')!;
    const original = new URL(src);
    const spell = (source: string) => imageUrl(source, Number(query.get('w')), 'jpeg');
    const spellings = [
      ...Array.from({ length: 4 }, (_, n) => spell(`${src}#${n}`)),
      ...Array.from({ length: 4 }, (_, n) => spell(`${src}?v=${n}`)),
      spell(src.replace(original.hostname, '2130706433')),
      spell(src.replace(`:${original.port}`, `:0${original.port}`)),
      spell(src.replace('/images/', '/images//')),
      // The issue's CR/LF: `…x.jpg%0D%0AX-Injected%3A%201` (it answered 500).
      spell(`${src}\r\nX-Injected: 1`),
    ];
    const seen = await topology.watch();
    for (const url of spellings)
      for (const attempt of [1, 2]) {
        const answer = await imageFrom(attacker, url);
        expect([answer.status, answer.code], `${url} (${attempt})`).toEqual([400, 'BAD_IMAGE_REQUEST']);
        expect(answer.cacheStatus, url).not.toBe('HIT');
      }
    // A raw # after the query (only a raw client sends one): refused at the edge, never passed on.
    const raw = await rawRequest(
      topology.url,
      `GET ${honest}#1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    const rawHead = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(rawHead).toMatch(/^HTTP\/1\.1 400/);
    expect(rawHead).toMatch(/\r\ncache-control: no-store\r\n/i);
    const visitorsPhoto = await imageFrom(visitor(), honest);
    // The photo is the same for every browser: another Accept-Encoding is the kept copy, not a resize.
    const otherBrowsers = [];
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'br', 'x-spelling-1', ''])
      otherBrowsers.push(await imageFrom(visitor(), honest, { 'accept-encoding': acceptEncoding }));
    const answered = siteImageAnswers(await seen());
    figure(
      `image path, ${spellings.length} spellings × 2 of one photo: the sites answered ${JSON.stringify(Object.fromEntries(answered))}; ` +
        `the visitor's photo ${visitorsPhoto.status} ${visitorsPhoto.cacheStatus} ${visitorsPhoto.type}`,
    );
    // Only the visitor's photo was resized; every spelling was refused without a download.
    expect(answered.get('200')).toBe(1);
    expect(answered.get('400')).toBe(spellings.length * 2);
    expect([visitorsPhoto.status, visitorsPhoto.cacheStatus, visitorsPhoto.type]).toEqual([200, 'MISS', 'image/jpeg']);
    expect(visitorsPhoto.cacheControl).toBe('public, max-age=31536000, immutable');
    for (const answer of otherBrowsers) expect([answer.status, answer.cacheStatus]).toEqual([200, 'HIT']);
  });

  it('limits what one address makes the sites do (429 with Retry-After), never what the edge keeps; other addresses are served', async () => {
    const attacker = visitor();
    const kept = freshImage();
    expect((await imageFrom(attacker, kept)).status).toBe(200);
    const answers: EdgeImage[] = [];
    for (let n = 0; n < 90; n += 1) answers.push(await imageFrom(attacker, kept.replace(/w=\d+/, `w=${1000 + n}`)));
    const limited = answers.filter((answer) => answer.status === 429);
    figure(
      `image path, one address asking 90 misses in a row: ${answers.length - limited.length} reached a site, ${limited.length} refused at the edge`,
    );
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.slice(0, 40).every((answer) => answer.status === 400)).toBe(true);
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.cacheControl).toMatch(/no-store/);
      expect(answer.code).toBe('RATE_LIMITED');
    }
    // Kept copies are never counted: the same address gets them as often as it asks.
    for (let n = 0; n < 5; n += 1) {
      const hit = await imageFrom(attacker, kept);
      expect([hit.status, hit.cacheStatus]).toEqual([200, 'HIT']);
    }
    const other = await imageFrom(visitor(), freshImage());
    expect([other.status, other.cacheStatus, other.type]).toEqual([200, 'MISS', 'image/jpeg']);
  }, 60_000);
});

describe('photos made before anybody asks (issue 40)', () => {
  /** Whether a site replica logged that it had every photo of `page` made at the edge. */
  const warmedLine = (page: string): { images: number; kept: number } | null => {
    for (const file of ['site-1.log', 'site-2.log']) {
      let text: string;
      try {
        text = readFileSync(path.join(topology.dir, 'logs', file), 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) {
        if (!line.includes('page images warmed')) continue;
        const entry = JSON.parse(line) as { page?: string; images?: number; kept?: number };
        if (entry.page === page) return { images: entry.images ?? 0, kept: entry.kept ?? 0 };
      }
    }
    return null;
  };

  it('has the photos of a page a site renders made at the edge before its first visitor: a phone’s and a laptop’s first view find every photo they ask for kept', async () => {
    const movies = ((await visitor().send('GET', '/bff/catalogue/movies')).json as { movies: Array<{ slug: string }> })
      .movies;
    // A movie page no other test of this file renders.
    const page = `/viziona/pelicula/${movies.at(-3)!.slug}`;
    // The render an edge refresh (or anybody's first request) makes.
    expect((await visitor().send('GET', page)).status).toBe(200);
    await expect.poll(() => warmedLine(page), { timeout: 120_000, interval: 500 }).not.toBeNull();
    const warmed = warmedLine(page)!;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
    try {
      for (const [name, profile] of [
        ['phone', phoneProfile],
        ['laptop', desktopProfile],
      ] as const) {
        const context = await browser.newContext({ ...profile, reducedMotion: 'reduce' });
        const tab = await context.newPage();
        const photos: Array<{ url: string; cacheStatus: string }> = [];
        tab.on('response', (response) => {
          const url = new URL(response.url());
          if (url.pathname === IMAGE_ENDPOINT)
            photos.push({
              url: `${url.pathname}${url.search}`,
              cacheStatus: response.headers()['x-cache-status'] ?? '',
            });
        });
        await tab.goto(`${topology.url}${page}`, { waitUntil: 'networkidle' });
        await context.close();
        figure(
          `warm-up: ${page} (${warmed.images} photos asked ahead, ${warmed.kept} kept); a ${name}'s first view asked ${photos.length}: ${photos.map((photo) => `w=${new URLSearchParams(photo.url.split('?')[1]).get('w')} ${photo.cacheStatus}`).join(', ')}`,
        );
        expect(photos.length, name).toBeGreaterThan(0);
        for (const photo of photos) expect(photo.cacheStatus, `${name} ${photo.url}`).toBe('HIT');
      }
    } finally {
      await browser.close();
    }
    expect(warmed.kept).toBe(warmed.images);
  }, 180_000);
});

describe('the edge itself: HSTS, compression and the logged-out session', () => {
  it('sends Strict-Transport-Security over https only (TLS at the edge or X-Forwarded-Proto from the load balancer)', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const hsts = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await fetch(`${topology.url}${path}`, { headers, redirect: 'manual' });
      await answer.arrayBuffer();
      return answer.headers.get('strict-transport-security');
    };
    const overHttps = await Promise.all(
      ['/cartelera', '/bff/catalogue/releases', '/bff/session', '/mi-perfil'].map((page) => hsts(page, https)),
    );
    const overHttp = await Promise.all(['/cartelera', '/bff/session'].map((page) => hsts(page)));
    // nginx's own answer (a body over its limit) carries it too.
    const tooLarge = await rawRequest(
      topology.url,
      'POST /bff/forms/pqr HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Proto: https\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n',
    );
    figure(
      `HSTS over https: ${overHttps.join(' | ')}; over http: ${overHttp.map(String).join(' | ')}; nginx's 413: ${/strict-transport-security: ([^\r]+)/i.exec(tooLarge)?.[1] ?? 'none'}`,
    );
    for (const header of overHttps) expect(header).toBe('max-age=31536000; includeSubDomains');
    for (const header of overHttp) expect(header).toBeNull();
    expect(tooLarge).toMatch(/^HTTP\/1\.1 413/);
    expect(tooLarge).toMatch(/\r\nStrict-Transport-Security: max-age=31536000; includeSubDomains\r\n/i);
  });

  it('compresses answers of a kilobyte or more and sends smaller ones as they are (a 136 B arrival grew to 141 B gzipped)', async () => {
    const sent = async (path: string) => {
      const answer = await fetch(`${topology.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      const bytes = Buffer.byteLength(await answer.text());
      return { encoding: answer.headers.get('content-encoding'), length: answer.headers.get('content-length'), bytes };
    };
    const [small, large] = await Promise.all([sent('/bff/captcha/challenge'), sent('/bff/catalogue/home')]);
    figure(`edge gzip: /bff/captcha/challenge ${JSON.stringify(small)}, /bff/catalogue/home ${JSON.stringify(large)}`);
    expect(small.encoding).toBeNull();
    expect(Number(small.length)).toBe(small.bytes);
    // Above nginx's default threshold (20 B), under ours.
    expect(small.bytes).toBeGreaterThan(20);
    expect(small.bytes).toBeLessThan(1024);
    expect(large.encoding).toBe('gzip');
    expect(large.bytes).toBeGreaterThan(1024);
  });

  it('keeps a page compressed as the site made it, once per render: Brotli, gzip or plain by what the client takes, a HIT byte for byte, never compressed at the edge (issue 40)', async () => {
    // A page no other test asks for.
    const page = '/sala/sala-3';
    /** The page as sent, not decoded: its coding, Vary, the cache outcome and the bytes. */
    const asked = async (acceptEncoding: string | null) => {
      const answer = await undiciRequest(`${topology.url}${page}`, {
        headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
      });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      const header = (name: string) => String(answer.headers[name] ?? '');
      return {
        status: answer.statusCode,
        coding: header('content-encoding') || 'identity',
        vary: header('vary'),
        cacheStatus: header('x-cache-status'),
        contentLength: header('content-length'),
        transferEncoding: header('transfer-encoding'),
        bytes,
        html: (header('content-encoding') === 'br'
          ? brotliDecompressSync(bytes)
          : header('content-encoding') === 'gzip'
            ? gunzipSync(bytes)
            : bytes
        ).toString('utf8'),
      };
    };
    const seen = await topology.watch();
    const logFrom = readFileSync(path.join(topology.dir, 'logs', 'nginx-access.log'), 'utf8').length;
    const browsers = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      [null, 'identity'],
    ] as const;
    const firsts = [];
    for (const [acceptEncoding, coding] of browsers) {
      const [first, second] = [await asked(acceptEncoding), await asked(acceptEncoding)];
      expect([first.status, first.coding, first.cacheStatus], String(acceptEncoding)).toEqual([200, coding, 'MISS']);
      expect([second.status, second.coding, second.cacheStatus], String(acceptEncoding)).toEqual([200, coding, 'HIT']);
      expect(second.bytes.equals(first.bytes), String(acceptEncoding)).toBe(true);
      // Sent as a static file is: its length known, not chunked (a chunked HIT cost the edge more).
      for (const answer of [first, second])
        expect([answer.contentLength, answer.transferEncoding], String(acceptEncoding)).toEqual([
          String(answer.bytes.length),
          '',
        ]);
      expect(first.vary.toLowerCase()).toContain('accept-encoding');
      firsts.push(first);
    }
    // One page in three codings: the same HTML; a client that takes none gets it plain.
    expect(firsts[0]!.html).toBe(firsts[2]!.html);
    expect(firsts[1]!.html).toBe(firsts[2]!.html);
    expect(firsts[2]!.bytes.toString('utf8').startsWith('<!DOCTYPE html>')).toBe(true);
    expect(firsts[0]!.bytes.length).toBeLessThan(firsts[1]!.bytes.length);
    // Other spellings of the same wishes find those copies, and make none of their own.
    const spellings = [
      ['br;q=1.0, gzip;q=0.5', 'br'],
      ['GZIP', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, deflate', 'identity'],
      ['identity', 'identity'],
      ['*', 'identity'],
    ] as const;
    for (const [acceptEncoding, coding] of spellings) {
      const answer = await asked(acceptEncoding);
      expect([answer.status, answer.coding, answer.cacheStatus], acceptEncoding).toEqual([200, coding, 'HIT']);
    }
    const renders = (await seen()).siteAnswers.get(`200 ${page}`) ?? 0;
    // nginx's own gzip never ran on the page (its $gzip_ratio is empty); on a BFF read it does.
    await asked('gzip');
    const json = await fetch(`${topology.url}/bff/catalogue/home`, { headers: { 'accept-encoding': 'gzip' } });
    await json.arrayBuffer();
    const lines = await until(
      "the BFF read's line in nginx's access log",
      () =>
        readFileSync(path.join(topology.dir, 'logs', 'nginx-access.log'), 'utf8')
          .slice(logFrom)
          .split('\n')
          .filter((line) => line.startsWith('{') && line.endsWith('}'))
          .map((line) => JSON.parse(line) as { uri: string; gzipRatio: string }),
      (read) => read.some((line) => line.uri === '/bff/catalogue/home'),
      { intervalMs: 50 },
    );
    const pageRatios = lines.filter((line) => line.uri === page).map((line) => line.gzipRatio);
    const readRatios = lines.filter((line) => line.uri === '/bff/catalogue/home').map((line) => line.gzipRatio);
    figure(
      `edge compression: ${page} ${firsts.map((answer) => `${answer.coding} ${answer.bytes.length} B`).join(', ')}; ` +
        `${renders} renders for ${browsers.length * 2 + spellings.length + 1} requests; nginx's gzip ratio on the page ${JSON.stringify([...new Set(pageRatios)])}, on a BFF read ${JSON.stringify(readRatios)}`,
    );
    expect(renders).toBe(browsers.length);
    expect(pageRatios.length).toBeGreaterThanOrEqual(browsers.length * 2 + spellings.length);
    for (const ratio of pageRatios) expect(ratio).toBe('');
    expect(Number(readRatios[0])).toBeGreaterThan(1);
  });

  it('takes Astro’s inline island rule out of a public page before compressing it, in every coding (issue 41 beside issue 40)', async () => {
    // A public page with an island (its form); the rule is the first island's.
    const page = '/contactanos';
    const inlineRule = '<style>astro-island,astro-slot';
    const seen = [];
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const answer = await undiciRequest(`${topology.url}${page}`, { headers: { 'accept-encoding': acceptEncoding } });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      const coding = String(answer.headers['content-encoding'] ?? 'identity');
      const html = (
        coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes
      ).toString('utf8');
      seen.push({ acceptEncoding, coding, length: answer.headers['content-length'], bytes: bytes.length, html });
    }
    figure(`${page}: ${seen.map((one) => `${one.coding} ${one.bytes} B (Content-Length ${one.length})`).join(', ')}`);
    for (const one of seen) {
      expect([one.coding, one.length], one.acceptEncoding).toEqual([one.acceptEncoding, String(one.bytes)]);
      expect(one.html).toContain('<astro-island');
      expect(one.html).not.toContain(inlineRule);
    }
  });

  it('answers a session read without a session cookie at the edge, exactly as the BFF does', async () => {
    const fromBff = await fetch(`http://127.0.0.1:${topology.bffs[0].port}/bff/session`);
    const watch = await topology.watch();
    const fromEdge = await fetch(`${topology.url}/bff/session`, { headers: { cookie: 'otra=1; _ga=GA1.1' } });
    const head = await fetch(`${topology.url}/bff/session`, { method: 'HEAD' });
    const headers = ['content-type', 'cache-control', 'x-content-type-options'] as const;
    const shape = async (answer: Response) => ({
      status: answer.status,
      body: await answer.text(),
      ...Object.fromEntries(headers.map((name) => [name, answer.headers.get(name)])),
    });
    const [bff, edge] = await Promise.all([shape(fromBff), shape(fromEdge)]);
    const traffic = await watch();
    figure(
      `edge session answer: ${JSON.stringify(edge)}; passed on to a replica: ${traffic.passedOn.get('/bff/session') ?? 0}`,
    );
    expect(edge).toEqual(bff);
    expect(head.status).toBe(200);
    expect(edge.body).toBe('{"user":null}');
    expect(fromEdge.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(traffic.passedOn.get('/bff/session')).toBeUndefined();
  });

  it('serves a logged-out page view (a real browser: page, assets, session) without reaching any site or BFF replica; a session cookie still reaches the BFF', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
    try {
      const view = async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        const requested: string[] = [];
        page.on('request', (request) => {
          if (request.url().startsWith(topology.url)) requested.push(new URL(request.url()).pathname);
        });
        await page.goto(`${topology.url}/cartelera`, { waitUntil: 'networkidle' });
        // Islands load some modules once the page is idle: let them come.
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
        await page.waitForLoadState('networkidle');
        await context.close();
        return requested;
      };
      // Earlier visitors warm the micro-cache (page and assets); what a closing tab left
      // unfinished is fetched once more.
      // The service worker's script and the manifest are asked for by the browser itself, not
      // the page, and a closing tab may abort them: the warm-up fetches them too.
      const warmed = new Set([...(await view()), ...(await view()), SERVICE_WORKER_PATH, '/manifest.webmanifest']);
      await Promise.all([...warmed].map(async (pathname) => (await fetch(`${topology.url}${pathname}`)).arrayBuffer()));
      const watch = await topology.watch();
      const requested = await view();
      const traffic = await watch();
      figure(
        `logged-out page view: the browser asked ${requested.length} paths (${[...new Set(requested)].join(', ')}); passed on to a replica: ${JSON.stringify(Object.fromEntries(traffic.passedOn))}`,
      );
      expect(requested).toContain('/cartelera');
      expect(requested).toContain('/bff/session');
      // The site's public files (favicon, manifest) are kept a day like the fingerprinted assets.
      expect(requested).toContain('/favicon.svg');
      const passed = Object.fromEntries(traffic.passedOn);
      const answered = Object.fromEntries(traffic.siteAnswers);
      expect(passed).toEqual({});
      expect(answered).toEqual({});
    } finally {
      await browser.close();
    }

    const customer = visitor();
    await customer.login('demo@viziona.co', 'Demo1234');
    const watch = await topology.watch();
    const email = await customer.sessionEmail();
    expect(email).toBe('demo@viziona.co');
    expect((await watch()).passedOn.get('/bff/session')).toBe(1);
  }, 60_000);
});

describe('"Guardar en Google Wallet" through the edge', () => {
  it("sends a six-seat purchase to Google through nginx: a short save link, its six tickets saved through Google's API (issue 39)", async () => {
    // The finding: for three seats the save link's Location was 4,476 bytes and nginx answered
    // 502 "upstream sent too big header"; the class and objects now go through Google's API
    // (the sandbox stands in for it) and the link's JWT only names them.
    const [account] = await newCustomers(1);
    const person = visitor();
    await person.login(account!.email, account!.password);
    const showtimeId = (await futureShowtimes()).at(-3)!;
    const order = await holdSeats(person, showtimeId, 6);
    const paid = await person.send('POST', '/bff/payments/card', await cardPayment(person, order));
    expect(paid.status, paid.text).toBe(200);
    const { bill, accepted } = paid.json as PaymentResultView;
    expect(accepted).toBe(true);

    const answer = await person.send('GET', `/bff/wallet/google/${bill}`);
    figure(`google wallet, six seats through nginx: ${answer.status}, Location ${answer.location?.length ?? 0} bytes`);
    expect(answer.status, answer.text.slice(0, 200)).toBe(302);
    const location = answer.location ?? '';
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = location.slice(GOOGLE_SAVE_URL.length);
    // Short enough for any proxy's header buffers and for Google's own bound on a link's JWT (1,800 characters).
    expect(jwt.length).toBeLessThanOrEqual(1_800);
    const { payload } = await jwtVerify(jwt, createPublicKey(walletKeys.googlePublicKey), {
      algorithms: ['RS256'],
      issuer: TEST_SERVICE_ACCOUNT_EMAIL,
      audience: 'google',
    });
    expect(payload.exp).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const ids = (payload.payload as { eventTicketObjects: Array<{ id: string }> }).eventTicketObjects.map(
      ({ id }) => id,
    );
    expect(ids).toHaveLength(6);

    // What Google holds when the person's phone opens the link: the six tickets of the page.
    const ticket = (await person.send('GET', `/bff/tickets/${bill}`)).json as TicketView;
    const held = (await (await fetch(`${topology.sandboxUrl}/sandbox/google-wallet`)).json()) as {
      objects: Array<{ id: string; barcode: { value: string } }>;
    };
    const codes = ids.map((id) => held.objects.find((object) => object.id === id)?.barcode.value);
    expect(codes.sort()).toEqual(ticket.codes.map((code) => code.code).sort());
  });
});

describe('what operators watch: Prometheus and the dashboard', () => {
  // Started here: its scrapes ask each replica's readiness, which reads the catalogue, and the
  // tests before count cinema API calls.
  beforeAll(async () => {
    await topology.observability!.prometheus.start();
  }, 60_000);

  it('is watched by Prometheus: every replica scraped, the edge cache hits read back through its HTTP API', async () => {
    const observability = topology.observability!;
    const hits = async () =>
      (await observability.query('sum(viziona_edge_requests_total{route="page",cache="HIT"})'))[0]?.value ?? 0;
    // A public page no other test asks for (a query of our own making is redirected, issue 32).
    const page = '/pagina/terminos-y-condiciones-club-vizionarios';
    const reader = visitor();
    expect((await reader.send('GET', page)).cacheStatus).toBe('MISS');
    // Scraped every second: wait until the figure before the hits is in.
    await untilPrometheus(async () => (await observability.query('up{job="edge"}'))[0]?.value === 1);
    const before = await hits();
    for (let index = 0; index < 7; index += 1) expect((await reader.send('GET', page)).cacheStatus).toBe('HIT');
    let after = before;
    await untilPrometheus(async () => (after = await hits()) >= before + 7);
    const up = await observability.query('up');
    const ready = await observability.query('sum by (job) ({__name__=~"viziona_(bff|site)_ready"})');
    const redis = await observability.query('min(viziona_bff_redis_up)');
    // The session reads nginx answered itself (the tests above) count under their own route.
    const sessionsAtEdge =
      (await observability.query('sum(viziona_edge_requests_total{route="session",cache="none",status="200"})'))[0]
        ?.value ?? 0;
    figure(
      `Prometheus: edge page HITs ${before} → ${after} after 7 cached views; targets up ${up.map((sample) => `${sample.metric.job}@${sample.metric.instance}=${sample.value}`).join(', ')}; ` +
        `ready ${ready.map((sample) => `${sample.metric.job ?? ''}${sample.value}`).join(', ')}; Redis reachable (min over BFFs) ${redis[0]?.value}; session reads ${sessionsAtEdge}`,
    );
    expect(after - before).toBeGreaterThanOrEqual(7);
    expect(
      up
        .filter((sample) => sample.value === 1)
        .map((sample) => sample.metric.job)
        .sort(),
    ).toEqual(['bff', 'bff', 'edge', 'site', 'site']);
    expect(Object.fromEntries(ready.map((sample) => [sample.metric.job, sample.value]))).toEqual({ bff: 2, site: 2 });
    expect(redis[0]?.value).toBe(1);
    expect(sessionsAtEdge).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('ships a dashboard whose every query is valid PromQL over metrics the processes export, and alert rules Prometheus loaded', async () => {
    const observability = topology.observability!;
    const dashboard = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../docker/observability/dashboard.json'), 'utf8'),
    ) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    const expressions = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
    );
    // Every metric family the processes declare (a labelled counter has no series before its first count).
    const opsPorts = [...topology.bffs, ...topology.sites].map((one) => one.opsPort).concat(observability.mtail.port);
    const declared = new Set(
      (
        await Promise.all(opsPorts.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()))
      ).flatMap((text) => [...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1])),
    );
    const missing: string[] = [];
    for (const { panel, expr } of expressions) {
      await observability.query(expr);
      for (const name of expr.match(/\bviziona_[a-z_]+/g) ?? []) {
        if (!declared.has(name) && !declared.has(name.replace(/_(bucket|count|sum)$/, '')))
          missing.push(`${panel}: ${name}`);
      }
    }
    const rules = (await (await fetch(`${observability.url}/api/v1/rules`)).json()) as {
      data: { groups: Array<{ rules: Array<{ name: string; health: string }> }> };
    };
    const alerts = rules.data.groups.flatMap((group) => group.rules);
    figure(
      `dashboard: ${expressions.length} queries valid, metrics not exported: ${missing.length ? missing.join('; ') : 'none'}; alert rules loaded ${alerts.map((rule) => `${rule.name} (${rule.health})`).join(', ')}`,
    );
    expect(missing).toEqual([]);
    expect(alerts.map((rule) => rule.name).sort()).toEqual([
      'VizionaErrorRate',
      'VizionaRedisAway',
      'VizionaReplicaNotReady',
      'VizionaUpstreamLatency',
      'VizionaWaitingRoomClosed',
      'VizionaWaitingRoomStalled',
    ]);
    for (const rule of alerts) expect(rule.health).not.toBe('err');
  }, 60_000);
});

/** Polls Prometheus (scraping every second) until `done`. */
async function untilPrometheus(done: () => Promise<boolean>): Promise<void> {
  await untilTrue('the figure in Prometheus', done, { timeoutMs: 15_000, intervalMs: 250 });
}

describe('presale day: the waiting room through the edge', () => {
  /** People arriving, evenly over `CROWD_SECONDS`, as a presale's opening minute brings them. */
  const CROWD = 5_000;
  const CROWD_SECONDS = 10;
  /** Phones behind one address (a carrier's NAT): the crowd comes from CROWD / 5 addresses. */
  const PEOPLE_PER_ADDRESS = 5;
  /** Among the crowd, customers with an account who try to hold seats all along. */
  const CUSTOMERS = 40;
  const PER_MINUTE = 3_000;
  /** Admissions the sale makes before the operator pauses it and the places are read (26 s at the event's rate). */
  const ADMISSIONS_BEFORE_PAUSE = Math.round((PER_MINUTE * 26) / 60);

  afterAll(closeCrowd);

  it('queues 5,000 arrivals in 10 s through nginx with Redis restarted midway: no 5xx, no place lost, nobody admitted twice, the rate kept within 5 %, nobody overtaken after the opening, holds only by the admitted', async () => {
    const upcoming = await upcomingShowtimes();
    // The last ones: the tests above take theirs from the start of the list.
    expect(upcoming.length).toBeGreaterThan(30 + CUSTOMERS);
    const [crowdShowtime, ...ownShowtimes] = upcoming.slice(-1 - CUSTOMERS).reverse();
    if (!crowdShowtime) throw new Error('no showtime for the crowd');
    const accounts = await newCustomers(CUSTOMERS);
    const customerAt = (index: number): number | null =>
      index % (CROWD / CUSTOMERS) === 62 ? Math.floor(index / (CROWD / CUSTOMERS)) : null;
    const people = Array.from({ length: CROWD }, (_, index) => {
      const customer = customerAt(index);
      // Customers log in from an address of their own (log-ins are limited per address).
      const address = customer === null ? Math.floor(index / PEOPLE_PER_ADDRESS) : CROWD + customer;
      return {
        person: new Queuer(topology.url, crowdAddress(address)),
        customer,
        showtimeId: customer === null ? crowdShowtime.id : (ownShowtimes[customer]?.id ?? 0),
      };
    });
    const customers = people.filter((one) => one.customer !== null);
    await Promise.all(customers.map((one) => one.person.login(accounts[one.customer!]!.email, 'Clave1234')));

    // The operator opens the event (times relative to now): the pre-queue in 2.5 s, once every
    // replica has read the event list again, and the sale 2 s later.
    const operator = new Operator(`http://127.0.0.1:${topology.bffs[0].opsPort}`);
    const eventId = `preventa-${Date.now().toString(36)}`;
    const preQueueStartsAt = Date.now() + 2_500;
    const saleStartsAt = preQueueStartsAt + 2_000;
    await operator.create({
      id: eventId,
      name: 'Preventa de la topología',
      scope: { kind: 'showtimes', showtimeIds: [crowdShowtime.id, ...ownShowtimes.map((showtime) => showtime.id)] },
      preQueueStartsAt,
      saleStartsAt,
      maxBuyers: 10_000,
      admissionsPerMinute: PER_MINUTE,
      admissionTtlSeconds: 600,
      captcha: false,
    });
    const watch = await topology.watch();
    // The crowd comes once every replica holds the purchases in the pre-queue: it has read the
    // event and counts its queue (its figures carry the event).
    for (const bff of topology.bffs) {
      await untilTrue(
        `${bff.name} holding purchases for ${eventId}`,
        async () =>
          (await (await fetch(`http://127.0.0.1:${bff.opsPort}/metrics`)).text()).includes(
            `viziona_bff_waiting_room_waiting{event="${eventId}"}`,
          ),
        { timeoutMs: 30_000 },
      );
    }

    const failures: string[] = [];
    const serverErrors: string[] = [];
    let closedAnswers = 0;
    let placed = 0;
    const note = (what: string, answer: { status: number; text: string }) => {
      if (answer.status >= 500) serverErrors.push(`${what} ${answer.status}`);
    };
    /** Asks for the purchase as the site's middleware does; waits and asks again while the room is closed. */
    const arrive = async ({ person, showtimeId }: (typeof people)[number]) => {
      for (;;) {
        const sentAt = Date.now();
        const answer = await person
          .send('GET', `/bff/waiting-room/showtimes/${showtimeId}/admission`)
          .catch((error: Error) => ({ status: 0, text: error.message, json: null }));
        const answeredAt = Date.now();
        const code = (answer.json as { error?: { code?: string } } | null)?.error?.code;
        note('arrival', answer);
        if (answer.status === 403 && code === 'WAITING_ROOM') {
          placed += 1;
          return { sentAt, answeredAt };
        }
        if (answer.status === 403 && code === 'WAITING_ROOM_CLOSED') {
          closedAnswers += 1;
          await pause(500);
          continue;
        }
        failures.push(`arrival ${answer.status} ${answer.text.slice(0, 120)}`);
        return null;
      }
    };

    const started = Date.now();
    let redisDown: [number, number] = [0, 0];
    const saleOpen = until(
      'the sale open',
      () => operator.show(eventId),
      (event) => event.phase === 'selling',
      { timeoutMs: 30_000 },
    );
    // Midway: once the sale is open and half the crowd has its place.
    const restart = saleOpen
      .then(() => untilTrue('half the crowd placed', () => placed >= CROWD / 2, { timeoutMs: 60_000, intervalMs: 50 }))
      .then(async () => {
        const at = Date.now();
        await topology.redis.stop('SIGKILL');
        await topology.redis.start();
        redisDown = [at - started, Date.now() - started];
      });
    // Customers try the purchase all along, a bot-like second each: the view, then a hold once let in.
    let holding = true;
    let refusedViews = 0;
    let holdsRefused = 0;
    const held = new Set<number>();
    const holdAttempts = saleOpen.then(() =>
      Promise.all(
        customers.map(async ({ person, showtimeId, customer }) => {
          while (holding) {
            try {
              await holdTwoSeats(person, showtimeId);
              held.add(customer!);
              return;
            } catch (error) {
              const message = (error as Error).message;
              if (/^booking view answered 429/.test(message)) refusedViews += 1;
              // While Redis restarts the door cannot read the pass (429 "closed") and the shared
              // lock cannot be taken (502, the store's outage answer): the person tries again.
              else if (/^(booking view answered 502|reserve answered (502|429: .*WAITING_ROOM_CLOSED))/.test(message))
                holdsRefused += 1;
              else {
                failures.push(`hold: ${message.slice(0, 200)}`);
                return;
              }
            }
            await pause(1_000);
          }
        }),
      ),
    );
    const arrivals: Array<Promise<{ sentAt: number; answeredAt: number } | null>> = [];
    for (const [index, one] of people.entries()) {
      const due = started + (index * CROWD_SECONDS * 1_000) / CROWD;
      if (due > Date.now()) await pause(due - Date.now());
      arrivals.push(arrive(one));
    }
    const arrived = await Promise.all(arrivals);
    const crowdDone = Date.now();
    await restart;

    await until(
      `${ADMISSIONS_BEFORE_PAUSE} admitted`,
      async () => (await operator.show(eventId)).figures.admitted,
      (admitted) => admitted >= ADMISSIONS_BEFORE_PAUSE,
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    await operator.act(eventId, 'pause');
    holding = false;
    await holdAttempts;
    // Then nobody moves: once every replica has read the pause (every other round, 2 s), the
    // place of somebody still waiting says so from each of them.
    const lastInLine = people.findLast((one) => one.customer === null)!;
    for (const bff of topology.bffs) {
      await until(
        `${bff.name} reading the pause`,
        async () =>
          (
            await lastInLine.person.readAt(
              `http://127.0.0.1:${bff.port}`,
              `/bff/waiting-room/showtimes/${lastInLine.showtimeId}/status`,
            )
          ).json as WaitingRoomStatusView | null,
        (status) => status?.place?.paused === true,
      );
    }
    const traffic = await watch();

    const statuses = await inLanes(people, 64, async ({ person, showtimeId }) => {
      const answer = await person.send('GET', `/bff/waiting-room/showtimes/${showtimeId}/status`);
      note('status', answer);
      return answer.json as WaitingRoomStatusView | null;
    });
    const standingOf = (status: WaitingRoomStatusView | null): Standing | null => {
      if (status?.status === 'admitted') return [0, status.passUntil ?? 0];
      if (status?.status === 'waiting' && status.place?.position) return [1, status.place.position];
      return null;
    };
    const lost = statuses.filter((status, index) => arrived[index] && standingOf(status) === null);
    const admittedPeople = statuses.filter((status) => status?.status === 'admitted').length;

    // The order: the pre-queue (a draw) ahead of everybody after the opening, who keep their order.
    const crowd = people.flatMap((one, index) => {
      const times = arrived[index];
      const standing = standingOf(statuses[index] ?? null);
      return one.customer === null && times && standing ? [{ ...times, standing }] : [];
    });
    const preQueue = crowd.filter((arrival) => arrival.answeredAt < saleStartsAt);
    const afterOpening = crowd.filter((arrival) => arrival.sentAt >= saleStartsAt);
    const lastPreQueue = preQueue.reduce<Standing>(
      (worst, one) => (standsBehind(one.standing, worst) ? one.standing : worst),
      [0, 0],
    );
    const firstAfter = afterOpening.reduce<Standing>(
      (best, one) => (standsBehind(best, one.standing) ? one.standing : best),
      [1, Number.MAX_SAFE_INTEGER],
    );
    const broken = overtaken(afterOpening);
    const admittedAfterOpening = afterOpening.filter((arrival) => arrival.standing[0] === 0).length;

    // Nobody twice: every admission a replica made is one ticket of the store, and the rate.
    const admittedAt = await admissionTimes(topology.redis.port, eventId);
    const rate = measuredRate(admittedAt);
    const countedByReplicas = (
      await Promise.all(
        topology.bffs.map(async (bff) => {
          const text = await (await fetch(`http://127.0.0.1:${bff.opsPort}/metrics`)).text();
          const line = text
            .split('\n')
            .find((entry) => entry.startsWith(`viziona_bff_waiting_room_admitted_total{event="${eventId}"}`));
          return Number(line?.split(' ').at(-1) ?? 0);
        }),
      )
    ).reduce((sum, count) => sum + count, 0);
    const figures = (await operator.show(eventId)).figures;

    // The cinema API's holds: only the admitted customers' own.
    const holdCalls = [...traffic.cinemaApi]
      .filter(([url]) => url.startsWith('/api/v1/reserve/') && !url.startsWith('/api/v1/reserve/cancel'))
      .reduce((sum, [, count]) => sum + count, 0);
    const admittedCustomers = people.filter(
      (one, index) => one.customer !== null && statuses[index]?.status === 'admitted',
    ).length;

    const answerMs = arrived.flatMap((times) => (times ? [times.answeredAt - times.sentAt] : [])).sort((a, b) => a - b);
    figure(
      `presale: ${CROWD} arrivals in ${((crowdDone - started) / 1000).toFixed(1)} s through nginx (answer p50 ${answerMs[Math.floor(answerMs.length / 2)]} ms, p99 ${answerMs[Math.floor(answerMs.length * 0.99)]} ms), ` +
        `${preQueue.length} in the pre-queue, ${afterOpening.length} after the opening; Redis killed and back ${redisDown[0]}–${redisDown[1]} ms in, ${closedAnswers} "closed" answers meanwhile; ` +
        `5xx ${serverErrors.length}, places lost ${lost.length}`,
    );
    figure(
      `presale: admitted ${admittedAt.length} in ${rate.rounds} rounds, ${rate.perMinute.toFixed(0)} a minute over ${rate.seconds.toFixed(1)} s (configured ${PER_MINUTE}); ` +
        `counted by the replicas ${countedByReplicas}, by the store ${figures.admitted}; people holding a pass ${admittedPeople}, ${admittedAfterOpening} of them arrived after the opening; ` +
        `overtaken ${broken.count}; customers' holds at the cinema API ${holdCalls} (customers admitted ${admittedCustomers}, views refused ${refusedViews}, holds refused while Redis restarted ${holdsRefused})`,
    );
    // What went wrong, named in the one line CI prints of a failure.
    expect(failures, failures.slice(0, 5).join(' | ')).toEqual([]);
    expect(serverErrors, serverErrors.slice(0, 5).join(' | ')).toEqual([]);
    expect(lost, JSON.stringify(lost.slice(0, 3))).toEqual([]);
    expect(Math.abs(rate.perMinute / PER_MINUTE - 1)).toBeLessThanOrEqual(0.05);
    expect(countedByReplicas).toBe(admittedAt.length);
    expect(figures.admitted).toBe(admittedAt.length);
    expect(admittedPeople).toBeLessThanOrEqual(admittedAt.length);
    expect(broken.example).toBeNull();
    expect(admittedAfterOpening).toBeGreaterThan(0);
    expect(standsBehind(lastPreQueue, firstAfter)).toBe(false);
    expect(held.size).toBeGreaterThan(0);
    // Every hold call the cinema API took is one an admitted customer made.
    expect(held.size).toBeLessThanOrEqual(admittedCustomers);
    expect(holdCalls).toBeGreaterThanOrEqual(held.size);
    expect(holdCalls).toBeLessThanOrEqual(held.size + holdsRefused);

    // What operators watch: the dashboard's figure of admissions, read back through Prometheus.
    // (Started by the describe before; not when this one runs alone.)
    const observability = topology.observability;
    if (observability?.prometheus.child) {
      let scraped = 0;
      const admissions = `sum(viziona_bff_waiting_room_admitted_total{event="${eventId}"})`;
      await untilPrometheus(
        async () => (scraped = (await observability.query(admissions))[0]?.value ?? 0) === countedByReplicas,
      );
      figure(`presale: Prometheus reads ${scraped} admissions`);
    }

    // The edge: a purchase page sends a newcomer to the waiting page, one cached HTML for
    // everybody; the place frame and the personal read are never stored; the operators'
    // routes never pass.
    const edgeWatch = await topology.watch();
    const newcomer = new Queuer(topology.url, crowdAddress(CROWD + CUSTOMERS));
    const { id, slug } = crowdShowtime;
    const purchase = await newcomer.send('GET', routes.showtime(HOME_THEATER, slug, id));
    const waitingPage = routes.waitingRoom(HOME_THEATER, slug, id);
    const pages = [await newcomer.send('GET', waitingPage), await people[0]!.person.send('GET', waitingPage)];
    const frames = [
      await newcomer.send('GET', routes.waitingRoomPlace(HOME_THEATER, slug, id)),
      await newcomer.send('GET', routes.waitingRoomPlace(HOME_THEATER, slug, id)),
    ];
    const read = await newcomer.send('GET', `/bff/waiting-room/showtimes/${id}/status`);
    const operatorRoute = await newcomer.send('GET', '/bff/ops/waiting-room/events');
    const passedOn = [...(await edgeWatch()).passedOn.keys()];
    figure(
      `presale at the edge: purchase page ${purchase.status} → ${purchase.location}; waiting page ${pages.map((page) => `${page.status} ${page.cacheStatus}`).join(', ')}; ` +
        `place frame ${frames.map((frame) => `${frame.status} ${frame.cacheStatus}`).join(', ')}; status read ${read.status} ${read.cacheStatus ?? 'not cached'}; /bff/ops through nginx ${operatorRoute.status}`,
    );
    expect(purchase.status).toBe(302);
    expect(purchase.location).toBe(waitingPage);
    expect([...newcomer.cookies.keys()]).toContain('viziona_fila');
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    expect(pages[1]!.cacheStatus).toBe('HIT');
    expect(pages[1]!.setsCookie).toBe(false);
    expect(pages[1]!.text).toBe(pages[0]!.text);
    for (const frame of frames) expect(frame.cacheStatus).toBe('BYPASS');
    expect(read.status).toBe(200);
    expect(read.cacheStatus).toBeUndefined();
    expect((read.json as WaitingRoomStatusView).status).toBe('waiting');
    expect(operatorRoute.status).toBe(404);
    expect((operatorRoute.json as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect(passedOn.filter((path) => path.startsWith('/bff/ops'))).toEqual([]);

    await operator.act(eventId, 'end');
  }, 120_000);
});
