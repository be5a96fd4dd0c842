import { Agent } from 'undici';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';
import { redisClient } from '../bff/redis-server.ts';
import { browserRequest, type Answer } from './visitors.ts';

/**
 * The presale crowd of the topology test (topology.test.ts, "presale day"): people who keep
 * every cookie the answers set (session, the waiting room's ticket and pass), many of them
 * behind one address as phones behind a carrier's NAT; the operators' API on a replica's
 * operations port; and what the checks read (admission times in Redis, the order nobody may
 * break, the measured rate).
 */

/** The n-th address of the crowd (127.2.x.y: apart from the visitors' 127.0.x.y). */
export const crowdAddress = (n: number): string => `127.2.${Math.floor(n / 250)}.${1 + (n % 250)}`;

const agents = new Map<string, Agent>();

function agentFor(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address, keepAliveTimeout: 5_000, headersTimeout: 35_000, bodyTimeout: 35_000 });
    agents.set(address, agent);
  }
  return agent;
}

export async function closeCrowd(): Promise<void> {
  await Promise.all([...agents.values()].map((agent) => agent.destroy()));
  agents.clear();
}

/** A cookie the answer cleared (`Max-Age=0` or an expiry in the past). */
const clears = (line: string): boolean => /;\s*max-age=0(;|$)/i.test(line) || /;\s*expires=[^;]*1970/i.test(line);

/** A person of the crowd: a browser with its cookies, on an address it may share. */
export class Queuer {
  readonly base: string;
  readonly address: string;
  readonly cookies = new Map<string, string>();

  constructor(base: string, address: string) {
    this.base = base;
    this.address = address;
  }

  send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return browserRequest({
      base: this.base,
      agent: agentFor(this.address),
      request: { method, path, body, headers },
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      setCookies: (lines) => {
        for (const line of lines) {
          const [pair = ''] = line.split(';');
          const name = pair.slice(0, pair.indexOf('='));
          if (clears(line)) this.cookies.delete(name);
          else this.cookies.set(name, pair.slice(name.length + 1));
        }
      },
    });
  }

  async login(email: string, password: string): Promise<void> {
    const answer = await this.send('POST', '/bff/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}: ${answer.text}`);
  }

  /** This person's read straight from one replica (`origin`, around nginx): what that replica sees. */
  readAt(origin: string, path: string): Promise<Answer> {
    return browserRequest({
      base: origin,
      agent: agentFor(this.address),
      request: { method: 'GET', path },
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      setCookies: () => undefined,
    });
  }
}

/** What the operators' API answers about an event (bff/waiting-room/operators/operator-views.ts), as far as the test reads it. */
export interface OperatorEvent {
  id: string;
  state: string;
  phase: string;
  figures: { waiting: number; buying: number; admitted: number; passes: Record<string, number> };
}

/** The operators' API of one replica's operations port, as `npm run waiting-room` calls it. */
export class Operator {
  readonly #origin: string;

  constructor(origin: string) {
    this.#origin = origin;
  }

  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<OperatorEvent> {
    const answer = await fetch(`${this.#origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${DEV_SECRETS.OPS_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`operator ${method} ${path} answered ${answer.status}: ${text}`);
    return JSON.parse(text) as OperatorEvent;
  }

  create(event: Record<string, unknown>): Promise<OperatorEvent> {
    return this.#call('POST', '/waiting-room/events', event);
  }

  act(id: string, action: 'open' | 'pause' | 'resume' | 'free' | 'end'): Promise<OperatorEvent> {
    return this.#call('POST', `/waiting-room/events/${id}/${action}`);
  }

  show(id: string): Promise<OperatorEvent> {
    return this.#call('GET', `/waiting-room/events/${id}`);
  }
}

/**
 * When each place of an event was admitted, read straight from the store (the hash `adm` of
 * bff/plugins/waiting-room/redis-scripts.ts: ticket → epoch ms): one entry a ticket, whatever
 * the replicas counted.
 */
export async function admissionTimes(redisPort: number, eventId: string): Promise<number[]> {
  const redis = redisClient(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return Object.values(await redis.hgetall(`viziona:wr:{${eventId}}:adm`)).map(Number);
  } finally {
    redis.disconnect();
  }
}

/**
 * The admission rate the store kept, per minute: rounds are the distinct admission instants;
 * what the rounds after the first admitted, over the time from the first round to the last
 * (the first round's people were the bucket's start, counted before the measured span).
 */
export function measuredRate(times: readonly number[]): { perMinute: number; rounds: number; seconds: number } {
  const perRound = new Map<number, number>();
  for (const at of times) perRound.set(at, (perRound.get(at) ?? 0) + 1);
  const rounds = [...perRound.keys()].sort((a, b) => a - b);
  const first = rounds[0] ?? 0;
  const last = rounds.at(-1) ?? 0;
  const after = times.length - (perRound.get(first) ?? 0);
  const seconds = (last - first) / 1000;
  return { perMinute: seconds > 0 ? (after / seconds) * 60 : 0, rounds: rounds.length, seconds };
}

/**
 * Where a person stands at the end, lowest first: admitted (in the order of their pass's
 * deadline, that is of their admission round), then waiting by position.
 */
export type Standing = readonly [admitted: 0 | 1, order: number];

export interface Arrival {
  /** Epoch ms the arrival that got its place was sent, and its answer came back. */
  sentAt: number;
  answeredAt: number;
  standing: Standing;
}

/** Whether `a` stands behind `b`. */
export const standsBehind = (a: Standing, b: Standing): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/**
 * Arrivals that were overtaken: B stands behind A although A's answer came back before B was
 * even sent (with a millisecond between, so the replicas' clocks saw them in that order).
 * Returns the overtaken pairs' count and one example.
 */
export function overtaken(arrivals: readonly Arrival[]): { count: number; example: string | null } {
  const byAnswer = [...arrivals].sort((a, b) => a.answeredAt - b.answeredAt);
  const bySending = [...arrivals].sort((a, b) => a.sentAt - b.sentAt);
  let count = 0;
  let example: string | null = null;
  let worstBefore: Arrival | null = null;
  let next = 0;
  for (const arrival of bySending) {
    while (next < byAnswer.length && byAnswer[next]!.answeredAt + 1 < arrival.sentAt) {
      const candidate = byAnswer[next]!;
      if (worstBefore === null || standsBehind(candidate.standing, worstBefore.standing)) worstBefore = candidate;
      next += 1;
    }
    if (worstBefore && standsBehind(worstBefore.standing, arrival.standing)) {
      count += 1;
      example ??= `arrived at ${worstBefore.sentAt}–${worstBefore.answeredAt} standing ${worstBefore.standing.join(':')}, behind one sent at ${arrival.sentAt} standing ${arrival.standing.join(':')}`;
    }
  }
  return { count, example };
}

/** Runs `work` over `items` with at most `lanes` at once. */
export async function inLanes<T, R>(items: readonly T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}
