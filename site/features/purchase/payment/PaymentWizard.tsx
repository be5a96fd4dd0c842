import { useState } from 'react';
import type { CardForm, PseForm } from '../../../../shared/validation/payment.ts';
import type { PayBrandView, PaymentMethodView } from '../../../../shared/views/booking.ts';
import { Modal } from '../../../components/Modal.tsx';
import { Button } from '../../../components/Button.tsx';
import { CardPaymentForm } from './CardPaymentForm.tsx';
import { PsePaymentForm, type PsePaymentFormProps } from './PsePaymentForm.tsx';
import { PAYMENT_TEXTS } from '../texts.ts';
import { Countdown } from '../checkout/Countdown.tsx';

export interface PaymentWizardProps {
  brand: PayBrandView | null;
  methods: PaymentMethodView;
  payLabel: string;
  payerDefaults?: PsePaymentFormProps['defaults'];
  onClose: () => void;
  onPayCard: (card: CardForm) => Promise<Record<string, string> | null>;
  /** Absent when PSE is not offered. */
  onPayPse?: (pse: PseForm) => Promise<Record<string, string> | null>;
  /** The hold's countdown, kept in view (sticky) while the dialog covers the page; none for the membership. */
  secondsLeft?: number | null;
}

type Method = 'card' | 'pse';

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
  secondsLeft = null,
}: PaymentWizardProps) {
  const offered: Method[] = [
    ...(methods.card ? (['card'] as const) : []),
    ...(methods.pse && onPayPse ? (['pse'] as const) : []),
  ];
  const [method, setMethod] = useState<Method | null>(null);
  const step = method ? 2 : 1;

  const close = () => {
    setMethod(null);
    onClose();
  };

  return (
    <Modal open={brand !== null} onClose={close} title={PAYMENT_TEXTS.wizardTitle} size="lg">
      <div className="flex flex-col gap-5">
        {secondsLeft !== null && (
          <div className="sticky -top-6 z-10 -mx-6 -mt-2 border-b border-line bg-surface px-6 py-2 sm:-top-8 sm:-mx-8 sm:px-8">
            <Countdown secondsLeft={secondsLeft} />
          </div>
        )}
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
