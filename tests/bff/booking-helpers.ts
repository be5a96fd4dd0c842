import type { Movie } from '../../shared/cinema-api/catalogue.ts';
import type { BookingView, HoldView, PaymentResultView, SeatCell } from '../../shared/views/booking.ts';
import { hasShowtimeStarted } from '../../shared/booking/showtime-clock.ts';
import { call, type Stack } from './harness.ts';
import type { BffApp } from '../../bff/app.ts';

/** The cinema API's dev headers, for test setup reads straight from the sandbox. */
const SANDBOX_HEADERS = { accept: 'application/json', 'x-api-key': 'dev-api-key', 'x-custom-action': 'dev-action-key' };

export const APPROVED_CARD = '4575623182290326';
export const DECLINED_CARD = '4151611527583283';

export async function sandboxGet<T>(stack: Pick<Stack, 'sandboxUrl'>, path: string): Promise<T> {
  const response = await fetch(`${stack.sandboxUrl}/api/v1/${path}`, { headers: SANDBOX_HEADERS });
  if (!response.ok) throw new Error(`sandbox GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Showtimes from today on that start at least an hour from now, room id and seats. */
export async function upcomingShowtimes(stack: Stack): Promise<Array<{ id: number; room: number; format: string }>> {
  const movies = await sandboxGet<{ data: Movie[] }>(stack, 'movies/theater/viziona');
  const soon = Date.now() + 60 * 60_000;
  return movies.data
    .flatMap((movie) => movie.showtimes)
    .filter((showtime) => !hasShowtimeStarted(showtime.function_date, showtime.function_hour, soon))
    .map((showtime) => ({ id: showtime.id, room: showtime.room, format: showtime.movie_format }));
}

/**
 * Showtimes chosen by what a test needs, never by their place in a list that depends on the
 * hour: the format, the price zones of the room, and a start at least `minutesAhead` away.
 */
export async function showtimesWith(
  stack: Pick<Stack, 'sandboxUrl'>,
  need: { format?: string; zones?: string[]; minutesAhead?: number },
): Promise<Array<{ id: number; room: number; format: string }>> {
  const movies = await sandboxGet<{ data: Movie[] }>(stack, 'movies/theater/viziona');
  const from = Date.now() + (need.minutesAhead ?? 60) * 60_000;
  const candidates = movies.data
    .flatMap((movie) => movie.showtimes)
    .filter((showtime) => !hasShowtimeStarted(showtime.function_date, showtime.function_hour, from))
    .filter((showtime) => need.format === undefined || showtime.movie_format === need.format);
  const chosen: Array<{ id: number; room: number; format: string }> = [];
  for (const showtime of candidates) {
    if (need.zones) {
      const data = await sandboxGet<{ data: { prices: Array<{ zona: string; valor: number }> } }>(stack, `room/${showtime.id}`);
      const zones = new Set(data.data.prices.filter((price) => price.valor > 1).map((price) => price.zona));
      if (!need.zones.every((zone) => zones.has(zone))) continue;
    }
    chosen.push({ id: showtime.id, room: showtime.room, format: showtime.movie_format });
  }
  return chosen;
}

/** A showtime that has already started today (the seed keeps one). */
export async function startedShowtime(stack: Stack): Promise<number | null> {
  const movies = await sandboxGet<{ data: Movie[] }>(stack, 'movies/theater/viziona');
  const now = Date.now();
  const started = movies.data
    .flatMap((movie) => movie.showtimes)
    .find((showtime) => hasShowtimeStarted(showtime.function_date, showtime.function_hour, now));
  return started?.id ?? null;
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
  const setCookie = [response.headers['set-cookie']].flat().find((value) => typeof value === 'string' && value.startsWith('viziona_session='));
  if (response.statusCode !== 200 || typeof setCookie !== 'string') throw new Error(`login answered ${response.statusCode}: ${response.body}`);
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
  async hold(): Promise<HoldView | null> {
    return ((await this.send('GET', '/bff/booking/hold')).body as { hold: HoldView | null }).hold;
  }
}

export function seatsOf(view: BookingView): SeatCell[] {
  return view.seatMap.rows.flatMap((row) => row.cells.filter((cell): cell is SeatCell => cell.kind === 'seat'));
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

export type PaymentAnswer = PaymentResultView;

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
