import { memo, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { BOOKING_TEXTS } from '../../../shared/booking/texts.ts';
import { formatCop } from '../../../shared/format/money.ts';
import type { CardForm, PseForm } from '../../../shared/validation/payment.ts';
import type { BookingView } from '../../../shared/views/booking.ts';
import { Button } from '../../components/Button.tsx';
import { lazyPart } from '../../components/lazy-part.ts';
import { routes } from '../../lib/routes.ts';
import { ClubBanner } from './ClubBanner.tsx';
import {
  formFieldMessages,
  payTicketsByCard,
  payTicketsByPse,
  showPaymentError,
  showPaymentPending,
  showPaymentSuccess,
  type PaymentOutcome,
} from './payment/actions.ts';
import { PurchaseHeader } from './PurchaseHeader.tsx';
import { followSeats } from './seat-map/live-seats.ts';
import { SeatMap } from './seat-map/SeatMap.tsx';
import { ZonePicker } from './seat-map/ZonePicker.tsx';
import { createPurchaseState, type PurchaseState } from './stores.ts';
import { PAYMENT_TEXTS, PURCHASE_TEXTS } from './texts.ts';

// What step 0 (zone and seats) does not need loads when its step comes near: the snacks once a
// seat is chosen, the checkout once the seats are held, the payment wizard (react-hook-form,
// zod; the captcha loads later still, with the card form) once the checkout opens.
// site/features/purchase/README.md ("What loads when").
const SnackCarousel = lazyPart(() => import('./snacks/SnackCarousel.tsx').then((module) => module.SnackCarousel));
const ComboDialog = lazyPart(() => import('./snacks/ComboDialog.tsx').then((module) => module.ComboDialog));
const CheckoutPanel = lazyPart(() => import('./checkout/CheckoutPanel.tsx').then((module) => module.CheckoutPanel));
const PaymentWizard = lazyPart(() => import('./payment/PaymentWizard.tsx').then((module) => module.PaymentWizard));

/** Keeps a part mounted once it has been wanted, so a dialog closes (and hands focus back) as a dialog. */
function useWantedOnce(wanted: boolean): boolean {
  const [once, setOnce] = useState(wanted);
  if (wanted && !once) setOnce(true);
  return once || wanted;
}

export interface PurchaseFlowProps {
  view: BookingView;
  movieHref: string;
  payer: { firstName: string; lastName: string; email: string };
}

/**
 * The purchase screen (`/{theater}/pelicula/{slug}/funcion/{showtimeId}`): step 0 (zone and
 * seats), step 1 (snacks), the checkout panel and the payment wizard.
 */
export default function PurchaseFlow({ view: initialView, movieHref, payer }: PurchaseFlowProps) {
  const [state] = useState(() => createPurchaseState(initialView));
  const view = useStore(state.$view);
  const step = useStore(state.$step);
  const secondsLeft = useStore(state.$secondsLeft);
  const [ready, setReady] = useState(false);
  const shownStep = useRef(step);

  // A new step takes the focus (read out by screen readers) and comes into view.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = document.getElementById(step === 0 ? 'location-title' : 'snacks-title');
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [step]);

  useEffect(() => {
    setReady(true);
    const hold = state.$hold.get();
    if (hold) state.startTimer(hold.secondsLeft);
    const stopSeats = followSeats(state.showtimeId, state.applyLiveRows, state.applyHoldEvent);
    const onPageHide = () => state.releaseOnLeave();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) state.resumeAfterLeave();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      stopSeats();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      state.stopTimer();
    };
  }, [state]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 lg:px-6" data-purchase-ready={ready || undefined}>
      <PurchaseHeader view={view} movieHref={movieHref} secondsLeft={step === 1 ? secondsLeft : null} />
      <ClubBanner membership={view.membership} />
      {step === 0 ? <StepSeats state={state} /> : <StepSnacks state={state} />}
      <Checkout state={state} payer={payer} />
    </div>
  );
}

function StepSeats({ state }: { state: PurchaseState }) {
  const view = useStore(state.$view);
  const map = useStore(state.$seatMap);
  const zone = useStore(state.$zone);
  const selected = useStore(state.$selected);
  const someSelected = selected.length > 0;
  useEffect(() => {
    if (!someSelected) return;
    SnackCarousel.preloadWhenIdle();
    ComboDialog.preloadWhenIdle();
  }, [someSelected]);
  return (
    <section aria-labelledby="location-title" className="flex flex-col gap-6">
      <h2 id="location-title" tabIndex={-1} className="scroll-mt-28 text-2xl font-extrabold focus:outline-none">{BOOKING_TEXTS.chooseLocation}</h2>
      <ZonePicker zones={view.zones} value={zone} disabled={false} onChange={state.selectZone} />
      <SeatMap map={map} zone={zone} selected={selected} interactive onToggle={state.toggleSeat} />
      <SelectionBar state={state} />
    </section>
  );
}

/**
 * The seats picked and their price, under the map. It follows the map a frame later (a
 * deferred render): the frame that answers a click paints the seat alone, without laying out
 * and repainting this text as well.
 */
const SelectionBar = memo(function SelectionBar({ state }: { state: PurchaseState }) {
  const selected = useDeferredValue(useStore(state.$selected));
  const tickets = useDeferredValue(useStore(state.$totals).tickets);
  return (
    // As tall with the button as without it: picking the first seat moves nothing else.
    <div className="sticky bottom-0 z-10 -mx-4 flex min-h-20 flex-wrap items-center justify-between gap-3 border-t border-line bg-ink px-4 py-4">
      <p aria-live="polite" className="text-sm">
        {selected.length > 0 ? (
          <>
            {PURCHASE_TEXTS.chosenSeats(selected.join(', '))} · <strong>{formatCop(tickets)}</strong>
          </>
        ) : (
          PURCHASE_TEXTS.noSeats
        )}
      </p>
      {/* Hidden, not unmounted, until a seat is picked: the first pick only shows it. */}
      <Button hidden={selected.length === 0} onClick={() => void state.continuePurchase()}>{BOOKING_TEXTS.continuePurchase}</Button>
    </div>
  );
});

