/**
 * Step 0: the room as it is now (the booking view, its seats kept live), the price zone and the
 * seats the person picks (by hand, or 'Elegir las mejores sillas'), and the picked seats someone
 * else took meanwhile. 'Continuar con la compra' asks the BFF to hold them (`hold.ts`), unless
 * they would leave a seat alone.
 */
import { atom, computed } from 'nanostores';
import { bestSeats } from '#shared/booking/best-seats.ts';
import { canSelectAnotherSeat } from '#shared/booking/limits.ts';
import { lonelySeatsRefused } from '#shared/booking/lonely-seats.ts';
import { reservationErrorMessage } from '../reservation-error.ts';
import { applySeatStates, isSelectable, seatsById, withMySeats } from '#shared/booking/seat-map.ts';
import { hasShowtimeStarted } from '#shared/booking/showtime-clock.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { BookingView, HoldView, SeatMap, ZoneOffer } from '#shared/views/booking.ts';
import { WAITING_ROOM_CODES } from '#shared/views/error-codes.ts';
import { openStatusModal, withSpinner } from '#site/components/feedback-stores.ts';
import { callBff } from '#site/lib/bff-browser.ts';
import { routes } from '#site/lib/routes.ts';
import { hasCode } from '#site/lib/bff-error.ts';
import { backToWaitingRoom } from '../waiting-room-return.ts';
import { rememberSeatCount } from '../seat-map/seat-count-memory.ts';
import type { HoldStore } from './hold.ts';

