import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { WHISTLEBLOWER_TYPES } from '../../../shared/cinema-api/forms.ts';
import {
  ETHICS_ATTACHMENT_RULES,
  EthicsFormSchema,
  SERVICE_FORM_MESSAGES,
  toEthicsUpstreamFields,
  type EthicsForm as EthicsFormValues,
  type EthicsFormInput,
} from '../../../shared/validation/service-forms.ts';
import { Field, inputClasses } from '../../components/Field.tsx';
import { Button } from '../../components/Button.tsx';
import { AttachmentUploader } from './AttachmentUploader.tsx';
import { CaptchaField, type CaptchaFieldHandle } from './CaptchaField.tsx';
import { showFieldErrors } from './field-errors.ts';
import { submitEthicsReport } from './stores.ts';

const defaultValues: EthicsFormInput = {
  details: '',
  company: '',
  // The select starts on its placeholder; the schema refuses it until a type is chosen.
  whistleblower: '' as EthicsFormInput['whistleblower'],
  name: '',
  email: '',
  captcha: '',
  attachments: [],
};

const FIELD_NAMES = ['details', 'company', 'whistleblower', 'name', 'email', 'attachments'] as const;

/** The ethics-line report of /linea-etica (document 1, sections 3, 5 and 8). */
export default function EthicsForm() {
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  // Until the island is interactive, a click would submit the bare HTML form.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<EthicsFormInput, unknown, EthicsFormValues>({
    resolver: zodResolver(EthicsFormSchema),
    defaultValues,
  });
  const files = (watch('attachments') ?? []) as File[];

  const startOver = () => {
    reset(defaultValues);
    captchaRef.current?.reset();
  };

  const onSubmit = async (values: EthicsFormValues) => {
    // Name and e-mail go only when filled (toEthicsUpstreamFields leaves them out).
    const result = await submitEthicsReport(toEthicsUpstreamFields(values), files, startOver);
    if (!result.ok) {
      captchaRef.current?.reset();
      showFieldErrors(result.failure, setError, FIELD_NAMES);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Formulario de reporte" className="flex flex-col gap-5">
      <Field label="Detalles del reporte" error={errors.details?.message}>
        {(control) => <textarea {...control} {...register('details')} rows={4} className={inputClasses} />}
      </Field>
      <Field label="Empresa o entidad reportada" error={errors.company?.message}>
        {(control) => <textarea {...control} {...register('company')} rows={2} className={inputClasses} />}
      </Field>
      <Field label="Tipo de denunciante" error={errors.whistleblower?.message}>
        {(control) => (
          <select {...control} {...register('whistleblower')} className={inputClasses}>
            <option value="" disabled>
              Selecciona
            </option>
            {WHISTLEBLOWER_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre (opcional)" error={errors.name?.message}>
          {(control) => <input {...control} {...register('name')} autoComplete="name" className={inputClasses} />}
        </Field>
        <Field label="Correo electrónico (opcional)" error={errors.email?.message}>
          {(control) => (
            <input {...control} {...register('email')} type="email" inputMode="email" autoComplete="email" className={inputClasses} />
          )}
        </Field>
      </div>

      <AttachmentUploader
        files={files}
        onChange={(next) => setValue('attachments', next, { shouldValidate: isSubmitted })}
        rules={ETHICS_ATTACHMENT_RULES}
        hint={SERVICE_FORM_MESSAGES.ethicsMaxTotalHint}
        error={errors.attachments?.message}
        disabled={isSubmitting}
      />

      <CaptchaField
        ref={captchaRef}
        error={errors.captcha?.message}
        onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
      />

      <div>
        <Button type="submit" disabled={!hydrated || isSubmitting} className="w-full sm:w-auto">
          Enviar
        </Button>
      </div>
    </form>
  );
}
