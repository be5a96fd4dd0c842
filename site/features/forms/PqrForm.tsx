import type { PqrForm as PqrFormValues, PqrFormInput } from '#shared/validation/service-forms.ts';
import { CheckboxField, Field, checkboxClasses, inputClasses } from '../../components/Field.tsx';
import { Form } from '../../components/Form.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SelectInput, optionsOf } from '../../components/SelectInput.tsx';
import { routes } from '../../lib/routes.ts';
import { AttachmentUploader } from './AttachmentUploader.tsx';
import { ContactFields } from './ContactFields.tsx';
import { ServiceFormSend } from './ServiceFormSend.tsx';
import { prepareSending, sendPqr } from './sending-parts.ts';
import type { PqrFormOptions } from './form-options.ts';
import { useServiceForm } from './use-service-form.ts';

// zod, the schema and the rules load when the person turns to the form (see lazy-resolver.ts),
// and with them what sending needs (sending-parts.ts).
const loadRules = () => import('#shared/validation/service-forms.ts');
const validation = lazyZodResolver(async () => {
  prepareSending();
  return (await loadRules()).PqrFormSchema;
});

const defaultValues: PqrFormInput = {
  name: '',
  email: '',
  phone: '',
  // The select starts on its placeholder; the schema refuses it until a type is chosen.
  type_pqr: '' as PqrFormInput['type_pqr'],
  message: '',
  accept_terms: false as unknown as true,
  captcha: '',
  attachments: [],
};

const linkClass = 'font-semibold text-brand underline underline-offset-4';

/**
 * The PQR form of /contactanos (document 1, sections 3, 5 and 8). Its choices and attachment
 * rules come as props from the server (`pqrFormOptions`), so the island ships without zod.
 */
export default function PqrForm({ types, attachments }: PqrFormOptions) {
  const { onSubmit, attachmentProps, sendProps } = useServiceForm<PqrFormInput, PqrFormValues>({
    defaultValues,
    send: (values, files, onConfirmed) => {
      const { attachments: _sentAsFiles, ...fields } = values;
      return sendPqr(fields, files, onConfirmed);
    },
  });

  return (
    <Form
      validation={validation}
      defaultValues={defaultValues}
      onSubmit={onSubmit}
      aria-label="Formulario PQR"
      className="flex flex-col gap-5"
    >
      {(form) => {
        const {
          register,
          formState: { errors },
        } = form;
        return (
          <>
            <div className="grid gap-5 sm:grid-cols-2">
              <ContactFields register={register} errors={errors} />
              <Field label="Teléfono" error={errors.phone?.message}>
                {(control) => <PhoneInput {...control} {...register('phone')} />}
              </Field>
              <Field label="Tipo de PQR" error={errors.type_pqr?.message}>
                {(control) => (
                  <SelectInput
                    {...control}
                    {...register('type_pqr')}
                    defaultValue=""
                    placeholder="Selecciona"
                    options={optionsOf(types)}
                  />
                )}
              </Field>
            </div>
            <Field label="Mensaje" error={errors.message?.message}>
              {(control) => <textarea {...control} {...register('message')} rows={4} className={inputClasses} />}
            </Field>

            <AttachmentUploader {...attachments} {...attachmentProps(form)} />

            <CheckboxField
              error={errors.accept_terms?.message}
              label={
                <>
                  He leído y acepto la{' '}
                  <a href={routes.privacy} target="_blank" rel="noopener" className={linkClass}>
                    Política de Protección de Datos Personales
                  </a>
                </>
              }
            >
              {(control) => (
                <input {...control} {...register('accept_terms')} type="checkbox" className={checkboxClasses} />
              )}
            </CheckboxField>

            <ServiceFormSend {...sendProps(form)} />
          </>
        );
      }}
    </Form>
  );
}
