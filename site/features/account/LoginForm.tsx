import { useState } from 'react';
import type { LoginForm as LoginFormValues } from '#shared/validation/login.ts';
import { Field } from '../../components/Field.tsx';
import { EmailInput } from '../../components/EmailInput.tsx';
import { Form } from '../../components/Form.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { Button } from '../../components/Button.tsx';
import { prepareFeedback } from '../../components/feedback-loader.ts';
import { continueSignedIn, login, openForgotDialog } from './stores.ts';
import { LOGIN_SUCCESS_TEXT } from './texts.ts';

// zod and the schema load when the person turns to the form (see lazy-resolver.ts).
const validation = lazyZodResolver(async () => (await import('#shared/validation/login.ts')).LoginFormSchema);

export interface LoginFormProps {
  /** Where a successful login goes (a path of this site), asked once it has succeeded. */
  destination: () => string;
}

/**
 * E-mail and password; shows the server's message on failure. On success the loading overlay
 * says 'Inicio de sesión exitoso.' while the destination loads at once. Used by the dialog and
 * the page.
 */
export function LoginForm({ destination }: LoginFormProps) {
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const onSubmit = async (values: LoginFormValues) => {
    setServerMessage(null);
    const result = await login(values);
    if (!result.ok) {
      setServerMessage(result.failure.message);
      return;
    }
    setSucceeded(true);
    continueSignedIn(destination(), LOGIN_SUCCESS_TEXT);
  };

  return (
    <Form
      validation={validation}
      defaultValues={{ email: '', password: '' }}
      onSubmit={onSubmit}
      // The overlay that holds the page while the next one loads is ready before it is needed.
      onFocusCapture={prepareFeedback}
      className="flex flex-col gap-4"
    >
      {({ register, formState: { errors, isSubmitting } }) => (
        <>
          <Field label="Correo electrónico" error={errors.email?.message}>
            {(control) => <EmailInput {...control} {...register('email')} />}
          </Field>
          <Field label="Contraseña" error={errors.password?.message}>
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
          </Field>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={openForgotDialog}
            className="-my-2 inline-flex min-h-11 w-fit items-center text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            Olvidé mi contraseña
          </button>
          <div aria-live="polite" className="min-h-0">
            {serverMessage && (
              <p role="alert" className="rounded-lg border border-danger/60 bg-danger/10 px-3 py-2 text-sm text-danger">
                {serverMessage}
              </p>
            )}
          </div>
          <Button type="submit" disabled={isSubmitting || succeeded}>
            Ingresar
          </Button>
        </>
      )}
    </Form>
  );
}
