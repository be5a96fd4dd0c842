import { useRef } from 'react';
import { CardFormSchema, type CardForm, type CardFormInput } from '#shared/validation/payment.ts';
import { Field, inputClasses } from '#site/components/Field.tsx';
import { Form, type ServerFieldErrors } from '#site/components/Form.tsx';
import { lazyZodResolver } from '#site/components/lazy-resolver.ts';
import { NumberInput } from '#site/components/NumberInput.tsx';
import { Button } from '#site/components/Button.tsx';
import { CaptchaField, type CaptchaFieldHandle } from '#site/components/captcha/CaptchaField.tsx';
import { PAYMENT_TEXTS } from './texts.ts';
import { fieldMessagesOf, type PaymentFormNext } from './after-payment.ts';

export interface CardPaymentFormProps {
  payLabel: string;
  /** Sends the payment; answers what the form does next. */
  onSubmit: (card: CardForm) => Promise<PaymentFormNext>;
}

const defaultValues: CardFormInput = {
  cardName: '',
  cardNumber: '',
  expMonth: '',
  expYear: '',
  cvc: '',
  dues: '',
  captcha: '',
};
// The schema came with the payment wizard; the resolver's code loads when the form is touched.
const validation = lazyZodResolver(async () => CardFormSchema);

/**
 * The card form: cardholder, number (checked with Luhn), expiry month (2 digits) and year
 * (4 digits), CVC (up to 4), instalments 1 to 36 (1 when empty), and the captcha whose proof
 * lets the BFF ask for the pay token, solved in the background as the form opens: with the
 * browser's saved card (the autocomplete fields) 'Pagar' is the one tap left. Card data goes
 * only to the BFF, never to storage.
 */
export function CardPaymentForm({ payLabel, onSubmit }: CardPaymentFormProps) {
  const captchaRef = useRef<CaptchaFieldHandle>(null);

  const submit = async (card: CardForm): Promise<ServerFieldErrors | null> => {
    const next = await onSubmit(card);
    // A proof is spent once sent: another try needs a new one. None while the page follows a
    // decided payment (the captcha would start over behind its modal).
    if (next.kind !== 'followed') captchaRef.current?.reset();
    return fieldMessagesOf(next);
  };

  return (
    <Form
      validation={validation}
      defaultValues={defaultValues}
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Pago con tarjeta"
      autoComplete="on"
    >
      {({ register, setValue, formState: { errors, isSubmitting } }) => (
        <>
          <Field label={PAYMENT_TEXTS.cardName} error={errors.cardName?.message}>
            {(control) => (
              <input {...control} {...register('cardName')} autoComplete="cc-name" className={inputClasses} />
            )}
          </Field>
          <Field label={PAYMENT_TEXTS.cardNumber} error={errors.cardNumber?.message}>
            {(control) => (
              <input
                {...control}
                {...register('cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={23}
                className={inputClasses}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-3">
            <Field label={PAYMENT_TEXTS.expMonth} error={errors.expMonth?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register('expMonth')}
                  inputMode="numeric"
                  autoComplete="cc-exp-month"
                  maxLength={2}
                  placeholder="MM"
                  className={inputClasses}
                />
              )}
            </Field>
            <Field label={PAYMENT_TEXTS.expYear} error={errors.expYear?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register('expYear')}
                  inputMode="numeric"
                  autoComplete="cc-exp-year"
                  maxLength={4}
                  placeholder="AAAA"
                  className={inputClasses}
                />
              )}
            </Field>
            <Field label={PAYMENT_TEXTS.cvc} error={errors.cvc?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register('cvc')}
                  type="password"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  className={inputClasses}
                />
              )}
            </Field>
          </div>
          <Field label={PAYMENT_TEXTS.dues} error={errors.dues?.message}>
            {(control) => <NumberInput {...control} {...register('dues')} min={1} max={36} placeholder="1" />}
          </Field>
          <CaptchaField
            ref={captchaRef}
            solveAhead
            onChange={(payload) => setValue('captcha', payload, { shouldValidate: payload !== '' })}
            error={errors.captcha?.message}
          />
          {/* Pinned to the dialog's bottom on a phone: with the card filled by the browser, 'Pagar' is in reach at once. */}
          <div className="sticky -bottom-6 z-10 -mx-6 mt-2 -mb-6 border-t border-line bg-surface px-6 pt-3 pb-6 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8 sm:pb-8">
            <Button type="submit" disabled={isSubmitting} className="w-full">
              {payLabel}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
