import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SEXES, SEX_LABELS } from '#shared/validation/options.ts';
import { Field, inputClasses } from '../../components/Field.tsx';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SelectInput, labelledOptions } from '../../components/SelectInput.tsx';

type PersonField = 'name' | 'lastname' | 'phone' | 'birthday' | 'sex';

export interface PersonFieldsProps {
  /** The form's `register` (its values have these five fields). */
  register: (name: PersonField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonField, { message?: string | undefined }>>;
  /** Registration asks for it ('Selecciona'); the profile may leave it 'Sin especificar'. */
  sex: 'required' | 'optional';
  /** What the form shows between the names and the phone (e-mail, document, ...). */
  children: ReactNode;
}

/** Registration starts on 'Selecciona', which cannot be chosen back; the profile's 'Sin especificar' can. */
const SEX_SELECT = {
  required: { defaultValue: '', placeholder: 'Selecciona' },
  optional: { placeholder: 'Sin especificar', placeholderSelectable: true },
} as const;

/**
 * The person's own data as registration asks for it and the profile changes it, in one grid:
 * 'Nombre' and 'Apellido', then the form's own fields, then 'Celular', 'Fecha de nacimiento'
 * and 'Sexo'.
 */
export function PersonFields({ register, errors, sex, children }: PersonFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Nombre" error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} autoComplete="given-name" className={inputClasses} />}
      </Field>
      <Field label="Apellido" error={errors.lastname?.message}>
        {(control) => (
          <input {...control} {...register('lastname')} autoComplete="family-name" className={inputClasses} />
        )}
      </Field>
      {children}
      <Field label="Celular" error={errors.phone?.message}>
        {(control) => <PhoneInput {...control} {...register('phone')} />}
      </Field>
      <Field label="Fecha de nacimiento" error={errors.birthday?.message}>
        {(control) => (
          <input {...control} {...register('birthday')} type="date" autoComplete="bday" className={inputClasses} />
        )}
      </Field>
      <Field label="Sexo" error={errors.sex?.message}>
        {(control) => (
          <SelectInput
            {...control}
            {...register('sex')}
            {...SEX_SELECT[sex]}
            options={labelledOptions(SEXES, SEX_LABELS)}
          />
        )}
      </Field>
    </div>
  );
}
