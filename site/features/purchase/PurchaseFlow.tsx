import { memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { LONELY_SEAT_MESSAGE, lonelySeatsRefused } from '#shared/booking/lonely-seats.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { turnNoticeText } from '#shared/waiting-room/texts.ts';
import { formatCop } from '#shared/format/money.ts';
import { Button } from '../../components/Button.tsx';
import { lazyPart } from '../../components/lazy-part.ts';
import { useWantedOnce } from '../../components/use-wanted-once.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { Countdown, StickyCountdown } from './checkout/Countdown.tsx';
import { ClubBanner } from './ClubBanner.tsx';
import { guardLeaving } from './leave-guard.ts';
import { PurchaseHeader } from './PurchaseHeader.tsx';
import { ServiceIncluded } from './ServiceIncluded.tsx';
import { BestSeatsPicker } from './seat-map/BestSeatsPicker.tsx';
import { followSeats } from './seat-map/live-seats.ts';
import { revealSeats } from './seat-map/reveal-seats.ts';
import type { PackedBookingView } from './seat-map/packed-seat-map.ts';
import { SeatMap } from './seat-map/SeatMap.tsx';
import { ZonePicker } from './seat-map/ZonePicker.tsx';
import { createPurchaseState, type PurchaseState } from './stores/purchase.ts';
import { PAYMENT_TEXTS } from '#site/features/payment/texts.ts';
import { PURCHASE_TEXTS } from './texts.ts';
import { useStoreAfterPaint } from './use-store-after-paint.ts';

// What step 0 (zone and seats) does not need loads when its step comes near: the snacks once a
// seat is chosen, the checkout once the seats are held, the payment wizard (react-hook-form,
// zod; the captcha loads later still, with the card form) once the checkout opens.
// site/features/purchase/README.md ("What loads when").
const SnackCarousel = lazyPart(() => import('./snacks/SnackCarousel.tsx').then((module) => module.SnackCarousel));
const ComboDialog = lazyPart(() => import('./snacks/ComboDialog.tsx').then((module) => module.ComboDialog));
const CheckoutPanel = lazyPart(() => import('./checkout/CheckoutPanel.tsx').then((module) => module.CheckoutPanel));
const LeavePurchaseDialog = lazyPart(() =>
  import('./LeavePurchaseDialog.tsx').then((module) => module.LeavePurchaseDialog),
);
const PaymentWizard = lazyPart(() =>
  import('#site/features/payment/PaymentWizard.tsx').then((module) => module.PaymentWizard),
);

export interface PurchaseFlowProps {
  /** The BFF's booking view, its seat map packed for the page (`seat-map/packed-seat-map.ts`). */
  view: PackedBookingView;
  movieHref: string;
  payer: { firstName: string; lastName: string; email: string };
}

/**
 * The purchase screen (`/{theater}/pelicula/{slug}/funcion/{showtimeId}`): step 0 (zone and
 * seats), step 1 (snacks), the checkout panel and the payment wizard.
 */
export default function PurchaseFlow({ view: initialView, movieHref, payer }: PurchaseFlowProps) {
  const [purchase] = useState(() => createPurchaseState(initialView));
  const { seats, hold } = purchase;
  const view = useStore(seats.$view);
  const step = useStore(hold.$step);
  const secondsLeft = useStore(hold.$secondsLeft);
  const [ready, setReady] = useState(false);
  const shownStep = useRef(step);
  // A presale's turn (the waiting room let this person in): until seats are held, then the
  // hold's own time governs.
  const [turnUntil, setTurnUntil] = useState(initialView.turnUntil);
  if (step === 1 && turnUntil !== null) setTurnUntil(null);
  // While seats are held, a link that would leave asks first ('Si sales de la compra, …').
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useEffect(() => (step === 1 ? guardLeaving(setLeaveTo) : undefined), [step]);
  // Its code loads when first asked (a question few people meet), then it stays mounted.
  const leaveWanted = useWantedOnce(leaveTo !== null);

  // A new step takes the focus (read out by screen readers) and comes into view.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = document.getElementById(step === 0 ? 'location-title' : 'snacks-title');
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({
      block: 'start',
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }, [step]);

  useEffect(() => {
    // The page says it is interactive only once this effect has run in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a hydration marker, set once
    setReady(true);
    hold.startCountdown();
    const stopSeats = followSeats(purchase.showtimeId, seats.applyLiveRows, purchase.applyHoldEvent);
    const onPageHide = () => hold.releaseOnLeave();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) purchase.resumeAfterLeave();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      stopSeats();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      hold.stopCountdown();
    };
  }, [purchase, seats, hold]);

  return (
    <div
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:py-6 lg:px-6"
      data-purchase-ready={ready || undefined}
    >
      <PurchaseHeader view={view} movieHref={movieHref} />
      {step === 1 && (
        // Under the header and pinned below the site's bar while the seats are held: the time
        // left stays in view on the snacks step however far the person scrolls.
        <div className="sticky top-16 z-20 -mx-4 -my-4 border-b border-line bg-ink px-4 py-2 lg:top-[6.8rem]">
          <Countdown secondsLeft={secondsLeft} />
        </div>
      )}
      {step === 0 && turnUntil !== null && (
        <p role="status" className="rounded-xl border border-brand bg-surface p-4 font-semibold">
          {turnNoticeText(turnUntil)}
        </p>
      )}
      {step === 0 ? <StepSeats purchase={purchase} /> : <StepSnacks purchase={purchase} />}
      {/* After the step: on a phone the map is on the first screen, the club's word below it. */}
      <ClubBanner membership={view.membership} />
      <Checkout purchase={purchase} payer={payer} />
      {leaveWanted && (
        <Suspense fallback={null}>
          <LeavePurchaseDialog.Component href={step === 1 ? leaveTo : null} onStay={() => setLeaveTo(null)} />
        </Suspense>
      )}
    </div>
  );
}

