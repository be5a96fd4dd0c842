import { describe, expect, it } from 'vitest';
import { admissionsDue, bucketCapacity, openingBucket, refill } from '#shared/waiting-room/admission.ts';
import {
  applyAction,
  coversShowtime,
  governingEvent,
  holdsPurchases,
  phaseOf,
  type WaitingRoomEvent,
} from '#shared/waiting-room/event.ts';
import { estimatedWaitSeconds, progressOf, waitText } from '#shared/waiting-room/estimate.ts';
import {
  ARRIVAL_SETTLE_MS,
  admissibleScoreBelow,
  arrivalScore,
  isPreQueueScore,
} from '#shared/waiting-room/ordering.ts';
import {
  PURCHASE_WINDOW_SECONDS,
  RETURN_GRACE_SECONDS,
  isAbandoned,
  passDeadline,
} from '#shared/waiting-room/passes.ts';
import { freeSeatCount, isSoldOut, nextShowtimes } from '#shared/waiting-room/sold-out.ts';

const SALE = Date.parse('2026-12-01T10:00:00-05:00');
const minute = 60_000;

const event = (overrides: Partial<WaitingRoomEvent> = {}): WaitingRoomEvent => ({
  id: 'fiesta-del-cine',
  name: 'Fiesta del Cine',
  scope: { kind: 'all' },
  preQueueStartsAt: SALE - 30 * minute,
  saleStartsAt: SALE,
  maxBuyers: 500,
  admissionsPerMinute: 300,
  admissionTtlSeconds: 300,
  captcha: false,
  state: 'scheduled',
  createdAt: SALE - 60 * minute,
  ...overrides,
});

describe('the order of the queue', () => {
  it('gives an arrival before the sale its draw, whenever it came: 09:40 and 09:59:59 are the same', () => {
    expect(arrivalScore(SALE - 20 * minute, SALE, 0.42)).toBe(0.42);
    expect(arrivalScore(SALE - 1_000, SALE, 0.42)).toBe(0.42);
    expect(isPreQueueScore(arrivalScore(SALE - 1, SALE, 0.999))).toBe(true);
  });

  it('shuffles the pre-queue at the opening: its order is the draws', () => {
    // Ten people arrive one a minute before the sale, each with a draw.
    const draws = [0.71, 0.05, 0.33, 0.98, 0.5, 0.12, 0.64, 0.27, 0.86, 0.41];
    const arrivals = draws.map((draw, index) => ({
      index,
      score: arrivalScore(SALE - (10 - index) * minute, SALE, draw),
    }));
    const order = [...arrivals].sort((a, b) => a.score - b.score).map((arrival) => arrival.index);
    expect(order).toEqual([1, 5, 7, 2, 9, 4, 6, 0, 8, 3]);
    expect(order).not.toEqual(arrivals.map((arrival) => arrival.index));
  });

  it('puts everybody after the opening behind the pre-queue, first come first served, whatever their draw', () => {
    const before = arrivalScore(SALE - 1, SALE, 0.999);
    const first = arrivalScore(SALE, SALE, 0.999);
    const second = arrivalScore(SALE + 1, SALE, 0);
    const third = arrivalScore(SALE + 60_000, SALE, 0.5);
    expect(before).toBeLessThan(first);
    expect(first).toBeLessThan(second);
    expect(second).toBeLessThan(third);
    expect(() => arrivalScore(SALE, SALE, 1)).toThrow(RangeError);
  });

  it('admits an arrival after the opening only once every earlier arrival was surely written', () => {
    const at = SALE + 5_000;
    const below = admissibleScoreBelow(at, SALE);
    expect(arrivalScore(at - ARRIVAL_SETTLE_MS - 1, SALE, 0)).toBeLessThan(below);
    expect(arrivalScore(at - ARRIVAL_SETTLE_MS + 1, SALE, 0)).toBeGreaterThan(below);
    expect(admissibleScoreBelow(SALE, SALE)).toBe(1);
  });
});

