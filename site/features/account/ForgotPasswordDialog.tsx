import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import {
  ForgotPasswordFormSchema,
  type ForgotPasswordForm,
} from '../../../shared/validation/forgot-password.ts';
import { Modal } from '../../components/Modal.tsx';
import { Field, inputClasses } from '../../components/Field.tsx';
import { Button } from '../../components/Button.tsx';
import { $forgotDialogOpen, backToLoginDialog, closeForgotDialog, requestPasswordReset } from './stores.ts';

/** 'Olvidé mi contraseña': asks for the e-mail that receives the reset link. */
export default function ForgotPasswordDialog() {
  const open = useStore($forgotDialogOpen);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordFormSchema), defaultValues: { email: '' } });

  const onSubmit = async (values: ForgotPasswordForm) => {
    await requestPasswordReset(values);
    reset();
  };

  return (
    <Modal open={open} onClose={closeForgotDialog} title="Olvidé mi contraseña">
      <p className="mb-4 text-muted">
        Escribe el correo electrónico con el que te registraste y te enviaremos un enlace para restablecer tu contraseña.
      </p>
      <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <Field label="Correo electrónico" error={errors.email?.message}>
          {(control) => (
            <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" className={inputClasses} />
          )}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          Enviar enlace
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        ¿Recordaste tu contraseña?{' '}
        <button type="button" onClick={backToLoginDialog} className="font-semibold text-brand underline-offset-4 hover:underline">
          Inicia sesión
        </button>
      </p>
    </Modal>
  );
}
