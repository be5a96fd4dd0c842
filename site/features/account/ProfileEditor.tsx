import { useEffect, useId, useRef, useState } from 'react';
import type { ProfileForm, ProfileFormInput } from '#shared/validation/profile.ts';
import { DOC_TYPE_LABELS, SEX_LABELS, type DocType } from '#shared/validation/options.ts';
import type { ProfileView } from '#shared/views/accounts.ts';
import type { SessionUserView } from '#shared/views/session.ts';
import { Field, inputClasses } from '../../components/Field.tsx';
import { Form, type ServerFieldErrors } from '../../components/Form.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { Button } from '../../components/Button.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { PersonFields } from './PersonFields.tsx';
import { adoptServerSession, updateProfile } from './stores.ts';

export interface ProfileEditorProps {
  profile: ProfileView;
  /** The session view the page was rendered with (the editor refreshes it after saving). */
  user: SessionUserView | null;
}

// zod and the schema load when the person turns to editing (see lazy-resolver.ts): the profile
// is read far more often than it is changed.
const validation = lazyZodResolver(async () => (await import('#shared/validation/profile.ts')).ProfileFormSchema);

const toFormValues = (profile: ProfileView): ProfileFormInput => ({
  name: profile.name,
  lastname: profile.lastname,
  phone: profile.phone,
  birthday: profile.birthday,
  sex: profile.sex,
  password: '',
  confirmPassword: '',
});

/** The BFF names the confirmation as the cinema API does. */
const formFieldNames = (fields: ServerFieldErrors | undefined): ServerFieldErrors =>
  Object.fromEntries(
    Object.entries(fields ?? {}).map(([field, message]) => [
      field === 'password_confirmation' ? 'confirmPassword' : field,
      message,
    ]),
  );

const docTypeLabel = (docType: string): string =>
  docType in DOC_TYPE_LABELS ? DOC_TYPE_LABELS[docType as DocType] : docType;

const sexLabel = (sex: ProfileView['sex']): string => (sex === '' ? 'Sin especificar' : SEX_LABELS[sex]);

function formatBirthday(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'Sin especificar';
}

/**
 * The profile in view mode, and in edit mode after 'Actualizar mi perfil'. E-mail and
 * document never change; the password section is optional and sent only when opened.
 */
export default function ProfileEditor({ profile: initialProfile, user }: ProfileEditorProps) {
  const [profile, setProfile] = useState(initialProfile);
  const [editing, setEditing] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordSectionId = useId();
  useEffect(() => adoptServerSession(user), [user]);

  // Keep keyboard focus in place when the mode changes: the first field (the form's
  // `initialFocus`), or the edit button.
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const startEditing = () => {
    validation.preload();
    setEditing(true);
  };
  const stopEditing = () => {
    setPasswordOpen(false);
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const onSubmit = async (values: ProfileForm) => {
    const result = await updateProfile(values, passwordOpen);
    // The server's field messages (a birthday it refuses, say) go under their fields.
    if (!result.ok) return formFieldNames(result.failure.fields);
    setProfile(result.profile);
    stopEditing();
    return null;
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
        <Button
          ref={editButtonRef}
          onClick={startEditing}
          onFocus={validation.preload}
          onPointerDown={validation.preload}
          className="self-start"
        >
          Actualizar mi perfil
        </Button>
      </div>
    );
  }

  // The form exists while editing: 'Cancelar' drops what was typed, and the next edit starts from the saved profile.
  return (
    <Form
      validation={validation}
      defaultValues={toFormValues(profile)}
      onSubmit={onSubmit}
      initialFocus="name"
      className="flex flex-col gap-6"
    >
      {({ register, setValue, formState: { errors, isSubmitting } }) => {
        const closePasswordSection = () => {
          setPasswordOpen(false);
          setValue('password', '');
          setValue('confirmPassword', '');
        };
        return (
          <>
            <PersonFields register={register} errors={errors} sex="optional">
              {readOnly.map((item) => (
                <Field key={item.label} label={item.label} hint="Este dato no se puede cambiar.">
                  {(control) => <input {...control} value={item.value} readOnly className={inputClasses} />}
                </Field>
              ))}
            </PersonFields>

            <div className="rounded-xl border border-line p-4">
              <button
                type="button"
                aria-expanded={passwordOpen}
                aria-controls={passwordSectionId}
                onClick={() => (passwordOpen ? closePasswordSection() : setPasswordOpen(true))}
                className="flex w-full min-h-11 items-center justify-between gap-3 text-left font-semibold"
              >
                Cambiar contraseña
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className={`size-5 transition-transform ${passwordOpen ? 'rotate-180' : ''}`}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <div id={passwordSectionId} hidden={!passwordOpen} className="mt-4 grid gap-5 sm:grid-cols-2">
                {passwordOpen && (
                  <>
                    <Field label="Nueva contraseña" error={errors.password?.message}>
                      {(control) => (
                        <PasswordInput {...control} {...register('password')} autoComplete="new-password" />
                      )}
                    </Field>
                    <Field label="Confirmar nueva contraseña" error={errors.confirmPassword?.message}>
                      {(control) => (
                        <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />
                      )}
                    </Field>
                  </>
                )}
              </div>
            </div>

            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={stopEditing} disabled={isSubmitting}>
                Cancelar
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                Guardar cambios
              </Button>
            </div>
          </>
        );
      }}
    </Form>
  );
}
