import type { AddressInfo } from 'node:net';
import type { BffApp } from '#bff/app.ts';
import { createOpsServer } from '#bff/operations/ops-server.ts';
import type { WaitingRoomStatusView } from '#shared/views/waiting-room.ts';
import { SAME_ORIGIN_HEADERS } from './harness.ts';

/**
 * A browser as the waiting room sees it: every cookie it was given (session, ticket, pass),
 * sent back with each request to one replica or another.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  constructor(session?: string) {
    if (session !== undefined) this.cookies.set('viziona_session', session);
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A copy of this browser's cookies in another browser (one of them replaced, or dropped). */
  copy(overrides: Record<string, string | null> = {}): CookieJar {
    const jar = new CookieJar();
    for (const [name, value] of this.cookies) jar.cookies.set(name, value);
    for (const [name, value] of Object.entries(overrides)) {
      if (value === null) jar.cookies.delete(name);
      else jar.cookies.set(name, value);
    }
    return jar;
  }

  absorb(setCookie: string | string[] | number | undefined): void {
    for (const line of [setCookie].flat()) {
      if (typeof line !== 'string') continue;
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /;\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async send(app: BffApp, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(method === 'GET' ? {} : SAME_ORIGIN_HEADERS),
        ...(this.cookies.size ? { cookie: this.header } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.absorb(response.headers['set-cookie']);
    let json: unknown;
    try {
      json = response.body === '' ? null : JSON.parse(response.body);
    } catch {
      json = response.body;
    }
    return { status: response.statusCode, body: json, headers: response.headers };
  }

  async status(app: BffApp, showtimeId: number): Promise<WaitingRoomStatusView> {
    const answer = await this.send(app, 'GET', `/bff/waiting-room/showtimes/${showtimeId}/status`);
    if (answer.status !== 200) throw new Error(`status answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as WaitingRoomStatusView;
  }
}

/** The operations port of an app, listening on a free port, and a JSON client of its operator routes. */
export async function operatorClient(app: BffApp) {
  const server = createOpsServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async send(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${app.config.opsToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An event body for the operators' API: the sale starts `saleInMs` from now, the pre-queue at once. */
export function eventBody(
  id: string,
  scope: object,
  options: { saleInMs?: number; perMinute?: number; maxBuyers?: number; captcha?: boolean; ttlSeconds?: number } = {},
) {
  const now = Date.now();
  return {
    id,
    name: `Preventa ${id}`,
    scope,
    preQueueStartsAt: now - 1_000,
    saleStartsAt: now + (options.saleInMs ?? 60 * 60_000),
    maxBuyers: options.maxBuyers ?? 100,
    admissionsPerMinute: options.perMinute ?? 600,
    admissionTtlSeconds: options.ttlSeconds ?? 300,
    captcha: options.captcha ?? false,
  };
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
