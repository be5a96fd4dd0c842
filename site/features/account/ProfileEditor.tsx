import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ProfileForm, ProfileFormInput } from '../../../shared/validation/profile.ts';
import { DOC_TYPE_LABELS, SEXES, SEX_LABELS, type DocType } from '../../../shared/validation/options.ts';
import type { ProfileView } from '../../../shared/views/accounts.ts';
import type { SessionUserView } from '../../../shared/views/session.ts';
import { Field, inputClasses } from '../../components/Field.tsx';
import { NumberInput } from '../../components/NumberInput.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { SelectInput, labelledOptions } from '../../components/SelectInput.tsx';
import { Button } from '../../components/Button.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { adoptServerSession, updateProfile } from './stores.ts';

export interface ProfileEditorProps {
  profile: ProfileView;
  /** The session view the page was rendered with (the editor refreshes it after saving). */
  user: SessionUserView | null;
}

// zod and the schema load when the person turns to editing (see lazy-resolver.ts): the profile
// is read far more often than it is changed.
const validation = lazyZodResolver(async () => (await import('../../../shared/validation/profile.ts')).ProfileFormSchema);

const toFormValues = (profile: ProfileView): ProfileFormInput => ({
  name: profile.name,
  lastname: profile.lastname,
  phone: profile.phone,
  birthday: profile.birthday,
  sex: profile.sex,
  password: '',
  confirmPassword: '',
});

const PROFILE_FIELDS = ['name', 'lastname', 'phone', 'birthday', 'sex', 'password', 'confirmPassword'] as const;
const isProfileField = (name: string): name is (typeof PROFILE_FIELDS)[number] =>
  (PROFILE_FIELDS as readonly string[]).includes(name);

const docTypeLabel = (docType: string): string =>
  docType in DOC_TYPE_LABELS ? DOC_TYPE_LABELS[docType as DocType] : docType;

const sexLabel = (sex: ProfileView['sex']): string => (sex === '' ? 'Sin especificar' : SEX_LABELS[sex]);

function formatBirthday(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'Sin especificar';
}

/**
 * The profile in view mode, and in edit mode after 'Actualizar mi prefil'. E-mail and
 * document never change; the password section is optional and sent only when opened.
 */
export default function ProfileEditor({ profile: initialProfile, user }: ProfileEditorProps) {
  const [profile, setProfile] = useState(initialProfile);
  const [editing, setEditing] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordSectionId = useId();
  useEffect(() => adoptServerSession(user), [user]);

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver: validation.resolver,
    defaultValues: toFormValues(initialProfile),
  });

  // Keep keyboard focus in place when the mode changes: the first field, or the edit button.
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const startEditing = () => {
    validation.preload();
    setEditing(true);
    requestAnimationFrame(() => setFocus('name'));
  };
  const stopEditing = () => {
    setPasswordOpen(false);
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const closePasswordSection = () => {
    setPasswordOpen(false);
    setValue('password', '');
    setValue('confirmPassword', '');
  };

  const cancel = () => {
    reset(toFormValues(profile));
    stopEditing();
  };

  const onSubmit = async (values: ProfileForm) => {
    const result = await updateProfile(values, passwordOpen);
    if (!result.ok) {
      // The server's field messages (a birthday it refuses, say) go under their fields.
      for (const [field, message] of Object.entries(result.failure.fields ?? {})) {
        const name = field === 'password_confirmation' ? 'confirmPassword' : field;
        if (isProfileField(name)) setError(name, { type: 'server', message });
      }
      return;
    }
    const next = result.profile;
    setProfile(next);
    reset(toFormValues(next));
    stopEditing();
  };

  const readOnly = [
    { label: 'Correo electrónico', value: profile.email },
    { label: 'Tipo de documento', value: docTypeLabel(profile.doc_type) },
    { label: 'Número de documento', value: profile.doc_number },
  ];

  if (!editing) {
    const shown = [
      { label: 'Nombre', value: profile.name },
      { label: 'Apellido', value: profile.lastname },
      ...readOnly,
      { label: 'Celular', value: profile.phone || 'Sin especificar' },
      { label: 'Fecha de nacimiento', value: formatBirthday(profile.birthday) },
      { label: 'Sexo', value: sexLabel(profile.sex) },
    ];
    return (
      <div className="flex flex-col gap-6">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {shown.map((item) => (
            <div key={item.label} className="rounded-xl border border-line bg-ink px-4 py-3">
              <dt className="text-sm text-muted">{item.label}</dt>
              <dd className="mt-0.5 font-semibold wrap-anywhere">{item.value}</dd>
            </div>
          ))}
        </dl>
        <Button ref={editButtonRef} onClick={startEditing} onFocus={validation.preload} onPointerDown={validation.preload} className="self-start">
          Actualizar mi prefil
        </Button>
      </div>
    );
  }

  return (
    // method="post": a submit before hydration must never put a password in the URL.
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre" error={errors.name?.message}>
          {(control) => <input {...control} {...register('name')} autoComplete="given-name" className={inputClasses} />}
        </Field>
        <Field label="Apellido" error={errors.lastname?.message}>
          {(control) => <input {...control} {...register('lastname')} autoComplete="family-name" className={inputClasses} />}
        </Field>
        {readOnly.map((item) => (
          <Field key={item.label} label={item.label} hint="Este dato no se puede cambiar.">
            {(control) => <input {...control} value={item.value} readOnly className={inputClasses} />}
          </Field>
        ))}
        <Field label="Celular" error={errors.phone?.message}>
          {(control) => <NumberInput {...control} {...register('phone')} autoComplete="tel-national" />}
        </Field>
        <Field label="Fecha de nacimiento" error={errors.birthday?.message}>
          {(control) => <input {...control} {...register('birthday')} type="date" autoComplete="bday" className={inputClasses} />}
        </Field>
        <Field label="Sexo" error={errors.sex?.message}>
          {(control) => (
            <SelectInput {...control} {...register('sex')} placeholder="Sin especificar" placeholderSelectable options={labelledOptions(SEXES, SEX_LABELS)} />
          )}
        </Field>
      </div>

      <div className="rounded-xl border border-line p-4">
        <button
          type="button"
          aria-expanded={passwordOpen}
          aria-controls={passwordSectionId}
          onClick={() => (passwordOpen ? closePasswordSection() : setPasswordOpen(true))}
          className="flex w-full min-h-11 items-center justify-between gap-3 text-left font-semibold"
        >
          Cambiar contraseña
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-5 transition-transform ${passwordOpen ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <div id={passwordSectionId} hidden={!passwordOpen} className="mt-4 grid gap-5 sm:grid-cols-2">
          {passwordOpen && (
            <>
              <Field label="Nueva contraseña" error={errors.password?.message}>
                {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
              </Field>
              <Field label="Confirmar nueva contraseña" error={errors.confirmPassword?.message}>
                {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
              </Field>
            </>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}
