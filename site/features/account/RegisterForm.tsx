import { useId, useRef, useState, type ClipboardEvent } from 'react';
import type { RegistrationForm, RegistrationFormInput } from '#shared/validation/registration.ts';
import { DEVICE, DOC_TYPES, DOC_TYPE_LABELS } from '#shared/validation/options.ts';
import { CheckboxField, Field, checkboxClasses } from '../../components/Field.tsx';
import { EmailInput } from '../../components/EmailInput.tsx';
import { Form } from '../../components/Form.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { NewPasswordInput } from '../../components/PasswordInput.tsx';
import { SelectInput, labelledOptions } from '../../components/SelectInput.tsx';
import { DocumentNumberInput } from '../../components/DocumentNumberInput.tsx';
import { Button } from '../../components/Button.tsx';
import { prepareFeedback } from '../../components/feedback-loader.ts';
import { CaptchaField, type CaptchaFieldHandle } from '../../components/captcha/CaptchaField.tsx';
import { routes } from '../../lib/routes.ts';
import { noteJustRegistered } from '../../lib/arrival-note.ts';
import { PasswordConditions } from './PasswordConditions.tsx';
import { PersonFields } from './PersonFields.tsx';
import { continueSignedIn, register as registerAccount } from './stores.ts';
import { REGISTER_SUCCESS_TEXT } from './texts.ts';

/**
 * The spec's confirmations refuse pasting. Only the clipboard's paste is refused: a browser's
 * autofill (or a password manager) sets the value without a paste event, so the confirmations
 * fill with their fields (decisions/registration-autofill.md).
 */
const blockPaste = (event: ClipboardEvent<HTMLInputElement>) => event.preventDefault();

const defaultValues: Partial<RegistrationFormInput> = {
  name: '',
  lastname: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
  doc_number: '',
  confirmDocNumber: '',
  phone: '',
  birthday: '',
  device: DEVICE,
  captcha: '',
};

// zod and the schema load when the person turns to the form (see lazy-resolver.ts).
const validation = lazyZodResolver(
  async () => (await import('#shared/validation/registration.ts')).RegistrationFormSchema,
);

// A tap target of 28 px in height inside the consent's sentence (WCAG 2.5.8 asks 24).
const linkClass = 'inline-block py-1 font-semibold text-brand underline underline-offset-4';

/** The two acceptances, each linking its document. */
const CONSENTS = [
  { field: 'accept_terms', lead: 'Acepto los', href: routes.terms, document: 'Términos y Condiciones' },
  { field: 'accept_privacy', lead: 'Acepto la', href: routes.privacy, document: 'Política de Privacidad' },
] as const;

export interface RegisterFormProps {
  /**
   * Where the person goes once registered: the showtime they were about to choose seats for
   * (the page's `returnTo`, checked on the server: `registrationReturnTo`), else home.
   */
  destination: string;
}

/**
 * The registration form. The robot check 'Confirmar que no soy un robot' is the ALTCHA proof
 * of work: the BFF verifies it before it asks the cinema API for a register token. Every field
 * a browser knows how to fill says what it holds (`autocomplete`), the confirmations included,
 * and the password rule is shown before typing and ticked as one types.
 */
export default function RegisterForm({ destination }: RegisterFormProps) {
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const conditionsId = useId();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  const onSubmit = async (values: RegistrationForm) => {
    setServerMessage(null);
    const result = await registerAccount(values);
    if (!result.ok) {
      // The proof was spent by this attempt: the next one needs a new check.
      captchaRef.current?.reset();
      setServerMessage(result.failure.message);
      // The server's field messages (an e-mail already registered, say) go under their fields.
      return result.failure.fields;
    }
    setSucceeded(true);
    // The landing page opens the verification screen at once ('Te enviamos un código a …').
    noteJustRegistered();
    continueSignedIn(destination, REGISTER_SUCCESS_TEXT);
    return null;
  };

  return (
    <Form
      validation={validation}
      defaultValues={defaultValues}
      onSubmit={onSubmit}
      // The overlay that holds the page while the next one loads is ready before it is needed.
      onFocusCapture={prepareFeedback}
      className="flex flex-col gap-5"
    >
      {({ register, setValue, watch, formState: { errors, isSubmitting } }) => {
        const docType = watch('doc_type');
        const password = watch('password') ?? '';
        return (
          <>
            <input type="hidden" {...register('device')} />
            <PersonFields register={register} errors={errors} sex="required">
              <Field label="Correo electrónico" error={errors.email?.message}>
                {(control) => <EmailInput {...control} {...register('email')} />}
              </Field>
              <Field label="Confirmar correo electrónico" error={errors.confirmEmail?.message}>
                {(control) => <EmailInput {...control} {...register('confirmEmail')} onPaste={blockPaste} />}
              </Field>
              <Field label="Contraseña" error={errors.password?.message}>
                {(control) => (
                  <>
                    <NewPasswordInput
                      {...control}
                      {...register('password')}
                      aria-describedby={[control['aria-describedby'], conditionsId].filter(Boolean).join(' ')}
                    />
                    <PasswordConditions id={conditionsId} value={password} />
                  </>
                )}
              </Field>
              <Field label="Confirmar contraseña" error={errors.confirmPassword?.message}>
                {(control) => <NewPasswordInput {...control} {...register('confirmPassword')} onPaste={blockPaste} />}
              </Field>
              <Field label="Tipo de documento" error={errors.doc_type?.message}>
                {(control) => (
                  <SelectInput
                    {...control}
                    // The number's rule depends on the type: checked again when the type changes.
                    {...register('doc_type', { deps: ['doc_number', 'confirmDocNumber'] })}
                    defaultValue=""
                    placeholder="Selecciona"
                    options={labelledOptions(DOC_TYPES, DOC_TYPE_LABELS)}
                  />
                )}
              </Field>
              <Field label="Número de documento" error={errors.doc_number?.message}>
                {(control) => <DocumentNumberInput {...control} {...register('doc_number')} docType={docType} />}
              </Field>
              <Field label="Confirmar número de documento" error={errors.confirmDocNumber?.message}>
                {(control) => (
                  <DocumentNumberInput
                    {...control}
                    {...register('confirmDocNumber')}
                    docType={docType}
                    onPaste={blockPaste}
                  />
                )}
              </Field>
            </PersonFields>

            <div className="flex flex-col gap-3">
              {CONSENTS.map((consent) => (
                <CheckboxField
                  key={consent.field}
                  error={errors[consent.field]?.message}
                  label={
                    <>
                      {consent.lead}{' '}
                      <a href={consent.href} target="_blank" rel="noopener" className={linkClass}>
                        {consent.document}
                      </a>
                    </>
                  }
                >
                  {(control) => (
                    <input {...control} {...register(consent.field)} type="checkbox" className={checkboxClasses} />
                  )}
                </CheckboxField>
              ))}
              <CaptchaField
                ref={captchaRef}
                label="Confirmar que no soy un robot"
                onChange={(payload) => setValue('captcha', payload, { shouldValidate: payload !== '' })}
                error={errors.captcha?.message}
              />
            </div>

            <Button type="submit" disabled={isSubmitting || succeeded} className="w-full sm:w-auto sm:self-start">
              Registrarme
            </Button>
            <div aria-live="polite">
              {serverMessage && (
                <p role="alert" className="rounded-lg border border-danger/60 bg-danger/10 px-3 py-2 text-danger">
                  {serverMessage}
                </p>
              )}
            </div>
          </>
        );
      }}
    </Form>
  );
}
