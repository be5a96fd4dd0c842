import { useState, type ReactNode } from 'react';
import type { CardForm, PseForm } from '#shared/validation/payment.ts';
import type { PayBrandView, PaymentMethodView } from '#shared/views/booking.ts';
import { Modal } from '#site/components/Modal.tsx';
import { Button } from '#site/components/Button.tsx';
import { CardPaymentForm } from './CardPaymentForm.tsx';
import { PsePaymentForm, type PsePaymentFormProps } from './PsePaymentForm.tsx';
import { PAYMENT_TEXTS } from './texts.ts';
import type { PaymentFormNext } from './after-payment.ts';
import { offeredMethods, type PayMethod } from './pay-methods.ts';

export interface PaymentWizardProps {
  brand: PayBrandView | null;
  methods: PaymentMethodView;
  payLabel: string;
  payerDefaults?: PsePaymentFormProps['defaults'];
  onClose: () => void;
  onPayCard: (card: CardForm) => Promise<PaymentFormNext>;
  /** Absent when PSE is not offered. */
  onPayPse?: (pse: PseForm) => Promise<PaymentFormNext>;
  /** What the product keeps in view above the steps while the dialog covers the page (the tickets: the hold's countdown). */
  aside?: ReactNode;
  /** The method already chosen with the brand (the checkout offers one brand's methods): its form opens at once. */
  startWith?: PayMethod | null;
}

/**
 * The payment dialog, opened by choosing a pay brand. Step 1 of 2 chooses card or bank
 * (each only when the payment method allows it); step 2 is the matching form with a back
 * button. Closing it clears the brand choice (the caller's `onClose`).
 */
export function PaymentWizard({
  brand,
  methods,
  payLabel,
  payerDefaults,
  onClose,
  onPayCard,
  onPayPse,
  aside = null,
  startWith = null,
}: PaymentWizardProps) {
  const offered = offeredMethods(methods, onPayPse !== undefined);
  const [method, setMethod] = useState<PayMethod | null>(startWith);
  // Opened again (the dialog stays mounted): it starts on the method chosen with the brand.
  const [openedFor, setOpenedFor] = useState(brand);
  if (openedFor !== brand) {
    setOpenedFor(brand);
    if (brand !== null) setMethod(startWith !== null && offered.includes(startWith) ? startWith : null);
  }
  const step = method ? 2 : 1;

  const close = () => {
    setMethod(null);
    onClose();
  };

  return (
    <Modal open={brand !== null} onClose={close} title={PAYMENT_TEXTS.wizardTitle} size="lg">
      <div className="flex flex-col gap-5">
        {aside}
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold text-muted">{PAYMENT_TEXTS.stepOf(step)}</p>
          {brand && (
            <span className="flex items-center gap-2 text-sm text-muted">
              <img src={brand.image} alt="" width="40" height="24" className="h-6 w-auto rounded bg-white px-1" />
              {brand.name}
            </span>
          )}
        </div>
        {method === null ? (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-lg font-bold">{PAYMENT_TEXTS.chooseMethod}</legend>
            {offered.map((option) => (
              <button
                key={option}
                type="button"
                onClick={() => setMethod(option)}
                className="flex flex-col items-start rounded-2xl border border-line bg-surface-2 px-5 py-4 text-left hover:border-brand focus-visible:border-brand"
              >
                <span className="font-bold">{option === 'card' ? PAYMENT_TEXTS.card : PAYMENT_TEXTS.pse}</span>
                <span className="text-sm text-muted">
                  {option === 'card' ? PAYMENT_TEXTS.cardHint : PAYMENT_TEXTS.pseHint}
                </span>
              </button>
            ))}
          </fieldset>
        ) : (
          <>
            <Button variant="secondary" className="self-start" onClick={() => setMethod(null)}>
              ← {PAYMENT_TEXTS.back}
            </Button>
            {method === 'card' ? (
              <CardPaymentForm payLabel={payLabel} onSubmit={onPayCard} />
            ) : (
              onPayPse && <PsePaymentForm payLabel={payLabel} defaults={payerDefaults} onSubmit={onPayPse} />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
