import { describe, expect, it } from 'vitest';
import {
  LONELY_SEAT_MESSAGE,
  canAvoidLonelySeats,
  lonelySeatsLeft,
  lonelySeatsRefused,
} from '#shared/booking/lonely-seats.ts';
import { room } from './seat-rooms.ts';

describe('the lonely-seat rule (a selection may not leave one free seat alone)', () => {
  it('is worded as the issue gives it', () => {
    expect(LONELY_SEAT_MESSAGE).toBe(
      'Tu selección deja una silla sola. Elige la silla de al lado o deja un espacio de al menos dos.',
    );
  });

  const open = room('aaaaaaaa', 'aaaaaaaa');

  it('flags one free seat between a chosen seat and the row end', () => {
    expect(lonelySeatsLeft(open, 'General', ['A-2'])).toEqual(['A-1']);
    expect(lonelySeatsLeft(open, 'General', ['A-2', 'A-3'])).toEqual(['A-1']);
    expect(lonelySeatsLeft(open, 'General', ['A-7', 'A-6'])).toEqual(['A-8']);
  });

  it('flags one free seat between two chosen seats', () => {
    expect(lonelySeatsLeft(open, 'General', ['A-3', 'A-5'])).toEqual(['A-4']);
  });

  it('leaves alone a selection at the row end, or with two or more free seats beside it', () => {
    expect(lonelySeatsLeft(open, 'General', ['A-1'])).toEqual([]);
    expect(lonelySeatsLeft(open, 'General', ['A-3', 'A-4'])).toEqual([]);
    expect(lonelySeatsLeft(open, 'General', ['A-3', 'A-6'])).toEqual([]);
    expect(lonelySeatsLeft(open, 'General', [])).toEqual([]);
  });

  it('counts a taken seat, a wheelchair space and an aisle as an end', () => {
    const odd = room('oaaaa_aaaa', 'adaaaaaaaa');
    expect(lonelySeatsLeft(odd, 'General', ['A-3'])).toEqual(['A-2']);
    expect(lonelySeatsLeft(odd, 'General', ['A-4'])).toEqual(['A-5']);
    expect(lonelySeatsLeft(odd, 'General', ['A-7', 'A-8', 'A-9'])).toEqual(['A-6']);
    expect(lonelySeatsLeft(odd, 'General', ['B-4'])).toEqual(['B-3']);
    // B-1 was alone before anything was chosen: not this selection's doing.
    expect(lonelySeatsLeft(odd, 'General', ['B-3'])).toEqual([]);
  });

  it('counts a seat of another zone as an end, and the person’s own held seat as free', () => {
    const zones = room('G|aaaa', 'P|aaaa', 'G|mmaa');
    expect(lonelySeatsLeft(zones, 'Preferencial', ['B-2', 'B-3'])).toEqual(['B-1', 'B-4']);
    expect(lonelySeatsLeft(zones, 'General', ['C-3', 'C-4'])).toEqual([]);
    expect(lonelySeatsLeft(zones, 'General', ['C-2'])).toEqual(['C-1']);
  });

  it('refuses a lonely seat the person could avoid', () => {
    expect(lonelySeatsRefused(open, 'General', ['A-2'])).toEqual(['A-1']);
  });

  it('allows it when no choice of as many seats could avoid it (the last seats of a nearly full zone)', () => {
    // Two free seats together: one of them leaves the other alone, whichever.
    const lastTwo = room('oaaooo', 'oooooo');
    expect(canAvoidLonelySeats(lastTwo, 'General', 1)).toBe(false);
    expect(lonelySeatsRefused(lastTwo, 'General', ['A-2'])).toEqual([]);
    // Three together: two of them always leave one.
    const lastThree = room('ooaaao', 'oooooo');
    expect(canAvoidLonelySeats(lastThree, 'General', 2)).toBe(false);
    expect(lonelySeatsRefused(lastThree, 'General', ['A-3', 'A-4'])).toEqual([]);
    expect(canAvoidLonelySeats(lastThree, 'General', 3)).toBe(true);
  });

  it('refuses it again as soon as another part of the zone could take the seats without one', () => {
    // Three together in row A and one apart in row B: two seats as A-3 + B-4 leave nobody alone.
    const nearlyFull = room('ooaaao', 'oooaoo');
    expect(canAvoidLonelySeats(nearlyFull, 'General', 2)).toBe(true);
    expect(lonelySeatsRefused(nearlyFull, 'General', ['A-3', 'A-4'])).toEqual(['A-5']);
    expect(lonelySeatsRefused(nearlyFull, 'General', ['A-3', 'B-4'])).toEqual([]);
  });

  it('knows which counts a zone can give without a lonely seat', () => {
    // Runs of 4 and 2: 0-2 or 4 from the first, 0 or 2 from the second.
    const runs = room('aaaa_aa');
    expect([1, 2, 3, 4, 5, 6].map((count) => canAvoidLonelySeats(runs, 'General', count))).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(canAvoidLonelySeats(runs, 'Preferencial', 1)).toBe(false);
  });
});
