/**
 * The purchase screen's state and the actions that change it (document 2, sections 4 and
 * 5). One state object per page, created from the server's booking view when the island
 * starts (server renders never share it); the island's components read its atoms with
 * `useStore` and change them only through its actions. The payment submissions are in
 * `payment/actions.ts`, apart, so the club page's island does not load this screen's code.
 */
import { atom, computed } from 'nanostores';
import { RESERVATION_HOLD_SECONDS } from '../../../shared/booking/constants.ts';
import { canAddCombos, canSelectAnotherSeat, clampComboQuantity } from '../../../shared/booking/limits.ts';
import { reservationErrorMessage } from '../../../shared/booking/reservation-error.ts';
import { applySeatStates, isSelectable, seatsById, withMySeats } from '../../../shared/booking/seat-map.ts';
import { hasShowtimeStarted } from '../../../shared/booking/showtime-clock.ts';
import { cartLineKey, isRecipeComplete } from '../../../shared/booking/snacks.ts';
import { BOOKING_TEXTS } from '../../../shared/booking/texts.ts';
import { countCombos, computeTotals, type Totals } from '../../../shared/booking/totals.ts';
import type {
  BookingView,
  CancelBody,
  CancelView,
  HoldEvent,
  HoldView,
  PayBrandView,
  ReserveView,
  SeatMap,
  SnackOffer,
  ZoneOffer,
} from '../../../shared/views/booking.ts';
import { bffGet, bffPost } from '../../lib/bff-browser.ts';
import { routes } from '../../lib/routes.ts';
import { openStatusModal, withSpinner } from '../../components/feedback-stores.ts';
import type { BffFailure } from '../../lib/bff-error.ts';
import { PURCHASE_TEXTS } from './texts.ts';

export interface CartItem {
  key: string;
  offer: SnackOffer;
  quantity: number;
  /** Chosen option code per recipe group. */
  choices: string[];
}

