import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './fields.ts';

/** Login (form and `POST /bff/auth/login` body): a valid e-mail and the password rule. */
export const LoginFormSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});

export type LoginForm = z.output<typeof LoginFormSchema>;

/** What the cinema API's `POST login` receives. */
export function toLoginPayload(form: LoginForm): LoginForm {
  return { email: form.email.toLowerCase(), password: form.password };
}
