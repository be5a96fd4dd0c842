import { useEffect, useState } from 'react';
import {
  PERSON_TYPES,
  PERSON_TYPE_LABELS,
  PSE_DOC_TYPES,
  PseFormSchema,
  type PseForm,
  type PseFormInput,
} from '#shared/validation/payment.ts';
import { DOC_TYPE_LABELS } from '#shared/validation/options.ts';
import type { BanksView } from '#shared/views/booking.ts';
import { callBff } from '#site/lib/bff-browser.ts';
import { Field, inputClasses } from '#site/components/Field.tsx';
import { EmailInput } from '#site/components/EmailInput.tsx';
import { Form } from '#site/components/Form.tsx';
import { lazyZodResolver } from '#site/components/lazy-resolver.ts';
import { Button } from '#site/components/Button.tsx';
import { SelectInput, labelledOptions } from '#site/components/SelectInput.tsx';
import { DocumentNumberInput } from '#site/components/DocumentNumberInput.tsx';
import { PAYMENT_TEXTS } from './texts.ts';
import { fieldMessagesOf, type PaymentFormNext } from './after-payment.ts';

export interface PsePaymentFormProps {
  payLabel: string;
  /** Prefills the payer from the session (the person may change it). */
  defaults?: Partial<Pick<PseFormInput, 'firstName' | 'lastName' | 'email'>>;
  /** Sends the payment; answers what the form does next. */
  onSubmit: (pse: PseForm) => Promise<PaymentFormNext>;
}

// The schema came with the payment wizard; the resolver's code loads when the form is touched.
const validation = lazyZodResolver(async () => PseFormSchema);

/** The PSE form: person type, bank (from the payment provider's list), payer and contact. */
export function PsePaymentForm({ payLabel, defaults, onSubmit }: PsePaymentFormProps) {
  const [banks, setBanks] = useState<BanksView['banks'] | null>(null);
  useEffect(() => {
    let active = true;
    void callBff('GET /payments/banks').then((answer) => {
      if (!active) return;
      if (answer.ok) setBanks(answer.data.banks);
      else {
        console.error('banks unavailable', answer.failure.code);
        setBanks([]);
      }
    });
    return () => {
      active = false;
    };
  }, []);

  const defaultValues: PseFormInput = {
    typePerson: 'natural',
    bank: '',
    firstName: defaults?.firstName ?? '',
    lastName: defaults?.lastName ?? '',
    documentType: 'CC',
    documentNumber: '',
    email: defaults?.email ?? '',
    phoneNumber: '',
  };

  return (
    <Form
      validation={validation}
      defaultValues={defaultValues}
      onSubmit={async (pse: PseForm) => fieldMessagesOf(await onSubmit(pse))}
      className="flex flex-col gap-4"
      aria-label="Pago con PSE"
    >
      {({ register, watch, formState: { errors, isSubmitting } }) => (
        <>
          <Field label={PAYMENT_TEXTS.typePerson} error={errors.typePerson?.message}>
            {(control) => (
              <SelectInput
                {...control}
                {...register('typePerson')}
                options={labelledOptions(PERSON_TYPES, PERSON_TYPE_LABELS)}
              />
            )}
          </Field>
          <Field label={PAYMENT_TEXTS.bank} error={errors.bank?.message}>
            {(control) => (
              <SelectInput
                {...control}
                {...register('bank')}
                disabled={banks === null}
                placeholder={banks === null ? PAYMENT_TEXTS.loadingBanks : PAYMENT_TEXTS.chooseBank}
                placeholderSelectable
                options={(banks ?? []).map((bank) => ({ value: bank.code, label: bank.name }))}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={PAYMENT_TEXTS.firstName} error={errors.firstName?.message}>
              {(control) => (
                <input {...control} {...register('firstName')} autoComplete="given-name" className={inputClasses} />
              )}
            </Field>
            <Field label={PAYMENT_TEXTS.lastName} error={errors.lastName?.message}>
              {(control) => (
                <input {...control} {...register('lastName')} autoComplete="family-name" className={inputClasses} />
              )}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={PAYMENT_TEXTS.documentType} error={errors.documentType?.message}>
              {(control) => (
                <SelectInput
                  {...control}
                  {...register('documentType', { deps: 'documentNumber' })}
                  options={labelledOptions(PSE_DOC_TYPES, DOC_TYPE_LABELS)}
                />
              )}
            </Field>
            <Field label={PAYMENT_TEXTS.documentNumber} error={errors.documentNumber?.message}>
              {(control) => (
                <DocumentNumberInput
                  {...control}
                  {...register('documentNumber')}
                  docType={watch('documentType')}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          <Field label={PAYMENT_TEXTS.email} error={errors.email?.message}>
            {(control) => <EmailInput {...control} {...register('email')} />}
          </Field>
          <Field label={PAYMENT_TEXTS.phoneNumber} error={errors.phoneNumber?.message}>
            {(control) => (
              <input
                {...control}
                {...register('phoneNumber')}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                className={inputClasses}
              />
            )}
          </Field>
          <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
            {payLabel}
          </Button>
        </>
      )}
    </Form>
  );
}