function StepSeats({ purchase }: { purchase: PurchaseState }) {
  const { seats } = purchase;
  const view = useStore(seats.$view);
  const map = useStore(seats.$seatMap);
  const zone = useStore(seats.$zone);
  const someSelected = useStoreAfterPaint(seats.$someSelected);
  const wheelchairSpaces = useMemo(
    () =>
      map.rows.some((row) =>
        row.cells.some((cell) => cell.kind === 'seat' && cell.state === 'disabled' && cell.zone === zone),
      ),
    [map, zone],
  );
  useEffect(() => {
    if (!someSelected) return;
    SnackCarousel.preloadWhenIdle();
    ComboDialog.preloadWhenIdle();
  }, [someSelected]);
  const sectionRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // The best seats, once picked, are brought into view above the bar (once the bar has taken
  // its new height), with their row letters.
  const pickBest = useCallback(
    (count: number, besideWheelchairSpace: boolean) => {
      const message = seats.pickBest(count, besideWheelchairSpace);
      // The bar catches up in a task after the next frame (useStoreAfterPaint), scheduled
      // before this one: by this task it has its new height.
      if (message === null)
        requestAnimationFrame(() =>
          setTimeout(() => {
            const scroller = sectionRef.current?.querySelector<HTMLElement>('[data-seat-scroller]');
            if (scroller) revealSeats(scroller, seats.$selected.get(), barRef.current);
          }, 0),
        );
      return message;
    },
    [seats],
  );
  return (
    <section ref={sectionRef} aria-labelledby="location-title" className="flex flex-col gap-3 sm:gap-4">
      <h2
        id="location-title"
        tabIndex={-1}
        className="scroll-mt-28 text-xl font-extrabold focus:outline-none sm:text-2xl"
      >
        {BOOKING_TEXTS.chooseLocation}
      </h2>
      <ZonePicker zones={view.zones} value={zone} disabled={false} onChange={seats.selectZone} />
      <SeatMap
        seats={seats}
        interactive
        toolbar={
          zone !== null && (
            <BestSeatsPicker maxSeats={view.maxSeats} wheelchairSpaces={wheelchairSpaces} onPick={pickBest} />
          )
        }
      />
      <SelectionBar purchase={purchase} barRef={barRef} />
    </section>
  );
}

