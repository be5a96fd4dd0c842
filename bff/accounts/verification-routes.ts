import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SendCodeAnswerSchema,
  ValidateCodeAnswerSchema,
} from '../../shared/cinema-api/accounts.ts';
import { VerificationCodeFormSchema } from '../../shared/validation/verification-code.ts';
import { VerificationSentViewSchema } from '../../shared/views/accounts.ts';
import { SessionViewSchema } from '../../shared/views/session.ts';
import { countCodeMail, countCodeTry, forgetCodeTries } from './attempt-guards.ts';
import { toSessionUser } from './session-user.ts';
import { customerOf, requireCustomer } from '../plugins/customer.ts';
import { RATE_LIMITS } from '../plugins/rate-limit.ts';
import { sessionView, updateSession } from '../plugins/session.ts';
import { errorAnswers } from '../errors.ts';

/** E-mail verification of the logged-in user: send a code, validate it. */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  app.post(
    '/verification/send',
    {
      config: { rateLimit: RATE_LIMITS.verificationSend },
      schema: { response: { 200: VerificationSentViewSchema, ...errorAnswers(401, 502) } },
    },
    async (request) => {
      const email = customerOf(request).user.email;
      await countCodeMail(app, email);
      await app.upstream.call(request, {
        method: 'POST',
        path: 'code',
        body: {},
        schema: SendCodeAnswerSchema,
        auth: true,
        secretHeader: 'registerCode',
      });
      await forgetCodeTries(app, email);
      return { sent: true as const };
    },
  );

  app.post(
    '/verification/validate',
    {
      config: { rateLimit: RATE_LIMITS.verificationValidate },
      schema: { body: VerificationCodeFormSchema, response: { 200: SessionViewSchema, ...errorAnswers(401, 502) } },
    },
    async (request) => {
      const email = customerOf(request).user.email;
      await countCodeTry(app, email);
      const answer = await app.upstream.call(request, {
        method: 'POST',
        path: 'code/validate',
        body: { code: request.body.code },
        schema: ValidateCodeAnswerSchema,
        auth: true,
      });
      await forgetCodeTries(app, email);
      updateSession(request, { user: toSessionUser(answer.data.user) });
      return sessionView(request.auth);
    },
  );
};

export default verificationRoutes;
