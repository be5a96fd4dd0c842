import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SessionAnswerSchema,
  TokenAnswerSchema,
} from '../../shared/cinema-api/accounts.ts';
import { MessageAnswerSchema } from '../../shared/cinema-api/common.ts';
import {
  ForgotPasswordFormSchema,
  toForgotPasswordPayload,
} from '../../shared/validation/forgot-password.ts';
import { LoginFormSchema, toLoginPayload } from '../../shared/validation/login.ts';
import {
  RegistrationFormSchema,
  toRegistrationPayload,
} from '../../shared/validation/registration.ts';
import {
  ResetPasswordFormSchema,
  toResetPasswordPayload,
} from '../../shared/validation/reset-password.ts';
import { DoneViewSchema } from '../../shared/views/accounts.ts';
import { SessionViewSchema } from '../../shared/views/session.ts';
import { countLoginAttempt, countResetMail, forgetLoginAttempts } from './attempt-guards.ts';
import { openSession } from './session-user.ts';
import { BffError, ERROR_MESSAGES, errorAnswers } from '../errors.ts';
import { captchaRefusal } from '../plugins/captcha.ts';
import { RATE_LIMITS } from '../plugins/rate-limit.ts';
import { revokeSession, sessionView } from '../plugins/session.ts';
import { upstreamPath } from '../plugins/upstream.ts';

/**
 * Log-in, registration, log-out, password recovery and reset. Login and registration seal
 * the upstream token into the session cookie and answer the session view: the token never
 * appears in a body. Their failures carry the cinema API's own message (the spec shows it).
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: { body: LoginFormSchema, response: { 200: SessionViewSchema, ...errorAnswers(502) } },
    },
    async (request) => {
      await countLoginAttempt(app, request.body.email);
      const answer = await app.upstream.call(request, {
        method: 'POST',
        path: 'login',
        body: toLoginPayload(request.body),
        schema: SessionAnswerSchema,
      });
      await forgetLoginAttempts(app, request.body.email);
      await openSession(app, request, answer);
      return sessionView(request.auth);
    },
  );

  app.post(
    '/auth/register',
    {
      config: { rateLimit: RATE_LIMITS.register },
      schema: { body: RegistrationFormSchema, response: { 201: SessionViewSchema, ...errorAnswers(502) } },
    },
    async (request, reply) => {
      // The robot check: a solved proof of work, spent here, before the API hands out the
      // one-use register token (which never leaves the BFF).
      const verdict = await app.verifyCaptcha(request.body.captcha);
      if (!verdict.ok) throw captchaRefusal(verdict, 'captcha');
      const { token } = await app.upstream.call(request, {
        method: 'POST',
        path: 'token/register',
        body: {},
        schema: TokenAnswerSchema,
      });
      const answer = await app.upstream.call(request, {
        method: 'POST',
        path: 'register',
        body: toRegistrationPayload(request.body, token),
        schema: SessionAnswerSchema,
      });
      await openSession(app, request, answer);
      return reply.code(201).send(sessionView(request.auth));
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: DoneViewSchema } } },
    async (request) => {
      if (request.auth) {
        try {
          await app.upstream.call(request, {
            method: 'GET',
            path: 'profile/logout',
            schema: MessageAnswerSchema,
            auth: true,
          });
        } catch (error) {
          // The visitor leaves anyway; an already revoked token is not a failure.
          if (!(error instanceof BffError && error.statusCode === 401)) {
            request.log.warn({ err: error }, 'upstream logout failed');
          }
        }
      }
      await revokeSession(app, request);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/forgot',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      schema: { body: ForgotPasswordFormSchema, response: { 200: DoneViewSchema, ...errorAnswers(502) } },
    },
    async (request) => {
      await countResetMail(app, request.body.email);
      await app.upstream.call(request, {
        method: 'POST',
        path: 'forgot',
        body: toForgotPasswordPayload(request.body),
        schema: MessageAnswerSchema,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset/:code',
    {
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: {
        params: z.object({
          code: z.string().min(1, { error: ERROR_MESSAGES.invalidIdentifier }).max(200, { error: ERROR_MESSAGES.invalidIdentifier }),
        }),
        body: ResetPasswordFormSchema,
        response: { 200: DoneViewSchema, ...errorAnswers(502) },
      },
    },
    async (request) => {
      await app.upstream.call(request, {
        method: 'POST',
        path: upstreamPath`update-password/${request.params.code}`,
        body: toResetPasswordPayload(request.body),
        schema: MessageAnswerSchema,
      });
      return { ok: true as const };
    },
  );
};

export default authRoutes;
