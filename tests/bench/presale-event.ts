import { HOME_THEATER } from '#shared/views/catalogue.ts';
import type { Movie } from '#shared/cinema-api/catalogue.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';
import type { Topology } from '../topology/stack.ts';
import { Operator } from '../topology/waiting-room.ts';

/**
 * A presale event of the benchmarks (`bench:presale`, `bench:memory`): one showtime two hours
 * ahead or more, created through the operators' API on a replica's operations port with its
 * sale already started, admitting `perMinute` a minute, without a captcha.
 */
export interface PresaleEvent {
  id: string;
  showtime: { id: number; slug: string };
  operator: Operator;
  /** The admission read a person's first visit asks: without cookies, a new place each. */
  arrivalUrl: string;
}

async function presaleShowtime(sandboxUrl: string): Promise<{ id: number; slug: string }> {
  const answer = await fetch(`${sandboxUrl}/api/v1/movies/theater/${HOME_THEATER}`, { headers: SANDBOX_HEADERS });
  const movies = ((await answer.json()) as { data: Movie[] }).data;
  const later = Date.now() + 2 * 60 * 60_000;
  for (const movie of movies) {
    const showtime = movie.showtimes.find((one) => !hasShowtimeStarted(one.function_date, one.function_hour, later));
    if (showtime) return { id: showtime.id, slug: movie.slug };
  }
  throw new Error('the sandbox has no showtime two hours ahead');
}

export async function openPresale(topology: Topology, perMinute: number): Promise<PresaleEvent> {
  const showtime = await presaleShowtime(topology.sandboxUrl);
  const operator = new Operator(`http://127.0.0.1:${topology.bffs[0].opsPort}`);
  const id = `bench-${Date.now().toString(36)}`;
  const now = Date.now();
  await operator.create({
    id,
    name: 'Preventa del benchmark',
    scope: { kind: 'showtimes', showtimeIds: [showtime.id] },
    preQueueStartsAt: now,
    saleStartsAt: now,
    maxBuyers: 1_000_000,
    admissionsPerMinute: perMinute,
    admissionTtlSeconds: 300,
    captcha: false,
  });
  // Every replica reads the event list every two seconds.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  return {
    id,
    showtime,
    operator,
    arrivalUrl: `${topology.url}/bff/waiting-room/showtimes/${showtime.id}/admission`,
  };
}

/**
 * The per-address bounds of the waiting room set for a benchmark whose every arrival comes from
 * one address, as an operator raises them for a load test or a network that queues together
 * (bff/decisions/waiting-room.md, "Places per address"); the product keeps its defaults.
 */
export const BENCH_ADDRESS_BOUNDS = {
  WAITING_ROOM_NEW_PLACES_PER_ADDRESS: '1000000',
  WAITING_ROOM_LIVE_PLACES_PER_ADDRESS: '1000000',
} as const;
