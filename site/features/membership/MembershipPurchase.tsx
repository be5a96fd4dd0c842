import { Suspense, useState } from 'react';
import { formatCop } from '#shared/format/money.ts';
import type { CardForm, PseForm } from '#shared/validation/payment.ts';
import type {
  MembershipOfferView,
  MembershipPurchaseView,
  PayBrandView,
  PaymentResultView,
} from '#shared/views/booking.ts';
import { callBff } from '#site/lib/bff-browser.ts';
import { Button } from '#site/components/Button.tsx';
import { Modal } from '#site/components/Modal.tsx';
import { withSpinner } from '#site/components/feedback-stores.ts';
import { lazyPart } from '#site/components/lazy-part.ts';
import type { BffResponse } from '#site/lib/bff-browser.ts';
import { PayBrandPicker } from '#site/features/payment/PayBrandPicker.tsx';
import {
  afterPayment,
  showPaymentError,
  TRY_AGAIN,
  type PaymentFollowUp,
} from '#site/features/payment/after-payment.ts';
import { outcomeOf, paying, type PaymentOutcome } from '#site/features/payment/outcome.ts';
import { PAYMENT_TEXTS } from '#site/features/payment/texts.ts';

export interface MembershipPurchaseProps {
  /** 'Afiliate por solo $ 63.000', or for a member 'Renueva por solo $ 63.000'. */
  label: string;
}

// The card form (react-hook-form, zod, the captcha) loads when the person starts buying,
// so the club page itself stays light.
const PaymentWizard = lazyPart(() =>
  import('#site/features/payment/PaymentWizard.tsx').then((module) => module.PaymentWizard),
);

/** The membership's answer carries the payment's result beside the membership it gave. */
const membershipResult = (answer: BffResponse<MembershipPurchaseView>): BffResponse<PaymentResultView> =>
  answer.ok ? { ...answer, data: answer.data.result } : answer;

const payMembershipByCard = async (body: { brandId: number; card: CardForm }): Promise<PaymentOutcome> =>
  outcomeOf(membershipResult(await paying(() => callBff('POST /membership/purchase', { body }))), 'card');
const payMembershipByPse = async (body: { brandId: number; pse: PseForm }): Promise<PaymentOutcome> =>
  outcomeOf(membershipResult(await paying(() => callBff('POST /membership/purchase/pse', { body }))), 'pse');

const TEXTS = {
  detailTitle: 'Membresía Club Vizionarios',
  value: 'Valor de la membresía',
  service: 'Servicio',
  total: 'Total',
  unavailable: 'No pudimos cargar la compra de la membresía. Intenta de nuevo en unos minutos.',
  renewal: (date: string) =>
    `Ya eres parte del Club Vizionarios: al renovarla, tu membresía quedará vigente hasta el ${date}, un año más desde su vencimiento actual.`,
  newMembership: (date: string) => `Tu membresía quedará vigente hasta el ${date}.`,
} as const;

/**
 * Club Vizionarios purchase (pay type 3) for the club page: the purchase detail, the pay
 * brand (chosen by itself when there is only one), the card payment. After it the page is
 * reloaded, so membership, prices and snacks are read again.
 */
export default function MembershipPurchase({ label }: MembershipPurchaseProps) {
  const [offer, setOffer] = useState<MembershipOfferView | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [brand, setBrand] = useState<PayBrandView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    const answer = await withSpinner('', () => callBff('GET /membership/offer'));
    if (!answer.ok) {
      setError(TEXTS.unavailable);
      return;
    }
    setOffer(answer.data);
    setDetailOpen(true);
    const [only, ...others] = answer.data.payBrands;
    if (only && others.length === 0) setBrand(only);
  };

  /** Closing the purchase detail clears the payment method. */
  const closeDetail = () => {
    setDetailOpen(false);
    setBrand(null);
  };

  /** After a membership payment the club page is read again (membership, prices), or the status page or the bank follow. */
  const reload = () => window.location.reload();
  const followUp: PaymentFollowUp = {
    leave: closeDetail,
    decided: reload,
    notCharged: (outcome) => {
      closeDetail();
      showPaymentError(outcome.failure.message, reload);
    },
  };

  const payCard = async (card: CardForm) =>
    brand ? afterPayment(await payMembershipByCard({ brandId: brand.id, card }), followUp) : TRY_AGAIN;
  const payPse = async (pse: PseForm) =>
    brand ? afterPayment(await payMembershipByPse({ brandId: brand.id, pse }), followUp) : TRY_AGAIN;

  return (
    <>
      <Button className="mt-6" aria-haspopup="dialog" onClick={() => void open()}>
        {label}
      </Button>
      {error && (
        <p role="alert" className="mt-3 text-danger">
          {error}
        </p>
      )}
      {offer && (
        <>
          <Modal open={detailOpen && brand === null} onClose={closeDetail} title={TEXTS.detailTitle} size="md">
            <div className="flex flex-col gap-5">
              <p className="rounded-xl bg-success/10 p-3 text-sm text-success">
                {offer.membership?.active
                  ? TEXTS.renewal(offer.endsAfterPurchaseText)
                  : TEXTS.newMembership(offer.endsAfterPurchaseText)}
              </p>
              <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-2xl bg-surface-2 p-4">
                <dt>{TEXTS.value}</dt>
                <dd className="text-right tabular-nums">{formatCop(offer.price)}</dd>
                <dt>{TEXTS.service}</dt>
                <dd className="text-right tabular-nums">{formatCop(offer.service)}</dd>
                <dt className="font-bold">{TEXTS.total}</dt>
                <dd className="text-right font-bold tabular-nums">{formatCop(offer.total)}</dd>
              </dl>
              <PayBrandPicker headingId="club-brands-title" brands={offer.payBrands} onChoose={setBrand} />
            </div>
          </Modal>
          <Suspense fallback={null}>
            <PaymentWizard.Component
              brand={detailOpen ? brand : null}
              methods={offer.paymentMethod}
              payLabel={PAYMENT_TEXTS.pay(formatCop(offer.total))}
              onClose={() => (offer.payBrands.length === 1 ? closeDetail() : setBrand(null))}
              onPayCard={payCard}
              onPayPse={payPse}
            />
          </Suspense>
        </>
      )}
    </>
  );
}
