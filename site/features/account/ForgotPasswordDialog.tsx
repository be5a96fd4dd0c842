import { useStore } from '@nanostores/react';
import type { ForgotPasswordForm } from '#shared/validation/forgot-password.ts';
import { Modal } from '../../components/Modal.tsx';
import { Field } from '../../components/Field.tsx';
import { EmailInput } from '../../components/EmailInput.tsx';
import { Form } from '../../components/Form.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { Button } from '../../components/Button.tsx';
import { $forgotDialogOpen, backToLoginDialog, closeForgotDialog, requestPasswordReset } from './stores.ts';

const validation = lazyZodResolver(
  async () => (await import('#shared/validation/forgot-password.ts')).ForgotPasswordFormSchema,
);

/** 'Olvidé mi contraseña': asks for the e-mail that receives the reset link. */
export default function ForgotPasswordDialog() {
  const open = useStore($forgotDialogOpen);

  return (
    <Modal open={open} onClose={closeForgotDialog} title="Olvidé mi contraseña">
      <p className="mb-4 text-muted">
        Escribe el correo electrónico con el que te registraste y te enviaremos un enlace para restablecer tu
        contraseña.
      </p>
      <Form
        validation={validation}
        defaultValues={{ email: '' }}
        onSubmit={async (values: ForgotPasswordForm, form) => {
          await requestPasswordReset(values);
          form.reset();
        }}
        className="flex flex-col gap-4"
      >
        {({ register, formState: { errors, isSubmitting } }) => (
          <>
            <Field label="Correo electrónico" error={errors.email?.message}>
              {(control) => <EmailInput {...control} {...register('email')} />}
            </Field>
            <Button type="submit" disabled={isSubmitting}>
              Enviar enlace
            </Button>
          </>
        )}
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        ¿Recordaste tu contraseña?{' '}
        <button
          type="button"
          onClick={backToLoginDialog}
          className="font-semibold text-brand underline-offset-4 hover:underline"
        >
          Inicia sesión
        </button>
      </p>
    </Modal>
  );
}
