import { z } from 'zod';
import { PasswordSchema, alwaysRun } from './fields.ts';
import { MESSAGES } from './messages.ts';

/** Password reset (form and `POST /bff/auth/reset/:code` body); only the password goes upstream. */
export const ResetPasswordFormSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordMismatch }),
  })
  .refine((form) => form.confirmPassword === form.password, {
    error: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
    when: alwaysRun,
  });

export type ResetPasswordForm = z.output<typeof ResetPasswordFormSchema>;

export type ResetPasswordPayload = { password: string };

export function toResetPasswordPayload(form: ResetPasswordForm): ResetPasswordPayload {
  return { password: form.password };
}
