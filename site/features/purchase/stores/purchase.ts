/**
 * The purchase screen's stores (document 2, sections 4 and 5), one set per page: created from
 * the server's booking view when the island starts, since a module-level store would be shared
 * by concurrent server renders. Each step has its store (`seats.ts`, `hold.ts`, `snacks.ts`,
 * `checkout.ts`, `ticket-payment.ts`); islands read their atoms with `useStore` and change them
 * through their actions. Here: what crosses steps (starting over, the hold changed elsewhere,
 * leaving the page and coming back) and the totals.
 */
import { computed } from 'nanostores';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { computeTotals, type Totals } from '#shared/booking/totals.ts';
import type { HoldEvent } from '#shared/views/booking.ts';
import { openStatusModal } from '#site/components/feedback-stores.ts';
import { PURCHASE_TEXTS } from '../texts.ts';
import { createCheckoutStore } from './checkout.ts';
import { createHoldStore } from './hold.ts';
import { createSeatsStore } from './seats.ts';
import { createSnacksStore } from './snacks.ts';
import { createTicketPayment } from './ticket-payment.ts';
import { unpackBookingView, type PackedBookingView } from '../seat-map/packed-seat-map.ts';

export function createPurchaseState(packed: PackedBookingView) {
  const initial = unpackBookingView(packed);
  const hold = createHoldStore(initial.showtime.id, initial.hold, () =>
    openStatusModal({
      type: 'warning',
      title: BOOKING_TEXTS.expiredTitle,
      subtitle: BOOKING_TEXTS.expired,
      actionLabel: 'Ok',
      onAction: () => void startOver(),
    }),
  );
  const seats = createSeatsStore(initial, hold);
  const checkout = createCheckoutStore();
  const snacks = createSnacksStore(() => seats.$view.get().maxSeats, checkout.open);
  const $totals = computed(
    [seats.$view, seats.$zoneOffer, seats.$selected, snacks.$cart],
    (view, offer, selected, cart): Totals =>
      computeTotals({
        seats: selected.length,
        ticketUnitPrice: offer?.price ?? 0,
        ticketSavingPerSeat: offer?.isMemberPrice ? offer.savingPerTicket : 0,
        snacks: cart.map((item) => ({
          unitPrice: item.offer.price,
          quantity: item.quantity,
          savingPerUnit: item.offer.savingPerUnit,
        })),
        fees: view.fees,
      }),
  );

  /**
   * 'Cambiar datos anteriores', the countdown's end, a purchase that changed: back to the seats
   * with no snacks, the hold released and the showtime read again.
   */
  async function startOver(): Promise<void> {
    hold.backToSeats();
    snacks.clear();
    checkout.closeAll();
    await hold.release();
    await seats.refetch();
  }

  /**
   * The person's hold as the BFF has it now (the live stream's `hold` event): this page shows the
   * truth. A hold on this showtime made or changed elsewhere is adopted with the server's time
   * left; a hold released, paid or moved to another showtime elsewhere takes the page back to the
   * seats with a message; a hold another page left is claimed.
   */
  function applyHoldEvent(event: HoldEvent): void {
    if (hold.isLeavingForPayment()) return;
    const mine = hold.$hold.get();
    const server = event.hold;
    if (server && !mine && hold.wasGivenUp(server)) return;
    if (server) {
      if (event.leaving && mine) hold.claim();
      const sameSeats = mine !== null && mine.seats.join('|') === server.seats.join('|');
      if (sameSeats && Math.abs(server.secondsLeft - hold.$secondsLeft.get()) <= 3) return;
      seats.showHeld(server);
      if (!sameSeats) snacks.emptyCart();
      hold.take(server);
      return;
    }
    if (!mine) return;
    hold.backToSeats();
    hold.forget();
    seats.clearSelection();
    snacks.clear();
    checkout.closeAll();
    openStatusModal({
      type: 'warning',
      title: PURCHASE_TEXTS.holdGoneTitle,
      subtitle: event.elsewhere ? PURCHASE_TEXTS.holdElsewhere(event.elsewhere) : PURCHASE_TEXTS.holdReleased,
      actionLabel: 'Ok',
      onAction: () => void seats.refetch(),
    });
  }

  /** Back from the browser's page cache after leaving: the hold was released, start over. */
  function resumeAfterLeave(): void {
    hold.resumeAfterLeave();
    snacks.clear();
    checkout.closeAll();
    void seats.refetch();
  }

  return {
    showtimeId: initial.showtime.id,
    seats,
    hold,
    snacks,
    checkout,
    payment: createTicketPayment({ seats, hold, snacks, checkout, $totals, startOver }),
    $totals,
    startOver,
    applyHoldEvent,
    resumeAfterLeave,
  };
}

export type PurchaseState = ReturnType<typeof createPurchaseState>;
