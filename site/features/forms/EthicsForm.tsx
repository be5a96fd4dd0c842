import type { EthicsForm as EthicsFormValues, EthicsFormInput } from '#shared/validation/service-forms.ts';
import { Field, inputClasses } from '../../components/Field.tsx';
import { Form } from '../../components/Form.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { SelectInput, optionsOf } from '../../components/SelectInput.tsx';
import { AttachmentUploader } from './AttachmentUploader.tsx';
import { ContactFields } from './ContactFields.tsx';
import { ServiceFormSend } from './ServiceFormSend.tsx';
import { prepareSending, sendEthicsReport } from './sending-parts.ts';
import type { EthicsFormOptions } from './form-options.ts';
import { useServiceForm } from './use-service-form.ts';

// zod, the schema and the rules load when the person turns to the form (see lazy-resolver.ts),
// and with them what sending needs (sending-parts.ts).
const loadRules = () => import('#shared/validation/service-forms.ts');
const validation = lazyZodResolver(async () => {
  prepareSending();
  return (await loadRules()).EthicsFormSchema;
});

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

/**
 * The ethics-line report of /linea-etica (document 1, sections 3, 5 and 8). Its choices and
 * attachment rules come as props from the server (`ethicsFormOptions`), so the island ships
 * without zod.
 */
export default function EthicsForm({ whistleblowerTypes, attachments }: EthicsFormOptions) {
  const { onSubmit, attachmentProps, sendProps } = useServiceForm<EthicsFormInput, EthicsFormValues>({
    defaultValues,
    send: (values, files, onConfirmed) => {
      const { attachments: _sentAsFiles, ...fields } = values;
      return sendEthicsReport(fields, files, onConfirmed);
    },
  });

  return (
    <Form
      validation={validation}
      defaultValues={defaultValues}
      onSubmit={onSubmit}
      aria-label="Formulario de reporte"
      className="flex flex-col gap-5"
    >
      {(form) => {
        const {
          register,
          formState: { errors },
        } = form;
        return (
          <>
            <Field label="Detalles del reporte" error={errors.details?.message}>
              {(control) => <textarea {...control} {...register('details')} rows={4} className={inputClasses} />}
            </Field>
            <Field label="Empresa o entidad reportada" error={errors.company?.message}>
              {(control) => <textarea {...control} {...register('company')} rows={2} className={inputClasses} />}
            </Field>
            <Field label="Tipo de denunciante" error={errors.whistleblower?.message}>
              {(control) => (
                <SelectInput
                  {...control}
                  {...register('whistleblower')}
                  defaultValue=""
                  placeholder="Selecciona"
                  options={optionsOf(whistleblowerTypes)}
                />
              )}
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <ContactFields register={register} errors={errors} optional />
            </div>

            <AttachmentUploader {...attachments} {...attachmentProps(form)} />

            <ServiceFormSend {...sendProps(form)} />
          </>
        );
      }}
    </Form>
  );
}
