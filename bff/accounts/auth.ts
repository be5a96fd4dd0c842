import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toForgotPasswordPayload, type ForgotPasswordForm } from '#shared/validation/forgot-password.ts';
import { toLoginPayload, type LoginForm } from '#shared/validation/login.ts';
import { toRegistrationPayload, type RegistrationForm } from '#shared/validation/registration.ts';
import { toResetPasswordPayload, type ResetPasswordForm } from '#shared/validation/reset-password.ts';
import type { SessionView } from '#shared/views/session.ts';
import { BffError } from '#bff/errors.ts';
import { captchaRefusal } from '#bff/plugins/captcha.ts';
import { revokeSession, sessionView } from '#bff/plugins/session.ts';
import { countLoginAttempt, countResetMail, forgetLoginAttempts } from './attempt-guards.ts';
import { openSession } from './session-user.ts';

/**
 * Log-in, registration, log-out, password recovery and reset. Login and registration seal
 * the upstream token into the session cookie and answer the session view: the token never
 * appears in a body. Their failures carry the cinema API's own message (the spec shows it).
 */

/** What they use of the BFF: the cinema API, attempt counters, captcha, membership, revocations. */
type AccountNeeds = Pick<
  FastifyInstance,
  'upstream' | 'attempts' | 'config' | 'verifyCaptcha' | 'membership' | 'sessionRevocations'
>;

export async function logIn(app: AccountNeeds, request: FastifyRequest, form: LoginForm): Promise<SessionView> {
  await countLoginAttempt(app, form.email);
  const answer = await app.upstream.call(request, 'POST /login', { body: toLoginPayload(form) });
  await forgetLoginAttempts(app, form.email);
  await openSession(app, request, answer);
  return sessionView(request.auth);
}

export async function register(
  app: AccountNeeds,
  request: FastifyRequest,
  form: RegistrationForm,
): Promise<SessionView> {
  // The robot check: a solved proof of work, spent here, before the API hands out the
  // one-use register token (which never leaves the BFF).
  const verdict = await app.verifyCaptcha(form.captcha);
  if (!verdict.ok) throw captchaRefusal(verdict, 'captcha');
  const { token } = await app.upstream.call(request, 'POST /token/register', { body: {} });
  const answer = await app.upstream.call(request, 'POST /register', { body: toRegistrationPayload(form, token) });
  await openSession(app, request, answer);
  return sessionView(request.auth);
}

export async function logOut(app: AccountNeeds, request: FastifyRequest): Promise<void> {
  if (request.auth) {
    try {
      await app.upstream.call(request, 'GET /profile/logout');
    } catch (error) {
      // The visitor leaves anyway; an already revoked token is not a failure.
      if (!(error instanceof BffError && error.statusCode === 401)) {
        request.log.warn({ err: error }, 'upstream logout failed');
      }
    }
  }
  await revokeSession(app, request);
}

export async function sendResetMail(
  app: AccountNeeds,
  request: FastifyRequest,
  form: ForgotPasswordForm,
): Promise<void> {
  await countResetMail(app, form.email);
  await app.upstream.call(request, 'POST /forgot', { body: toForgotPasswordPayload(form) });
}

export async function resetPassword(
  app: AccountNeeds,
  request: FastifyRequest,
  code: string,
  form: ResetPasswordForm,
): Promise<void> {
  await app.upstream.call(request, 'POST /update-password/:code', {
    params: { code },
    body: toResetPasswordPayload(form),
  });
}
