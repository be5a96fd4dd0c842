import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CardFormSchema, type CardForm, type CardFormInput } from '../../../../shared/validation/payment.ts';
import { Field, inputClasses } from '../../../components/Field.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { Button } from '../../../components/Button.tsx';
import { CaptchaField, type CaptchaFieldHandle } from '../../../components/captcha/CaptchaField.tsx';
import { PAYMENT_TEXTS } from '../texts.ts';

export interface CardPaymentFormProps {
  payLabel: string;
  /** Sends the payment; answers the field messages to show, if any. */
  onSubmit: (card: CardForm) => Promise<Record<string, string> | null>;
}

const defaultValues: CardFormInput = { cardName: '', cardNumber: '', expMonth: '', expYear: '', cvc: '', dues: '', captcha: '' };
const FIELDS = ['cardName', 'cardNumber', 'expMonth', 'expYear', 'cvc', 'dues', 'captcha'] as const;

/**
 * The card form: cardholder, number (checked with Luhn), expiry month (2 digits) and year
 * (4 digits), CVC (up to 4), instalments 1 to 36 (1 when empty), and the captcha whose proof
 * lets the BFF ask for the pay token. Card data goes only to the BFF, never to storage.
 */
export function CardPaymentForm({ payLabel, onSubmit }: CardPaymentFormProps) {
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CardFormInput, unknown, CardForm>({ resolver: zodResolver(CardFormSchema), defaultValues });

  const submit = async (card: CardForm) => {
    const fieldMessages = await onSubmit(card);
    // A proof is spent once sent: a new attempt needs a new one.
    captchaRef.current?.reset();
    for (const [field, message] of Object.entries(fieldMessages ?? {})) {
      const name = FIELDS.find((candidate) => candidate === field);
      if (name) setError(name, { type: 'server', message });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4" aria-label="Pago con tarjeta" autoComplete="on">
      <Field label={PAYMENT_TEXTS.cardName} error={errors.cardName?.message}>
        {(control) => <input {...control} {...register('cardName')} autoComplete="cc-name" className={inputClasses} />}
      </Field>
      <Field label={PAYMENT_TEXTS.cardNumber} error={errors.cardNumber?.message}>
        {(control) => (
          <input {...control} {...register('cardNumber')} inputMode="numeric" autoComplete="cc-number" maxLength={23} className={inputClasses} />
        )}
      </Field>
      <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-3">
        <Field label={PAYMENT_TEXTS.expMonth} error={errors.expMonth?.message}>
          {(control) => (
            <input {...control} {...register('expMonth')} inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} placeholder="MM" className={inputClasses} />
          )}
        </Field>
        <Field label={PAYMENT_TEXTS.expYear} error={errors.expYear?.message}>
          {(control) => (
            <input {...control} {...register('expYear')} inputMode="numeric" autoComplete="cc-exp-year" maxLength={4} placeholder="AAAA" className={inputClasses} />
          )}
        </Field>
        <Field label={PAYMENT_TEXTS.cvc} error={errors.cvc?.message}>
          {(control) => (
            <input {...control} {...register('cvc')} type="password" inputMode="numeric" autoComplete="cc-csc" maxLength={4} className={inputClasses} />
          )}
        </Field>
      </div>
      <Field label={PAYMENT_TEXTS.dues} error={errors.dues?.message}>
        {(control) => <NumberInput {...control} {...register('dues')} min={1} max={36} placeholder="1" />}
      </Field>
      <CaptchaField ref={captchaRef} onChange={(payload) => setValue('captcha', payload, { shouldValidate: payload !== '' })} error={errors.captcha?.message} />
      <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
        {payLabel}
      </Button>
    </form>
  );
}
