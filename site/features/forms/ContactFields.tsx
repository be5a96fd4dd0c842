import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClasses } from '../../components/Field.tsx';
import { EmailInput } from '../../components/EmailInput.tsx';

type ContactField = 'name' | 'email';

export interface ContactFieldsProps {
  /** The form's `register` (its values have `name` and `email`). */
  register: (name: ContactField) => UseFormRegisterReturn;
  errors: Partial<Record<ContactField, { message?: string | undefined }>>;
  /** The ethics line may be anonymous: its labels say '(opcional)'. */
  optional?: boolean;
}

/** Who writes a service form: 'Nombre' and 'Correo electrónico'. */
export function ContactFields({ register, errors, optional = false }: ContactFieldsProps) {
  const suffix = optional ? ' (opcional)' : '';
  return (
    <>
      <Field label={`Nombre${suffix}`} error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} autoComplete="name" className={inputClasses} />}
      </Field>
      <Field label={`Correo electrónico${suffix}`} error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </Field>
    </>
  );
}