function StepSnacks({ state }: { state: PurchaseState }) {
  const view = useStore(state.$view);
  const comboOffer = useStore(state.$comboOffer);
  useEffect(() => CheckoutPanel.preloadWhenIdle(), []);
  return (
    <section aria-labelledby="snacks-title" className="flex flex-col gap-6">
      <h2 id="snacks-title" tabIndex={-1} className="scroll-mt-28 text-2xl font-extrabold focus:outline-none">{PURCHASE_TEXTS.snacksTitle}</h2>
      <Suspense fallback={<div aria-busy="true" className="min-h-80 rounded-2xl bg-surface-2/40" />}>
        <SnackCarousel.Component snacks={view.snacks} onAdd={state.chooseSnack} />
        <ComboDialog.Component offer={comboOffer} onClose={state.closeCombo} onAdd={state.addCombo} />
      </Suspense>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-6">
        <Button variant="secondary" onClick={() => void state.resetPurchase()}>{BOOKING_TEXTS.changePreviousData}</Button>
        <Button aria-haspopup="dialog" onClick={state.openCheckout}>{BOOKING_TEXTS.finishPurchase}</Button>
      </div>
    </section>
  );
}

/**
 * The checkout and payment dialogs, mounted from the first time the checkout opens: until then
 * a seat click re-renders nothing here.
 */
function Checkout({ state, payer }: { state: PurchaseState; payer: PurchaseFlowProps['payer'] }) {
  const open = useStore(state.$checkoutOpen);
  const brand = useStore(state.$payBrand);
  const wanted = useWantedOnce(open || brand !== null);
  return wanted ? <CheckoutDialogs state={state} payer={payer} /> : null;
}

function CheckoutDialogs({ state, payer }: { state: PurchaseState; payer: PurchaseFlowProps['payer'] }) {
  const view = useStore(state.$view);
  const open = useStore(state.$checkoutOpen);
  const cart = useStore(state.$cart);
  const totals = useStore(state.$totals);
  const hold = useStore(state.$hold);
  const selected = useStore(state.$selected);
  const zone = useStore(state.$zoneOffer);
  const secondsLeft = useStore(state.$secondsLeft);
  const brand = useStore(state.$payBrand);
  const checkoutWanted = useWantedOnce(open);
  const wizardWanted = useWantedOnce(brand !== null);
  useEffect(() => {
    if (open) PaymentWizard.preloadWhenIdle();
  }, [open]);

  const products = () => cart.map((item) => ({ code: item.offer.code, quantity: item.quantity, choices: item.choices }));
  /** What the customer sees on screen: the payment is charged only if the BFF holds and computes exactly this. */
  const seen = () => ({ showtimeId: view.showtime.id, seats: [...(hold?.seats ?? selected)], total: totals.total });

  /** Section 4's after-payment flows; answers field messages for the form when there are. */
  const afterPayment = (outcome: PaymentOutcome, prefix: 'card' | 'pse'): Record<string, string> | null => {
    switch (outcome.kind) {
      case 'paid':
        state.leaveForPayment(false);
        showPaymentSuccess(() => window.location.assign(routes.transactionStatus(outcome.result.bill)));
        return null;
      case 'pending':
        state.leaveForPayment(false);
        showPaymentPending(() => window.location.assign(routes.transactionStatus(outcome.result.bill)));
        return null;
      case 'changed':
        state.purchaseChanged(outcome.failure);
        return null;
      case 'declined':
        state.leaveForPayment(true);
        showPaymentError(outcome.result.message, () => window.location.assign(routes.transactionStatus(outcome.result.bill)));
        return null;
      case 'bank':
        state.leaveForPayment(false);
        window.location.assign(outcome.result.bankUrl ?? routes.transactionStatus(outcome.result.bill));
        return null;
      case 'invalid':
        return formFieldMessages(outcome.failure, prefix);
      case 'failed':
        if (prefix === 'pse') {
          showPaymentError(BOOKING_TEXTS.paymentErrorFallback, () => void state.abandonAfterFailure());
        } else {
          state.leaveForPayment(true);
          showPaymentError(outcome.failure.message, () => window.location.reload());
        }
        return null;
    }
  };

  const payCard = async (card: CardForm) => {
    if (!brand) return null;
    return afterPayment(await payTicketsByCard({ ...seen(), brandId: brand.id, products: products(), card }), 'card');
  };
  const payPse = async (pse: PseForm) => {
    if (!brand) return null;
    return afterPayment(await payTicketsByPse({ ...seen(), brandId: brand.id, products: products(), pse }), 'pse');
  };

  return (
    <>
      {checkoutWanted && (
        <Suspense fallback={null}>
          <CheckoutPanel.Component
            open={open && brand === null}
            onClose={state.closeCheckout}
            movie={view.movie}
            dateText={view.showtime.dateText}
            hourText={view.showtime.hourText}
            zoneName={zone?.zone ?? ''}
            seats={hold?.seats ?? selected}
            items={cart}
            totals={totals}
            secondsLeft={secondsLeft}
            brands={view.payBrands}
            onQuantity={state.setQuantity}
            onRemove={state.removeFromCart}
            onChooseBrand={state.choosePayBrand}
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
            onClose={state.closePayment}
            onPayCard={payCard}
            onPayPse={payPse}
            secondsLeft={hold ? secondsLeft : null}
          />
        </Suspense>
      )}
    </>
  );
}
