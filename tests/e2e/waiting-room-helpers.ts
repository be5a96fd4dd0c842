import { expect, test } from '@playwright/test';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';
import { baseURL } from './playwright.config.ts';

/**
 * What the waiting room's journeys share: the operators' routes on the BFF's operations port
 * (as `npm run waiting-room` calls them), other people arriving in the queue, and the sandbox's
 * sell-out tool. Events cover only the test's own showtime and start relative to now (never at
 * a wall-clock hour); every test ends its event in a `finally`, and the spec's `afterAll` ends
 * any of its events still running, so no other spec's purchase ever meets a queue.
 */

const opsUrl = process.env.WAITING_ROOM_OPS_URL;
const sandboxUrl = process.env.SANDBOX_URL;

/**
 * What this worker's event ids start with: its `afterAll` ends whatever is left of its own
 * events, never those of the other project's worker running the same spec at the same time.
 */
function eventPrefix(): string {
  const info = test.info();
  return `e2e-${info.project.name}-${info.parallelIndex}-`;
}

interface OperatorEvent {
  id: string;
  state: string;
  figures: { waiting: number; buying: number; admitted: number; passes: Record<string, number> };
}

async function operator<T = OperatorEvent>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  if (!opsUrl) throw new Error('WAITING_ROOM_OPS_URL is not set (tests/e2e/playwright.config.ts sets it)');
  const answer = await fetch(`${opsUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${process.env.OPS_TOKEN || DEV_SECRETS.OPS_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  expect(answer.ok, `${method} ${path}: ${answer.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

export interface EventOptions {
  /** How many people may buy at once. */
  maxBuyers: number;
  captcha?: boolean;
  /** When the sale starts, in minutes from now (0: it has started; arrivals before it wait in the pre-queue). */
  saleInMinutes?: number;
  /** New people let in a minute (default 120; at 1 the first admission comes a minute after the opening). */
  perMinute?: number;
  /** How long a turn lasts unused, in seconds (the event's default otherwise; 30 at least). */
  ttlSeconds?: number;
}

/** An event holding one showtime only, its pre-queue open from now. */
export async function newEvent(showtimeId: number, label: string, options: EventOptions): Promise<string> {
  const id = `${eventPrefix()}${label}-${Date.now().toString(36)}`.slice(0, 40);
  const now = Date.now();
  await operator('POST', '/events', {
    id,
    name: `Prueba e2e ${label}`,
    scope: { kind: 'showtimes', showtimeIds: [showtimeId] },
    preQueueStartsAt: now,
    saleStartsAt: now + (options.saleInMinutes ?? 0) * 60_000,
    maxBuyers: options.maxBuyers,
    admissionsPerMinute: options.perMinute ?? 120,
    captcha: options.captcha ?? false,
    ...(options.ttlSeconds === undefined ? {} : { admissionTtlSeconds: options.ttlSeconds }),
  });
  return id;
}

/**
 * An event whose sale started a moment ago, paused at once, so nobody is admitted until the
 * test resumes it (arrivals keep joining meanwhile, first come first served).
 */
export async function pausedEvent(showtimeId: number, label: string, options: EventOptions): Promise<string> {
  const id = await newEvent(showtimeId, label, options);
  await operator('POST', `/events/${id}/pause`);
  return id;
}

export const pauseEvent = (id: string) => operator('POST', `/events/${id}/pause`);
export const resumeEvent = (id: string) => operator('POST', `/events/${id}/resume`);
/** Starts the sale now: the pre-queue is drawn. */
export const openEvent = (id: string) => operator('POST', `/events/${id}/open`);
export const freeEvent = (id: string) => operator('POST', `/events/${id}/free`);
export const changeEvent = (id: string, change: { maxBuyers?: number }) => operator('PATCH', `/events/${id}`, change);
export const eventFigures = async (id: string) => (await operator('GET', `/events/${id}`)).figures;

/** Ends the event unless it has ended already (a test's `finally`). */
export async function endEvent(id: string): Promise<void> {
  const event = await operator('GET', `/events/${id}`);
  if (event.state !== 'ended') await operator('POST', `/events/${id}/end`);
}

/** Ends every event of this worker still running (the spec's `afterAll`). */
export async function endLeftoverEvents(): Promise<void> {
  const prefix = eventPrefix();
  const { events } = await operator<{ events: OperatorEvent[] }>('GET', '/events');
  for (const event of events)
    if (event.id.startsWith(prefix) && event.state !== 'ended') await operator('POST', `/events/${event.id}/end`);
}

/** `count` other people join the showtime's queue, each from a browser of their own (no cookie). */
export async function othersArrive(showtimeId: number, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const answer = await fetch(`${baseURL}/bff/waiting-room/showtimes/${showtimeId}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-viziona-client': 'web', origin: baseURL },
      body: '{}',
    });
    expect(answer.status, await answer.text()).toBe(200);
  }
}

/** Every seat still free of the showtime is sold at once (the sandbox's tool). */
export async function sellOut(showtimeId: number): Promise<void> {
  if (!sandboxUrl) throw new Error('SANDBOX_URL is not set (tests/e2e/playwright.config.ts sets it)');
  const answer = await fetch(`${sandboxUrl}/sandbox/showtimes/${showtimeId}/sell-out`, { method: 'POST' });
  expect(answer.status).toBe(200);
}

/** The operator ends a person's pass (found by the account's e-mail). */
export async function revokePass(id: string, email: string): Promise<boolean> {
  const answer = await operator<{ revoked: boolean }>('POST', `/events/${id}/passes/revoke`, { email });
  return answer.revoked;
}
