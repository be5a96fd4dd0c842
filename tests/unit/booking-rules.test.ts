import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from '#site/features/purchase/checkout/countdown.ts';
import { canAddCombos, canSelectAnotherSeat, clampComboQuantity } from '#shared/booking/limits.ts';
import { reservationErrorMessage } from '#site/features/purchase/reservation-error.ts';
import { hasShowtimeStarted, showtimeStartMs } from '#shared/booking/showtime-clock.ts';
import { computeTotals } from '#shared/booking/totals.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';

describe('reservation error message', () => {
  it('shows the server message as is', () => {
    expect(reservationErrorMessage('La función no admite más reservas')).toBe('La función no admite más reservas');
  });
  it('falls back to "Por favor, elige otro asiento" when the server says nothing', () => {
    expect(reservationErrorMessage(undefined)).toBe('Por favor, elige otro asiento');
    expect(reservationErrorMessage('   ')).toBe('Por favor, elige otro asiento');
    expect(reservationErrorMessage(null)).toBe('Por favor, elige otro asiento');
  });
  it('replaces "Unauthenticated." and any OCUPADA message', () => {
    expect(reservationErrorMessage('Unauthenticated.')).toBe('Las sillas ya están reservadas.');
    expect(reservationErrorMessage('La silla F7 está OCUPADA')).toBe('Las sillas ya están reservadas.');
    expect(reservationErrorMessage('silla ocupada')).toBe('Las sillas ya están reservadas.');
  });
});

describe('countdown', () => {
  it('formats seconds as hh:mm:ss', () => {
    expect(formatCountdown(600)).toBe('00:10:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3661)).toBe('01:01:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(9.7)).toBe('00:00:09');
  });
  it('counts whole seconds left and never goes below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});

describe('showtime started (America/Bogota)', () => {
  // 2026-11-20 19:30 in Bogota is 2026-11-21 00:30 UTC.
  const start = Date.UTC(2026, 10, 21, 0, 30);
  it('reads date and hour as Bogota wall time', () => {
    expect(showtimeStartMs('2026-11-20', '19:30:00')).toBe(start);
    expect(showtimeStartMs('2026-11-20', '19:30')).toBe(start);
  });
  it('is started from the minute it begins, not before', () => {
    expect(hasShowtimeStarted('2026-11-20', '19:30:00', start - 1)).toBe(false);
    expect(hasShowtimeStarted('2026-11-20', '19:30:00', start)).toBe(true);
    expect(hasShowtimeStarted('2026-11-20', '19:30:00', start + 60_000)).toBe(true);
  });
  it('treats an unreadable date or hour as started', () => {
    expect(hasShowtimeStarted('mañana', '19:30', 0)).toBe(true);
    expect(hasShowtimeStarted('2026-11-20', 'tarde', 0)).toBe(true);
  });
});

describe('limits', () => {
  it('allows seats up to the maximum', () => {
    expect(canSelectAnotherSeat(0, 2)).toBe(true);
    expect(canSelectAnotherSeat(1, 2)).toBe(true);
    expect(canSelectAnotherSeat(2, 2)).toBe(false);
  });
  it('allows combos in total up to the maximum', () => {
    expect(canAddCombos(3, 1, 4)).toBe(true);
    expect(canAddCombos(4, 1, 4)).toBe(false);
    expect(canAddCombos(2, 3, 4)).toBe(false);
  });
  it('keeps the stepper at 1 or more', () => {
    expect(clampComboQuantity(0)).toBe(1);
    expect(clampComboQuantity(-3)).toBe(1);
    expect(clampComboQuantity(2.6)).toBe(2);
    expect(clampComboQuantity(Number.NaN)).toBe(1);
  });
  it('words the limits as the spec does', () => {
    expect(BOOKING_TEXTS.seatLimit(10)).toBe('Solo puedes seleccionar 10 asientos.');
    expect(BOOKING_TEXTS.comboLimit(10)).toBe('Solo puedes seleccionar 10 combos en total.');
  });
});

describe('totals', () => {
  it('adds tickets, snacks and the service fees per seat and per combo', () => {
    const totals = computeTotals({
      seats: 3,
      ticketUnitPrice: 14_000,
      ticketSavingPerSeat: 4_000,
      snacks: [
        { unitPrice: 30_000, quantity: 2, savingPerUnit: 2_000 },
        { unitPrice: 8_000, quantity: 1 },
      ],
      fees: { ticket: 1_500, snack: 1_000 },
    });
    expect(totals).toEqual({
      seats: 3,
      combos: 3,
      tickets: 42_000,
      snacks: 68_000,
      service: 3 * 1_500 + 3 * 1_000,
      subtotal: 110_000,
      total: 110_000 + 7_500,
      saving: 3 * 4_000 + 2 * 2_000,
    });
  });
  it('is zero for an empty cart and never negative', () => {
    const totals = computeTotals({
      seats: 0,
      ticketUnitPrice: 10_000,
      ticketSavingPerSeat: -5,
      snacks: [],
      fees: { ticket: 1, snack: 1 },
    });
    expect(totals.total).toBe(0);
    expect(totals.saving).toBe(0);
  });
});
