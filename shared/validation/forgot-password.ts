import { z } from 'zod';
import { EmailSchema } from './fields.ts';

/** Forgot password (form and `POST /bff/auth/forgot` body): a valid e-mail. */
export const ForgotPasswordFormSchema = z.object({
  email: EmailSchema,
});

export type ForgotPasswordForm = z.output<typeof ForgotPasswordFormSchema>;

export function toForgotPasswordPayload(form: ForgotPasswordForm): ForgotPasswordForm {
  return { email: form.email.toLowerCase() };
}
