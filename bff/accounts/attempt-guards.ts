import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES, LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_STEP_MS } from './attempt-limits.ts';
import { BffError } from '../errors.ts';

/**
 * The account routes' use of the attempt counters (bff/plugins/attempt-counters.ts). Every
 * attempt is counted before the cinema API is asked and a success forgets the count, so
 * concurrent guesses cannot slip past a limit. Limits grow with RATE_LIMIT_FACTOR like every
 * other limit (only tests raise it).
 */

/** What the guards use of the BFF: its attempt counters and the limits' factor. */
type AttemptNeeds = Pick<FastifyInstance, 'attempts' | 'config'>;

const accountKey = (email: string): string => email.trim().toLowerCase();

/** Counts a log-in attempt for an account: slows it past a few, refuses it past the lock. */
export async function countLoginAttempt(app: AttemptNeeds, email: string): Promise<void> {
  const { slowAfter, lockAfter, windowMs } = ATTEMPT_LIMITS.login;
  const factor = app.config.rateLimitFactor;
  const attempt = await app.attempts.hit(`login:${accountKey(email)}`, windowMs);
  if (attempt > lockAfter * factor) {
    throw new BffError(429, 'ACCOUNT_LOCKED', ATTEMPT_MESSAGES.accountLocked);
  }
  const extra = attempt - slowAfter * factor;
  if (extra > 0) await sleep(Math.min(extra * LOGIN_SLOWDOWN_STEP_MS, LOGIN_SLOWDOWN_MAX_MS));
}

export async function forgetLoginAttempts(app: AttemptNeeds, email: string): Promise<void> {
  await app.attempts.reset(`login:${accountKey(email)}`);
}

/** Counts a try of the account's current verification code; past the limit the code is dead. */
export async function countCodeTry(app: AttemptNeeds, email: string): Promise<void> {
  const { max, windowMs } = ATTEMPT_LIMITS.verificationCode;
  const attempt = await app.attempts.hit(`code-tries:${accountKey(email)}`, windowMs);
  if (attempt > max * app.config.rateLimitFactor) {
    throw new BffError(422, 'CODE_EXHAUSTED', ATTEMPT_MESSAGES.codeExhausted, { code: ATTEMPT_MESSAGES.codeExhausted });
  }
}

/** A new code (or a valid one) starts the count over. */
export async function forgetCodeTries(app: AttemptNeeds, email: string): Promise<void> {
  await app.attempts.reset(`code-tries:${accountKey(email)}`);
}

/** Counts a verification-code e-mail to the account; refuses past the hourly cap. */
export async function countCodeMail(app: AttemptNeeds, email: string): Promise<void> {
  const { max, windowMs } = ATTEMPT_LIMITS.codeMails;
  if ((await app.attempts.hit(`code-mails:${accountKey(email)}`, windowMs)) > max * app.config.rateLimitFactor) {
    throw new BffError(429, 'TOO_MANY_MAILS', ATTEMPT_MESSAGES.tooManyCodeMails);
  }
}

/** Counts a recovery e-mail to an address (known or not); refuses past the hourly cap. */
export async function countResetMail(app: AttemptNeeds, email: string): Promise<void> {
  const { max, windowMs } = ATTEMPT_LIMITS.resetMails;
  if ((await app.attempts.hit(`reset-mails:${accountKey(email)}`, windowMs)) > max * app.config.rateLimitFactor) {
    throw new BffError(429, 'TOO_MANY_MAILS', ATTEMPT_MESSAGES.tooManyResetMails, {
      email: ATTEMPT_MESSAGES.tooManyResetMails,
    });
  }
}