/**
 * The seats picked and what they cost, service included (the amount charged), under the map,
 * with what stands in the way of continuing: picked seats someone else took, or a seat the pick
 * would leave alone. It follows the map once the tap has painted (`useStoreAfterPaint`): the
 * frame that answers a tap paints the seat alone, without rendering, laying out and repainting
 * this text as well.
 */
const SelectionBar = memo(function SelectionBar({
  purchase,
  barRef,
}: {
  purchase: PurchaseState;
  barRef: RefObject<HTMLDivElement | null>;
}) {
  const { seats } = purchase;
  const selected = useStoreAfterPaint(seats.$selected);
  const map = useStoreAfterPaint(seats.$seatMap);
  const zone = useStore(seats.$zone);
  const rule = useStore(seats.$view).lonelySeatRule;
  const gone = useStore(seats.$seatsGone);
  const totals = useStoreAfterPaint(purchase.$totals);
  const leavesOneAlone = useMemo(
    () => rule && zone !== null && lonelySeatsRefused(map, zone, selected).length > 0,
    [rule, zone, map, selected],
  );
  return (
    // On a wide screen one row, as tall with the button as without it; on a phone the button
    // takes the width under the text once a seat is picked (the tap's own frame has painted).
    <div
      ref={barRef}
      data-selection-bar
      className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-line bg-ink px-4 py-3 sm:min-h-20 sm:py-4"
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <p aria-live="polite" className="text-sm">
          {selected.length > 0 ? (
            <>
              {PURCHASE_TEXTS.chosenSeats(selected.join(', '))} ·{' '}
              <strong className="tabular-nums">{formatCop(totals.total)}</strong>
            </>
          ) : (
            PURCHASE_TEXTS.noSeats
          )}
        </p>
        <p className="min-h-4 leading-4">{selected.length > 0 && <ServiceIncluded totals={totals} />}</p>
        {/* Both always there, empty until they speak: a live region added with its text is not always read. */}
        <p aria-live="polite" className="mt-1 text-sm font-semibold text-warning empty:mt-0">
          {gone.length > 0 ? PURCHASE_TEXTS.seatsGone(gone) : ''}
        </p>
        <p id="lonely-seat" aria-live="polite" className="mt-1 text-sm font-semibold text-warning empty:mt-0">
          {leavesOneAlone ? LONELY_SEAT_MESSAGE : ''}
        </p>
      </div>
      {/* Hidden, not unmounted, until a seat is picked: the first pick only shows it. */}
      <Button
        hidden={selected.length === 0}
        aria-disabled={leavesOneAlone || undefined}
        aria-describedby={leavesOneAlone ? 'lonely-seat' : undefined}
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
        onClick={() => void seats.continuePurchase()}
      >
        {BOOKING_TEXTS.continuePurchase}
      </Button>
    </div>
  );
});

