import { z } from 'zod';
import { ForgotPasswordFormSchema } from '../validation/forgot-password.ts';
import { LoginFormSchema } from '../validation/login.ts';
import { RegistrationFormSchema } from '../validation/registration.ts';
import { ResetPasswordFormSchema } from '../validation/reset-password.ts';
import { VerificationCodeFormSchema } from '../validation/verification-code.ts';
import { DoneViewSchema, VerificationSentViewSchema } from '../views/accounts.ts';
import { SessionViewSchema } from '../views/session.ts';
import { endpoints } from './endpoint.ts';

/** The BFF's message for an identifier in a path that cannot be one (bff/errors.ts says the same). */
const INVALID_IDENTIFIER = 'El identificador no es válido.';

/** A password-reset link's code, as the e-mail carries it. */
const ResetCodeSchema = z.string().min(1, { error: INVALID_IDENTIFIER }).max(200, { error: INVALID_IDENTIFIER });

/**
 * The account's doors: log-in, registration, log-out, password recovery and reset, who is
 * logged in, and the e-mail verification. Login and registration seal the cinema API's token
 * into the session cookie and answer the session view: the token never appears in a body.
 */
export const accountEndpoints = endpoints({
  'POST /auth/login': {
    description: 'Logs in with e-mail and password; the session cookie is set and the session answered.',
    body: LoginFormSchema,
    answer: SessionViewSchema,
    errors: [502],
  },
  'POST /auth/register': {
    description: 'Registers an account (the captcha solved first) and logs it in.',
    body: RegistrationFormSchema,
    status: 201,
    answer: SessionViewSchema,
    errors: [502],
  },
  'POST /auth/logout': {
    description: 'Ends the session, here and at the cinema API.',
    answer: DoneViewSchema,
    errors: [],
  },
  'POST /auth/forgot': {
    description: 'Sends the password-reset link to the address (the same answer for an unknown one).',
    body: ForgotPasswordFormSchema,
    answer: DoneViewSchema,
    errors: [502],
  },
  'POST /auth/reset/:code': {
    description: "Sets a new password with the reset link's code.",
    params: z.object({ code: ResetCodeSchema }),
    body: ResetPasswordFormSchema,
    answer: DoneViewSchema,
    errors: [502],
  },
  'GET /session': {
    description: 'Who is logged in, from the sealed cookie alone (no call to the cinema API).',
    answer: SessionViewSchema,
    errors: [],
  },
  'POST /verification/send': {
    description: "Sends a verification code to the logged-in user's e-mail.",
    answer: VerificationSentViewSchema,
    errors: [401, 502],
  },
  'POST /verification/validate': {
    description: "Validates the code; the session's user is now verified.",
    body: VerificationCodeFormSchema,
    answer: SessionViewSchema,
    errors: [401, 502],
  },
});