describe('admissions', () => {
  it('fill at the configured rate, at most two seconds of it, and never from a clock that went back', () => {
    expect(bucketCapacity(600)).toBe(20);
    expect(bucketCapacity(10)).toBe(1);
    const bucket = { tokens: 0, at: SALE };
    expect(refill(bucket, SALE + 1_000, 600).tokens).toBeCloseTo(10);
    expect(refill(bucket, SALE + 60_000, 600).tokens).toBe(20);
    expect(refill({ tokens: 5, at: SALE }, SALE - 1_000, 600)).toEqual({ tokens: 5, at: SALE });
  });

  it('start empty at the opening, with nothing stored up from before it', () => {
    expect(openingBucket(SALE + 500, SALE, 600).tokens).toBeCloseTo(5);
    expect(openingBucket(SALE + 60 * minute, SALE, 600).tokens).toBe(20);
  });

  it('take whole people, within the buyers still allowed', () => {
    expect(admissionsDue(7.9, 100, 10)).toBe(7);
    expect(admissionsDue(7.9, 12, 10)).toBe(2);
    expect(admissionsDue(7.9, 10, 12)).toBe(0);
  });
});

describe('passes and places', () => {
  it('end unused after the admission time, used after the purchase window from the first hold', () => {
    expect(passDeadline({ admittedAt: SALE, firstUsedAt: null }, 300)).toBe(SALE + 300_000);
    expect(passDeadline({ admittedAt: SALE, firstUsedAt: SALE + 60_000 }, 300)).toBe(
      SALE + 60_000 + PURCHASE_WINDOW_SECONDS * 1000,
    );
    expect(passDeadline({ admittedAt: SALE, firstUsedAt: SALE + 1 }, 3_600)).toBe(SALE + 3_600_000);
  });

  it('are kept by a person who comes back within the grace period', () => {
    const grace = RETURN_GRACE_SECONDS * 1000;
    expect(isAbandoned(SALE, SALE + grace)).toBe(false);
    expect(isAbandoned(SALE, SALE + grace + 1)).toBe(true);
  });
});

describe('the estimate', () => {
  it('comes from the measured rate, and says so when there is none', () => {
    expect(estimatedWaitSeconds(0, null)).toBe(0);
    expect(estimatedWaitSeconds(120, 60)).toBe(120);
    expect(estimatedWaitSeconds(120, null)).toBeNull();
    expect(estimatedWaitSeconds(120, 0)).toBeNull();
    expect(waitText(null)).toBe('aún no la sabemos: la fila todavía no avanza');
    expect(waitText(30)).toBe('menos de un minuto');
    expect(waitText(80)).toBe('un minuto');
    expect(waitText(12 * 60)).toBe('unos 12 minutos');
    expect(waitText(80 * 60)).toBe('alrededor de 1 h 20 min');
    expect(waitText(120 * 60)).toBe('alrededor de 2 h');
  });

  it('shows how far a person has come since their place was first read', () => {
    expect(progressOf(100, 100)).toBe(0);
    expect(progressOf(25, 100)).toBe(0.75);
    expect(progressOf(0, 100)).toBe(1);
    expect(progressOf(5, 0)).toBe(1);
    expect(progressOf(150, 100)).toBe(0);
  });
});

describe('sold out', () => {
  const seat = (state: 'S' | 'R' | 'O' | 'V') => ({ Columna: 1, EstadoSilla: state, TipoSilla: 'N' });
  it('is a showtime without a free seat (a seat held by someone else is not free)', () => {
    expect(freeSeatCount([{ DescripcionSilla: [seat('S'), seat('O'), seat('V'), seat('S')] }])).toBe(2);
    expect(isSoldOut(freeSeatCount([{ DescripcionSilla: [seat('O'), seat('V'), seat('R')] }]))).toBe(true);
  });

  it('offers the soonest showtimes of the movie that have not started and have seats', () => {
    const now = Date.parse('2026-12-01T18:00:00-05:00');
    const showtime = (id: number, date: string, hour: string, seats: number) => ({
      id,
      function_date: date,
      function_hour: hour,
      seats,
    });
    const offered = nextShowtimes(
      [
        showtime(1, '2026-12-01', '19:00:00', 40),
        showtime(2, '2026-12-01', '17:00:00', 40),
        showtime(3, '2026-12-02', '15:00:00', 40),
        showtime(4, '2026-12-01', '21:00:00', 0),
        showtime(5, '2026-12-01', '20:30:00', 12),
        showtime(6, '2026-12-03', '15:00:00', 40),
        showtime(7, '2026-12-01', '18:30:00', 40),
      ],
      7,
      now,
    );
    expect(offered.map((entry) => entry.id)).toEqual([1, 5, 3]);
  });
});

