import { segmentsOfRow } from '#shared/booking/lonely-seats.ts';
import { bestSeats } from '#shared/booking/best-seats.ts';
import type { BookingView, HoldView, SeatCell } from '#shared/views/booking.ts';
import { SandboxShowtimes, type ShowtimeNeeds, type TestShowtime } from '../showtimes.ts';
import { call, type Stack } from './harness.ts';
import type { BffApp } from '#bff/app.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';

/** The cinema API's dev headers, for test setup reads straight from the sandbox. */

export const APPROVED_CARD = '4575623182290326';
export const DECLINED_CARD = '4151611527583283';

export async function sandboxGet<T>(stack: Pick<Stack, 'sandboxUrl'>, path: string): Promise<T> {
  const response = await fetch(`${stack.sandboxUrl}/api/v1/${path}`, { headers: SANDBOX_HEADERS });
  if (!response.ok) throw new Error(`sandbox GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const pickers = new WeakMap<Pick<Stack, 'sandboxUrl'>, SandboxShowtimes>();

/** The stack's showtimes, chosen by need (see tests/showtimes.ts); one picker per stack, so a file never gets one twice. */
function showtimesOf(stack: Pick<Stack, 'sandboxUrl'>): SandboxShowtimes {
  let picker = pickers.get(stack);
  if (picker === undefined) {
    picker = new SandboxShowtimes(stack.sandboxUrl);
    pickers.set(stack, picker);
  }
  return picker;
}

/** An untouched showtime meeting the needs, never one this stack already handed out. */
export async function pickShowtime(stack: Pick<Stack, 'sandboxUrl'>, needs: ShowtimeNeeds = {}): Promise<TestShowtime> {
  return showtimesOf(stack).pick(needs);
}

/** `count` different untouched showtimes meeting the needs. */
export async function pickShowtimes(
  stack: Pick<Stack, 'sandboxUrl'>,
  count: number,
  needs: ShowtimeNeeds = {},
): Promise<TestShowtime[]> {
  return showtimesOf(stack).pickMany(count, needs);
}

/** A showtime that has already started (the sandbox keeps one every day, at any hour). */
export async function startedShowtime(stack: Pick<Stack, 'sandboxUrl'>): Promise<TestShowtime> {
  return showtimesOf(stack).started();
}

/**
 * A new showtime tomorrow in the room of `seats` seats (260: Sala 1; 520 and 1,040: the sandbox's
 * big rooms), through the sandbox's tooling (`POST /sandbox/movies/{slug}/showtimes`).
 */
export async function bigRoomShowtime(stack: Pick<Stack, 'sandboxUrl'>, seats: 260 | 520 | 1040): Promise<number> {
  const response = await fetch(`${stack.sandboxUrl}/sandbox/movies/galaxia-perdida/showtimes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seats }),
  });
  if (!response.ok) throw new Error(`the sandbox answered ${response.status} for a ${seats}-seat showtime`);
  return ((await response.json()) as { id: number }).id;
}

let loginSequence = 0;

/** Logs in; each call comes from its own address so the login rate limit stays out of the way. */
export async function login(app: BffApp, email: string, password: string): Promise<string> {
  loginSequence += 1;
  const remoteAddress = `10.9.${Math.floor(loginSequence / 250)}.${(loginSequence % 250) + 1}`;
  const response = await app.inject({
    method: 'POST',
    url: '/bff/auth/login',
    headers: { 'x-viziona-client': 'web', origin: 'http://localhost:4321', 'sec-fetch-site': 'same-origin' },
    payload: { email, password },
    remoteAddress,
  });
  const setCookie = [response.headers['set-cookie']]
    .flat()
    .find((value) => typeof value === 'string' && value.startsWith('viziona_session='));
  if (response.statusCode !== 200 || typeof setCookie !== 'string')
    throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return setCookie.slice('viziona_session='.length).split(';')[0] ?? '';
}

export const DEMO = { email: 'demo@viziona.co', password: 'Demo1234' } as const;
export const CLUB = { email: 'club@viziona.co', password: 'Club1234' } as const;

/** A cookie that follows the answers' Set-Cookie, the way a browser does. */
export class Browser {
  cookie: string;
  readonly app: BffApp;
  constructor(app: BffApp, cookie: string) {
    this.app = app;
    this.cookie = cookie;
  }
  async send(method: 'GET' | 'POST', url: string, body?: unknown) {
    const answer = await call(this.app, method, url, { cookie: this.cookie, ...(body === undefined ? {} : { body }) });
    if (answer.cookie !== undefined) this.cookie = answer.cookie;
    return answer;
  }
  async view(showtimeId: number): Promise<BookingView> {
    const answer = await this.send('GET', `/bff/booking/${showtimeId}`);
    if (answer.status !== 200) throw new Error(`booking view answered ${answer.status}: ${answer.text}`);
    return answer.body as BookingView;
  }
  async reserve(showtimeId: number, zone: string, seats: string[]) {
    return this.send('POST', `/bff/booking/${showtimeId}/reserve`, { zone, seats });
  }
  /** The person's hold as the purchase page of `showtimeId` shows it: null when none is on that showtime. */
  async hold(showtimeId: number): Promise<HoldView | null> {
    return (await this.view(showtimeId)).hold;
  }
}

export function seatsOf(view: BookingView): SeatCell[] {
  return view.seatMap.rows.flatMap((row) => row.cells.filter((cell): cell is SeatCell => cell.kind === 'seat'));
}

/**
 * `count` free seats of a zone to hold, as 'Elegir las mejores sillas' picks them: side by side
 * where they fit, and never leaving one seat alone (the BFF refuses that, LONELY_SEAT).
 */
export function seatsToHold(view: BookingView, zone: string, count: number): string[] {
  const picked = bestSeats(view.seatMap, { zone, count });
  if (!picked.found) throw new Error(`no ${count} seats to hold in ${zone}: ${picked.message}`);
  return picked.seats;
}

/** Free seats of a zone, in map order. */
export function freeSeats(view: BookingView, zone: string): SeatCell[] {
  return seatsOf(view).filter((seat) => seat.zone === zone && seat.state === 'available');
}

export { solveCaptcha } from './harness.ts';

export function cardForm(captcha: string, cardNumber: string = APPROVED_CARD) {
  return {
    cardName: 'Daniela Gómez',
    cardNumber,
    expMonth: '12',
    expYear: String(new Date().getUTCFullYear() + 2),
    cvc: '123',
    dues: '',
    captcha,
  };
}

/** Reads a server-sent event stream: `next(name)` answers the data of the next event of that name. */
export function eventStream(response: Response): { next(name: string): Promise<string> } {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(name) {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes(`event: ${name}`) && data) return data.slice(6);
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

/**
 * The first run of four or more free seats of the zone side by side in the room, a whole
 * segment (row end or aisle on both sides): holding its first two leaves two or more free beside them.
 */
export function wholeFreeRun(view: BookingView, zone = 'General'): SeatCell[] {
  for (const row of view.seatMap.rows) {
    for (const segment of segmentsOfRow(row)) {
      const run = segment.filter((seat) => seat.zone === zone && seat.state === 'available');
      if (run.length === segment.length && run.length >= 4) return run;
    }
  }
  throw new Error(`no four ${zone} seats together`);
}