export function createPurchaseState(initial: BookingView) {
  const showtimeId = initial.showtime.id;
  const $view = atom<BookingView>(initial);
  /** Seat states as the room status says (live), before the person's own hold is overlaid. */
  const $baseMap = atom<SeatMap>(initial.seatMap);
  const $hold = atom<HoldView | null>(initial.hold);
  const $step = atom<0 | 1>(initial.hold ? 1 : 0);
  const $zone = atom<string | null>(initial.hold?.zone ?? initial.zones[0]?.zone ?? null);
  const $selected = atom<readonly string[]>(initial.hold?.seats ?? []);
  const $deadline = atom<number | null>(null);
  const $secondsLeft = atom<number>(initial.hold?.secondsLeft ?? RESERVATION_HOLD_SECONDS);
  const $cart = atom<readonly CartItem[]>([]);
  const $checkoutOpen = atom(false);
  const $payBrand = atom<PayBrandView | null>(null);
  const $comboOffer = atom<SnackOffer | null>(null);
  /** Set while the page leaves for a payment outcome: the hold must not be released then. */
  let leavingForPayment = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** What the map shows: the live states with the person's held seats as theirs. */
  const $seatMap = computed([$baseMap, $hold], (base, hold) => withMySeats(base, new Set(hold?.seats ?? [])));
  /** The map's seats by id, built once per map change rather than on every click. */
  const $seatsById = computed($seatMap, seatsById);
  const $zoneOffer = computed([$view, $zone], (view, zone): ZoneOffer | null => view.zones.find((offer) => offer.zone === zone) ?? null);
  const $totals = computed([$view, $zoneOffer, $selected, $cart], (view, offer, selected, cart): Totals =>
    computeTotals({
      seats: selected.length,
      ticketUnitPrice: offer?.price ?? 0,
      ticketSavingPerSeat: offer?.isMemberPrice ? offer.savingPerTicket : 0,
      snacks: cart.map((item) => ({ unitPrice: item.offer.price, quantity: item.quantity, savingPerUnit: item.offer.savingPerUnit })),
      fees: view.fees,
    }),
  );

  // ---- timer --------------------------------------------------------------------------

  function stopTimer(): void {
    if (timer) clearInterval(timer);
    timer = null;
    $deadline.set(null);
    $secondsLeft.set(RESERVATION_HOLD_SECONDS);
  }

  function tick(): void {
    const deadline = $deadline.get();
    if (deadline === null) return;
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    $secondsLeft.set(left);
    if (left === 0) {
      stopTimer();
      openStatusModal({
        type: 'warning',
        title: BOOKING_TEXTS.expiredTitle,
        subtitle: BOOKING_TEXTS.expired,
        actionLabel: 'Ok',
        onAction: () => void resetPurchase(),
      });
    }
  }

  function startTimer(seconds: number): void {
    if (timer) clearInterval(timer);
    $deadline.set(Date.now() + seconds * 1000);
    $secondsLeft.set(seconds);
    timer = setInterval(tick, 1000);
  }

  // ---- data ---------------------------------------------------------------------------

  function adopt(view: BookingView): void {
    $view.set(view);
    $baseMap.set(view.seatMap);
    $hold.set(view.hold);
    if (!view.zones.some((offer) => offer.zone === $zone.get())) $zone.set(view.zones[0]?.zone ?? null);
    const seats = seatsById(view.seatMap);
    const zone = $zone.get();
    $selected.set($selected.get().filter((id) => {
      const cell = seats.get(id);
      return cell !== undefined && isSelectable(cell, zone);
    }));
  }

  async function refetch(): Promise<void> {
    const answer = await bffGet<BookingView>(`/booking/${showtimeId}`);
    if (answer.ok) adopt(answer.data);
    else if (answer.status === 404) window.location.assign(routes.notFound);
    else console.error('booking view refetch failed', answer.failure.code);
  }

  /** A live update of the room: one letter per cell per row (see shared/booking/seat-map.ts). */
  function applyLiveRows(rows: readonly string[]): void {
    const next = applySeatStates($baseMap.get(), rows);
    if (next === $baseMap.get()) return;
    $baseMap.set(next);
    if ($step.get() !== 0) return;
    // A seat someone else just took can no longer be picked.
    const seats = seatsById(next);
    const zone = $zone.get();
    const kept = $selected.get().filter((id) => {
      const cell = seats.get(id);
      return cell !== undefined && isSelectable(cell, zone);
    });
    if (kept.length !== $selected.get().length) $selected.set(kept);
  }

  // ---- step 0 -------------------------------------------------------------------------

  function selectZone(zone: string): void {
    if ($step.get() !== 0 || zone === $zone.get()) return;
    $zone.set(zone);
    $selected.set([]);
  }

  function toggleSeat(id: string): void {
    if ($step.get() !== 0) return;
    const selected = $selected.get();
    if (selected.includes(id)) {
      $selected.set(selected.filter((seat) => seat !== id));
      return;
    }
    const cell = $seatsById.get().get(id);
    if (!cell || !isSelectable(cell, $zone.get())) return;
    const max = $view.get().maxSeats;
    if (!canSelectAnotherSeat(selected.length, max)) {
      openStatusModal({ type: 'warning', title: BOOKING_TEXTS.seatLimitTitle, subtitle: BOOKING_TEXTS.seatLimit(max), actionLabel: 'Ok' });
      return;
    }
    $selected.set([...selected, id]);
  }

  function showStarted(): void {
    openStatusModal({ type: 'warning', title: BOOKING_TEXTS.startedTitle, subtitle: BOOKING_TEXTS.started, actionLabel: 'Ok' });
  }

  async function continuePurchase(): Promise<void> {
    const { showtime } = $view.get();
    const zone = $zone.get();
    const seats = $selected.get();
    if (zone === null || seats.length === 0) return;
    if (hasShowtimeStarted(showtime.date, showtime.hour, Date.now())) {
      showStarted();
      return;
    }
    const answer = await withSpinner(BOOKING_TEXTS.reservingSpinner, () =>
      bffPost<ReserveView>(`/booking/${showtimeId}/reserve`, { zone, seats }),
    );
    if (answer.ok) {
      $hold.set(answer.data.hold);
      $selected.set(answer.data.hold.seats);
      $step.set(1);
      startTimer(answer.data.hold.secondsLeft);
      return;
    }
    if (answer.failure.code === 'SHOWTIME_STARTED') {
      showStarted();
      return;
    }
    openStatusModal({
      type: 'error',
      title: BOOKING_TEXTS.reserveErrorTitle,
      subtitle: reservationErrorMessage(answer.failure.message),
      actionLabel: 'Ok',
      onAction: () => {
        $selected.set([]);
        void refetch();
      },
    });
  }

  // ---- reset --------------------------------------------------------------------------

  /**
   * 'Cambiar datos anteriores', the timer's end: stop the timer, back to step 0, no snacks,
   * the hold released, the showtime read again.
   */
  async function resetPurchase(): Promise<void> {
    stopTimer();
    $step.set(0);
    $cart.set([]);
    $checkoutOpen.set(false);
    $payBrand.set(null);
    $comboOffer.set(null);
    if ($hold.get()) {
      $hold.set(null);
      await bffPost<CancelView>('/booking/cancel', { showtimeId } satisfies CancelBody);
    }
    await refetch();
  }

  /**
   * Leaving the page (unless it leaves for a payment outcome): the BFF releases the hold a few
   * seconds later, unless another page showing it (a duplicate tab, this page reloaded) claims it.
   */
  function releaseOnLeave(): void {
    if (leavingForPayment || !$hold.get()) return;
    $hold.set(null);
    stopTimer();
    void bffPost<CancelView>('/booking/cancel', { showtimeId, leaving: true } satisfies CancelBody, { keepalive: true });
  }

  /**
   * The person's hold as the BFF has it now (the live stream's `hold` event): this page shows
   * the truth. A hold on this showtime made or changed elsewhere is adopted with the server's
   * remaining time; a hold released, paid or moved to another showtime elsewhere takes the
   * page back to the seats with a message; a hold another page left is claimed.
   */
  function applyHoldEvent(event: HoldEvent): void {
    if (leavingForPayment) return;
    const mine = $hold.get();
    const server = event.hold;
    if (server) {
      if (event.leaving && mine) void bffPost<{ kept: boolean }>('/booking/hold/keep', { showtimeId });
      const sameSeats = mine !== null && mine.seats.join('|') === server.seats.join('|');
      if (sameSeats && Math.abs(server.secondsLeft - $secondsLeft.get()) <= 3) return;
      $hold.set(server);
      $zone.set(server.zone);
      $selected.set(server.seats);
      if (!sameSeats) $cart.set([]);
      $step.set(1);
      startTimer(server.secondsLeft);
      return;
    }
    if (!mine) return;
    stopTimer();
    $hold.set(null);
    $step.set(0);
    $selected.set([]);
    $cart.set([]);
    $checkoutOpen.set(false);
    $payBrand.set(null);
    $comboOffer.set(null);
    openStatusModal({
      type: 'warning',
      title: PURCHASE_TEXTS.holdGoneTitle,
      subtitle: event.elsewhere ? PURCHASE_TEXTS.holdElsewhere(event.elsewhere) : PURCHASE_TEXTS.holdReleased,
      actionLabel: 'Ok',
      onAction: () => void refetch(),
    });
  }

  /** Back from the browser's page cache after leaving: the hold was released, start over. */
  function resumeAfterLeave(): void {
    leavingForPayment = false;
    $step.set(0);
    $cart.set([]);
    $checkoutOpen.set(false);
    $payBrand.set(null);
    void refetch();
  }

  // ---- step 1: snacks -----------------------------------------------------------------

  function comboLimitReached(adding: number): boolean {
    const max = $view.get().maxSeats;
    if (canAddCombos(countCombos($cart.get()), adding, max)) return false;
    openStatusModal({ type: 'warning', title: BOOKING_TEXTS.comboLimitTitle, subtitle: BOOKING_TEXTS.comboLimit(max), actionLabel: 'Ok' });
    return true;
  }

  function addToCart(offer: SnackOffer, choices: string[] = []): boolean {
    if (offer.groups.length > 0 && !isRecipeComplete(offer, choices)) {
      openStatusModal({ type: 'warning', title: BOOKING_TEXTS.incompleteCombo, actionLabel: 'Ok' });
      return false;
    }
    if (comboLimitReached(1)) return false;
    const key = cartLineKey({ code: offer.code, choices });
    const cart = $cart.get();
    const existing = cart.find((item) => item.key === key);
    $cart.set(
      existing
        ? cart.map((item) => (item.key === key ? { ...item, quantity: item.quantity + 1 } : item))
        : [...cart, { key, offer, quantity: 1, choices }],
    );
    return true;
  }

  /** 'Agregar al carrito' of the carousel: combos open their dialog, products go in at once. */
  function chooseSnack(offer: SnackOffer): void {
    if (offer.groups.length > 0) {
      $comboOffer.set(offer);
      return;
    }
    addToCart(offer);
  }

  /** The combo dialog's 'Agregar al carrito': then the dialog closes and checkout opens. */
  function addCombo(choices: Array<string | null>): void {
    const offer = $comboOffer.get();
    if (!offer) return;
    if (!isRecipeComplete(offer, choices)) {
      openStatusModal({ type: 'warning', title: BOOKING_TEXTS.incompleteCombo, actionLabel: 'Ok' });
      return;
    }
    if (addToCart(offer, choices.filter((choice): choice is string => choice !== null))) {
      $comboOffer.set(null);
      $checkoutOpen.set(true);
    }
  }

  function setQuantity(key: string, quantity: number): void {
    const cart = $cart.get();
    const item = cart.find((line) => line.key === key);
    if (!item) return;
    const next = clampComboQuantity(quantity);
    if (next > item.quantity && comboLimitReached(next - item.quantity)) return;
    $cart.set(cart.map((line) => (line.key === key ? { ...line, quantity: next } : line)));
  }

  function removeFromCart(key: string): void {
    $cart.set($cart.get().filter((line) => line.key !== key));
  }

  // ---- checkout and payment -----------------------------------------------------------

  const openCheckout = () => $checkoutOpen.set(true);
  const closeCheckout = () => $checkoutOpen.set(false);
  const choosePayBrand = (brand: PayBrandView) => $payBrand.set(brand);
  /** Closing the payment dialog clears the choice. */
  const closePayment = () => $payBrand.set(null);

  /** The page is about to leave for the status page or the bank: keep the hold as it is. */
  function leaveForPayment(releaseHold: boolean): void {
    stopTimer();
    if (!releaseHold) {
      leavingForPayment = true;
      $hold.set(null);
    }
  }

  /**
   * A payment was refused before any charge because the purchase on screen is not the one
   * the BFF holds (the hold expired or is now another tab's, the price or the total changed):
   * the person reads what changed and goes back to the seats, which shows the truth again.
   */
  function purchaseChanged(failure: BffFailure): void {
    $payBrand.set(null);
    $checkoutOpen.set(false);
    if (failure.code === 'PAYMENT_IN_PROGRESS') {
      openStatusModal({ type: 'warning', title: BOOKING_TEXTS.paymentErrorTitle, subtitle: failure.message, actionLabel: 'Ok' });
      return;
    }
    stopTimer();
    if (failure.code !== 'TOTAL_CHANGED' && failure.code !== 'PRICE_CHANGED') $hold.set(null);
    openStatusModal({
      type: 'warning',
      title: failure.code === 'HOLD_EXPIRED' ? BOOKING_TEXTS.expiredTitle : PURCHASE_TEXTS.holdChangedTitle,
      subtitle: failure.message,
      actionLabel: PURCHASE_TEXTS.backToSeats,
      onAction: () => void resetPurchase(),
    });
  }

  /** The hold is gone at the cinema (a failed bank payment): stop, reset and go home. */
  async function abandonAfterFailure(): Promise<void> {
    stopTimer();
    if ($hold.get()) {
      $hold.set(null);
      await bffPost<CancelView>('/booking/cancel', { showtimeId } satisfies CancelBody);
    }
    leavingForPayment = true;
    window.location.assign('/');
  }

  return {
    showtimeId,
    $view,
    $seatMap,
    $hold,
    $step,
    $zone,
    $zoneOffer,
    $selected,
    $secondsLeft,
    $cart,
    $totals,
    $checkoutOpen,
    $payBrand,
    $comboOffer,
    startTimer,
    stopTimer,
    refetch,
    applyLiveRows,
    selectZone,
    toggleSeat,
    continuePurchase,
    resetPurchase,
    releaseOnLeave,
    applyHoldEvent,
    resumeAfterLeave,
    chooseSnack,
    addCombo,
    closeCombo: () => $comboOffer.set(null),
    setQuantity,
    removeFromCart,
    openCheckout,
    closeCheckout,
    choosePayBrand,
    closePayment,
    leaveForPayment,
    purchaseChanged,
    abandonAfterFailure,
  };
}

export type PurchaseState = ReturnType<typeof createPurchaseState>;