describe('events', () => {
  it('hold purchases from the pre-queue start until they end, and admit only while selling', () => {
    expect(phaseOf(event(), SALE - 31 * minute)).toBe('before');
    expect(phaseOf(event(), SALE - 1)).toBe('prequeue');
    expect(phaseOf(event(), SALE)).toBe('selling');
    expect(phaseOf(event({ state: 'paused' }), SALE + minute)).toBe('paused');
    expect(phaseOf(event({ state: 'free' }), SALE - 31 * minute)).toBe('free');
    expect(phaseOf(event({ state: 'ended' }), SALE)).toBe('ended');
    expect(
      ['before', 'prequeue', 'selling', 'paused', 'free', 'ended'].map((phase) => holdsPurchases(phase as never)),
    ).toEqual([false, true, true, true, false, false]);
  });

  it('cover all showtimes, some showtimes or every showtime of some movies', () => {
    const ref = { showtimeId: 7, movieSlug: 'avengers-endgame' };
    expect(coversShowtime({ kind: 'all' }, ref)).toBe(true);
    expect(coversShowtime({ kind: 'showtimes', showtimeIds: [7, 8] }, ref)).toBe(true);
    expect(coversShowtime({ kind: 'showtimes', showtimeIds: [8] }, ref)).toBe(false);
    expect(coversShowtime({ kind: 'movies', movieSlugs: ['avengers-endgame'] }, ref)).toBe(true);
    expect(
      coversShowtime({ kind: 'movies', movieSlugs: ['avengers-endgame'] }, { showtimeId: 7, movieSlug: null }),
    ).toBe(false);
  });

  it('leave a showtime to the earliest created event that holds it now', () => {
    const older = event({ id: 'a', createdAt: 1, scope: { kind: 'showtimes', showtimeIds: [7] } });
    const newer = event({ id: 'b', createdAt: 2 });
    const notYet = event({ id: 'c', createdAt: 0, preQueueStartsAt: SALE + minute, saleStartsAt: SALE + 2 * minute });
    const ref = { showtimeId: 7, movieSlug: null };
    expect(governingEvent([newer, older, notYet], ref, SALE)?.id).toBe('a');
    expect(governingEvent([newer, older], { showtimeId: 8, movieSlug: null }, SALE)?.id).toBe('b');
    expect(governingEvent([notYet], ref, SALE)).toBeNull();
  });

  it("follow the operators' actions", () => {
    const opened = applyAction(event(), 'open', SALE - 5 * minute);
    expect(opened).toMatchObject({ ok: true, event: { state: 'open', saleStartsAt: SALE - 5 * minute } });
    const paused = applyAction(event({ state: 'open' }), 'pause', SALE);
    expect(paused).toMatchObject({ ok: true, event: { state: 'paused' } });
    expect(applyAction(event({ state: 'paused' }), 'resume', SALE - minute)).toMatchObject({
      event: { state: 'scheduled' },
    });
    expect(applyAction(event({ state: 'paused' }), 'resume', SALE + minute)).toMatchObject({
      event: { state: 'open' },
    });
    expect(applyAction(event({ state: 'open' }), 'resume', SALE)).toMatchObject({ ok: false });
    expect(applyAction(event({ state: 'free' }), 'pause', SALE)).toMatchObject({ ok: false });
    expect(applyAction(event({ state: 'ended' }), 'free', SALE)).toMatchObject({ ok: false });
    expect(applyAction(event(), 'end', SALE)).toMatchObject({ ok: true, event: { state: 'ended' } });
  });
});
