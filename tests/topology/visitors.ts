import { Agent, request } from 'undici';

/**
 * A person's browser as the topology test plays it: its own client address (any 127.x.y.z
 * is loopback on Linux, so every visitor is a different client to nginx), the session cookie
 * it keeps from `Set-Cookie`, and the headers our pages send on every state change.
 */

export type Answer = {
  status: number;
  text: string;
  json: unknown;
  ms: number;
  requestId: string | undefined;
  location: string | undefined;
  /** nginx's micro-cache outcome (`X-Cache-Status`): HIT, MISS, STALE, BYPASS…; undefined where the cache is off. */
  cacheStatus: string | undefined;
  /** Whether the answer set (or cleared) a cookie. */
  setsCookie: boolean;
  /** When the answer was made (its `Date` header, whole seconds), epoch ms; NaN without one. */
  date: number;
};

const SESSION_COOKIE = 'viziona_session';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * One request as our pages send it (a state change carries the origin and client headers),
 * read into an `Answer`; `setCookies` receives the answer's `Set-Cookie` lines.
 */
export async function browserRequest(options: {
  base: string;
  agent: Agent;
  request: { method: Method; path: string; body?: unknown; headers?: Record<string, string> };
  cookie: string;
  setCookies: (lines: string[]) => void;
}): Promise<Answer> {
  const { base, agent, cookie } = options;
  const { method, path, body, headers = {} } = options.request;
  const started = performance.now();
  const all: Record<string, string> = { accept: 'application/json, text/html', ...headers };
  if (cookie) all.cookie = cookie;
  if (method !== 'GET')
    Object.assign(all, { origin: base, 'x-viziona-client': 'web', 'sec-fetch-site': 'same-origin' });
  if (body !== undefined) all['content-type'] = 'application/json';
  const answer = await request(`${base}${path}`, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher: agent,
  });
  const setCookieLines = [answer.headers['set-cookie']].flat().filter((line) => typeof line === 'string');
  options.setCookies(setCookieLines);
  const text = await answer.body.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page, not JSON
  }
  const header = (name: string): string | undefined => {
    const value = answer.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    status: answer.statusCode,
    text,
    json,
    ms: performance.now() - started,
    requestId: header('x-request-id'),
    location: header('location'),
    cacheStatus: header('x-cache-status'),
    setsCookie: setCookieLines.length > 0,
    date: Date.parse(header('date') ?? ''),
  };
}

export class Visitor {
  readonly agent: Agent;
  readonly base: string;
  readonly address: string;
  cookie = '';

  constructor(base: string, address: string) {
    this.base = base;
    this.address = address;
    this.agent = new Agent({
      localAddress: address,
      keepAliveTimeout: 2_000,
      headersTimeout: 35_000,
      bodyTimeout: 35_000,
    });
  }

  send(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return browserRequest({
      base: this.base,
      agent: this.agent,
      request: { method, path, body, headers },
      cookie: this.cookie ? `${SESSION_COOKIE}=${this.cookie}` : '',
      setCookies: (lines) => {
        for (const line of lines) {
          if (line.startsWith(`${SESSION_COOKIE}=`))
            this.cookie = line.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
        }
      },
    });
  }

  async login(email: string, password: string): Promise<void> {
    const answer = await this.send('POST', '/bff/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}: ${answer.text}`);
  }

  async sessionEmail(): Promise<string | null> {
    const answer = await this.send('GET', '/bff/session');
    const user = (answer.json as { user?: { email?: string } | null } | null)?.user;
    return user?.email ?? null;
  }

  /** Drops every connection, open seat streams included. */
  close(): Promise<void> {
    return this.agent.destroy();
  }
}

/** The n-th distinct client address (127.0.x.y; never 127.0.0.1, which the processes use). */
export function clientAddress(n: number): string {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/**
 * A live seat map: the browser's EventSource on `/bff/booking/{id}/events`, reconnecting
 * when the stream breaks (as EventSource does). Records each seat event and how long each
 * reconnection took from the break to the next event.
 */
const RECONNECT_MS = 3_000;

export class SeatStream {
  events = 0;
  /** How many times the stream broke, and how long each reconnection took (ms), in order. */
  breaks = 0;
  readonly reconnections: number[] = [];
  #brokeAt: number | null = null;
  #closed = false;
  #abort = new AbortController();
  readonly visitor: Visitor;
  readonly showtimeId: number;

  constructor(visitor: Visitor, showtimeId: number) {
    this.visitor = visitor;
    this.showtimeId = showtimeId;
  }

  /** Broken now: no seat event since it last broke. */
  get broken(): boolean {
    return this.#brokeAt !== null;
  }

  /** Opens the stream and resolves on its first seat event. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      let first = true;
      const connect = async (): Promise<void> => {
        while (!this.#closed) {
          try {
            const answer = await request(`${this.visitor.base}/bff/booking/${this.showtimeId}/events`, {
              headers: {
                accept: 'text/event-stream',
                ...(this.visitor.cookie ? { cookie: `viziona_session=${this.visitor.cookie}` } : {}),
              },
              dispatcher: this.visitor.agent,
              signal: this.#abort.signal,
              bodyTimeout: 0,
            });
            if (answer.statusCode !== 200) throw new Error(`seat stream answered ${answer.statusCode}`);
            for await (const chunk of answer.body) {
              if (!String(chunk).includes('event: seats')) continue;
              this.events += 1;
              if (this.#brokeAt !== null) {
                this.reconnections.push(performance.now() - this.#brokeAt);
                this.#brokeAt = null;
              }
              if (first) {
                first = false;
                resolve();
              }
            }
          } catch (error) {
            if (this.#closed) return;
            if (first) return reject(error instanceof Error ? error : new Error(String(error)));
          }
          if (this.#closed) return;
          if (this.#brokeAt === null) {
            this.#brokeAt = performance.now();
            this.breaks += 1;
          }
          // As EventSource does: wait the `retry` the BFF sent (3 s), then connect again.
          await new Promise((resolveWait) => setTimeout(resolveWait, RECONNECT_MS));
        }
      };
      void connect();
    });
  }

  close(): void {
    this.#closed = true;
    this.#abort.abort();
  }
}