function StepSnacks({ purchase }: { purchase: PurchaseState }) {
  const { snacks } = purchase;
  const view = useStore(purchase.seats.$view);
  const comboOffer = useStore(snacks.$comboOffer);
  const totals = useStore(purchase.$totals);
  const hydrated = useHydrated();
  useEffect(() => CheckoutPanel.preloadWhenIdle(), []);
  const loading = <div aria-busy="true" className="min-h-80 rounded-2xl bg-surface-2/40" />;
  return (
    <section aria-labelledby="snacks-title" className="flex flex-col gap-6">
      <h2 id="snacks-title" tabIndex={-1} className="scroll-mt-28 text-2xl font-extrabold focus:outline-none">
        {PURCHASE_TEXTS.snacksTitle}
      </h2>
      {/* Lazy parts only after hydration: a boundary suspended in the server render is revealed by inline scripts the CSP refuses (React error #419). */}
      {hydrated ? (
        <Suspense fallback={loading}>
          <SnackCarousel.Component snacks={view.snacks} onAdd={snacks.chooseSnack} />
          <ComboDialog.Component offer={comboOffer} onClose={snacks.closeCombo} onAdd={snacks.addCombo} />
        </Suspense>
      ) : (
        loading
      )}
      <div className="border-t border-line pt-6">
        <Button variant="secondary" onClick={() => void purchase.startOver()}>
          {BOOKING_TEXTS.changePreviousData}
        </Button>
      </div>
      {/* Pinned at the bottom like the seats' bar: the total so far and 'Finalizar compra' in reach on a phone. */}
      <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-ink px-4 py-3">
        <p className="flex flex-col text-sm">
          <span>
            {PURCHASE_TEXTS.total} <strong className="tabular-nums">{formatCop(totals.total)}</strong>
          </span>
          <ServiceIncluded totals={totals} />
        </p>
        <Button aria-haspopup="dialog" onClick={purchase.checkout.open}>
          {BOOKING_TEXTS.finishPurchase}
        </Button>
      </div>
    </section>
  );
}

interface CheckoutProps {
  purchase: PurchaseState;
  payer: PurchaseFlowProps['payer'];
}

/**
 * The checkout and payment dialogs, mounted from the first time the checkout opens: until then
 * a seat click re-renders nothing here.
 */
function Checkout({ purchase, payer }: CheckoutProps) {
  const open = useStore(purchase.checkout.$open);
  const brand = useStore(purchase.checkout.$payBrand);
  const wanted = useWantedOnce(open || brand !== null);
  return wanted ? <CheckoutDialogs purchase={purchase} payer={payer} /> : null;
}

function CheckoutDialogs({ purchase, payer }: CheckoutProps) {
  const { seats, hold, snacks, checkout, payment } = purchase;
  const view = useStore(seats.$view);
  const selected = useStore(seats.$selected);
  const zone = useStore(seats.$zoneOffer);
  const heldSeats = useStore(hold.$hold)?.seats;
  const secondsLeft = useStore(hold.$secondsLeft);
  const cart = useStore(snacks.$cart);
  const totals = useStore(purchase.$totals);
  const open = useStore(checkout.$open);
  const brand = useStore(checkout.$payBrand);
  const method = useStore(checkout.$payMethod);
  const checkoutWanted = useWantedOnce(open);
  const wizardWanted = useWantedOnce(brand !== null);
  useEffect(() => {
    if (open) PaymentWizard.preloadWhenIdle();
  }, [open]);

  return (
    <>
      {checkoutWanted && (
        <Suspense fallback={null}>
          <CheckoutPanel.Component
            open={open && brand === null}
            onClose={checkout.close}
            movie={view.movie}
            dateText={view.showtime.dateText}
            hourText={view.showtime.hourText}
            zoneName={zone?.zone ?? ''}
            seats={heldSeats ?? selected}
            items={cart}
            totals={totals}
            secondsLeft={secondsLeft}
            brands={view.payBrands}
            methods={view.paymentMethod}
            snacks={view.snacks}
            onAddSnack={snacks.chooseSnack}
            onQuantity={snacks.setQuantity}
            onRemove={snacks.removeFromCart}
            onChooseBrand={checkout.chooseBrand}
          />
        </Suspense>
      )}
      {wizardWanted && (
        <Suspense fallback={null}>
          <PaymentWizard.Component
            brand={brand}
            methods={view.paymentMethod}
            payLabel={PAYMENT_TEXTS.pay(formatCop(totals.total))}
            payerDefaults={payer}
            onClose={checkout.closePayment}
            onPayCard={payment.payByCard}
            onPayPse={payment.payByPse}
            aside={heldSeats ? <StickyCountdown secondsLeft={secondsLeft} /> : null}
            startWith={method}
          />
        </Suspense>
      )}
    </>
  );
}
