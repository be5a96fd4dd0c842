import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionView } from '#shared/views/session.ts';
import { customerOf } from '#bff/plugins/session-guard.ts';
import { sessionView, updateSession } from '#bff/plugins/session.ts';
import { countCodeMail, countCodeTry, forgetCodeTries } from './attempt-guards.ts';
import { toSessionUser } from './session-user.ts';

/** E-mail verification of the logged-in user: send a code, validate it. */

/** What it uses of the BFF: the cinema API and the attempt counters. */
type VerificationNeeds = Pick<FastifyInstance, 'upstream' | 'attempts' | 'config'>;

export async function sendVerificationCode(app: VerificationNeeds, request: FastifyRequest): Promise<void> {
  const email = customerOf(request).user.email;
  await countCodeMail(app, email);
  await app.upstream.call(request, 'POST /code', { body: {} });
  await forgetCodeTries(app, email);
}

export async function validateVerificationCode(
  app: VerificationNeeds,
  request: FastifyRequest,
  code: string,
): Promise<SessionView> {
  const email = customerOf(request).user.email;
  await countCodeTry(app, email);
  const answer = await app.upstream.call(request, 'POST /code/validate', { body: { code } });
  await forgetCodeTries(app, email);
  updateSession(request, { user: toSessionUser(answer.data.user) });
  return sessionView(request.auth);
}
