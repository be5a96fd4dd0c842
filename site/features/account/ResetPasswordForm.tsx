import type { ResetPasswordForm as ResetPasswordValues } from '#shared/validation/reset-password.ts';
import { Field } from '../../components/Field.tsx';
import { Form } from '../../components/Form.tsx';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { Button } from '../../components/Button.tsx';
import { resetPassword } from './stores.ts';

// zod and the schema load when the person turns to the form (see lazy-resolver.ts).
const validation = lazyZodResolver(
  async () => (await import('#shared/validation/reset-password.ts')).ResetPasswordFormSchema,
);

export interface ResetPasswordFormProps {
  /** The code from the reset link (the route's last segment). */
  code: string;
}

/** A new password and its confirmation; only the password is sent, with the route's code. */
export default function ResetPasswordForm({ code }: ResetPasswordFormProps) {
  const onSubmit = (values: ResetPasswordValues) => resetPassword(code, values);

  return (
    <Form
      validation={validation}
      defaultValues={{ password: '', confirmPassword: '' }}
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
    >
      {({ register, formState: { errors, isSubmitting } }) => (
        <>
          <Field label="Nueva contraseña" error={errors.password?.message}>
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
          </Field>
          <Field label="Confirmar contraseña" error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            Cambiar contraseña
          </Button>
        </>
      )}
    </Form>
  );
}