export function createSeatsStore(initial: BookingView, hold: HoldStore) {
  const showtimeId = initial.showtime.id;
  const $view = atom<BookingView>(initial);
  /** Seat states as the room status says (live), before the person's own hold is overlaid. */
  const $baseMap = atom<SeatMap>(initial.seatMap);
  const $zone = atom<string | null>(initial.hold?.zone ?? initial.zones[0]?.zone ?? null);
  const $selected = atom<readonly string[]>(initial.hold?.seats ?? []);
  /** Picked seats that someone else took (a live update, a refused hold), until the pick changes. */
  const $seatsGone = atom<readonly string[]>([]);

  /** What the map shows: the live states with the person's held seats as theirs. */
  const $seatMap = computed([$baseMap, hold.$hold], (base, held) => withMySeats(base, new Set(held?.seats ?? [])));
  /** At least one seat picked: changes on the first pick and the last drop, not on every tap. */
  const $someSelected = computed($selected, (selected) => selected.length > 0);
  /** The map's seats by id, built once per map change rather than on every click. */
  const $seatsById = computed($seatMap, seatsById);
  const $zoneOffer = computed(
    [$view, $zone],
    (view, zone): ZoneOffer | null => view.zones.find((offer) => offer.zone === zone) ?? null,
  );

  const picking = () => hold.$step.get() === 0;

  /**
   * Drops picked seats that can no longer be picked (taken meanwhile, or outside the zone); the
   * ones taken are named where the person looks (`$seatsGone`).
   */
  function keepPickable(map: SeatMap): void {
    const seats = seatsById(map);
    const zone = $zone.get();
    const kept: string[] = [];
    const taken: string[] = [];
    for (const id of $selected.get()) {
      const cell = seats.get(id);
      if (cell !== undefined && isSelectable(cell, zone)) kept.push(id);
      else if (cell?.zone === zone) taken.push(id);
    }
    if (kept.length === $selected.get().length) return;
    $selected.set(kept);
    if (taken.length > 0) $seatsGone.set([...$seatsGone.get().filter((id) => !taken.includes(id)), ...taken]);
  }

  /** The person's pick changed: a notice of seats taken before it is stale. */
  function pick(seats: readonly string[]): void {
    $selected.set(seats);
    if ($seatsGone.get().length > 0) $seatsGone.set([]);
  }

  function adopt(view: BookingView): void {
    $view.set(view);
    $baseMap.set(view.seatMap);
    if (!view.zones.some((offer) => offer.zone === $zone.get())) $zone.set(view.zones[0]?.zone ?? null);
    keepPickable(view.seatMap);
  }

  /** Reads the showtime again (after a reset, a refusal or a hold lost elsewhere). */
  async function refetch(): Promise<void> {
    const answer = await callBff('GET /booking/:showtimeId', { params: { showtimeId } });
    if (answer.ok) {
      hold.adopt(answer.data.hold);
      adopt(answer.data);
    } else if (answer.status === 404) window.location.assign(routes.notFound);
    else console.error('booking view refetch failed', answer.failure.code);
  }

  /** A live update of the room: one letter per cell per row (see shared/booking/seat-map.ts). */
  function applyLiveRows(rows: readonly string[]): void {
    const next = applySeatStates($baseMap.get(), rows);
    if (next === $baseMap.get()) return;
    $baseMap.set(next);
    // A seat someone else just took can no longer be picked.
    if (picking()) keepPickable(next);
  }

  function selectZone(zone: string): void {
    if (!picking() || zone === $zone.get()) return;
    $zone.set(zone);
    pick([]);
  }

  function toggleSeat(id: string): void {
    if (!picking()) return;
    const selected = $selected.get();
    if (selected.includes(id)) {
      pick(selected.filter((seat) => seat !== id));
      return;
    }
    const cell = $seatsById.get().get(id);
    if (!cell || !isSelectable(cell, $zone.get())) return;
    const max = $view.get().maxSeats;
    if (!canSelectAnotherSeat(selected.length, max)) {
      openStatusModal({
        type: 'warning',
        title: BOOKING_TEXTS.seatLimitTitle,
        subtitle: BOOKING_TEXTS.seatLimit(max),
        actionLabel: 'Ok',
      });
      return;
    }
    pick([...selected, id]);
  }

  /**
   * 'Elegir las mejores sillas': `count` seats of the zone picked as if clicked (the person may
   * change any). Answers the message to show when the zone has no room for them.
   */
  function pickBest(count: number, besideWheelchairSpace: boolean): string | null {
    const zone = $zone.get();
    if (!picking() || zone === null) return null;
    const best = bestSeats($seatMap.get(), {
      zone,
      count: Math.min(count, $view.get().maxSeats),
      besideWheelchairSpace,
    });
    if (!best.found) return best.message;
    pick(best.seats);
    return null;
  }

  /** The seats the pick would leave alone when the single-seat rule applies (`lonely-seats.ts`). */
  function lonelySeats(): string[] {
    const zone = $zone.get();
    if (!$view.get().lonelySeatRule || zone === null) return [];
    return lonelySeatsRefused($seatMap.get(), zone, $selected.get());
  }

  function showStarted(): void {
    openStatusModal({
      type: 'warning',
      title: BOOKING_TEXTS.startedTitle,
      subtitle: BOOKING_TEXTS.started,
      actionLabel: 'Ok',
    });
  }

  /** 'Continuar con la compra': the picked seats are held, and step 1 comes. */
  async function continuePurchase(): Promise<void> {
    const { showtime } = $view.get();
    const zone = $zone.get();
    const seats = $selected.get();
    if (zone === null || seats.length === 0 || lonelySeats().length > 0) return;
    if (hasShowtimeStarted(showtime.date, showtime.hour, Date.now())) {
      showStarted();
      return;
    }
    const answer = await withSpinner(BOOKING_TEXTS.reservingSpinner, () =>
      callBff('POST /booking/:showtimeId/reserve', { params: { showtimeId }, body: { zone, seats: [...seats] } }),
    );
    if (answer.ok) {
      rememberSeatCount(answer.data.hold.seats.length);
      pick(answer.data.hold.seats);
      hold.take(answer.data.hold);
      return;
    }
    if (answer.failure.code === 'SHOWTIME_STARTED') {
      showStarted();
      return;
    }
    if (hasCode(answer.failure, WAITING_ROOM_CODES)) {
      backToWaitingRoom();
      return;
    }
    openStatusModal({
      type: 'error',
      title: BOOKING_TEXTS.reserveErrorTitle,
      subtitle: reservationErrorMessage(answer.failure.message),
      actionLabel: 'Ok',
      // The room read again: the picked seats someone took leave the pick, named under the map;
      // the others stay picked (issue 22), so the person only replaces what was lost.
      onAction: () => void refetch(),
    });
  }

  return {
    $view,
    $seatMap,
    $zone,
    $zoneOffer,
    $selected,
    $someSelected,
    $seatsGone,
    refetch,
    applyLiveRows,
    selectZone,
    toggleSeat,
    pickBest,
    continuePurchase,
    /** The seats held elsewhere shown as this page's pick: their zone and seats. */
    showHeld: (held: HoldView) => {
      $zone.set(held.zone);
      pick(held.seats);
    },
    clearSelection: () => pick([]),
  };
}

export type SeatsStore = ReturnType<typeof createSeatsStore>;
