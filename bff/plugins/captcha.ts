import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { BffError } from '../errors.ts';
import { SERVICE_FORM_MESSAGES, CAPTCHA_MAX_LENGTH } from '#shared/validation/service-forms.ts';
import { CAPTCHA_ALGORITHM, CaptchaChallengeSchema, type CaptchaChallenge } from '#shared/views/captcha.ts';
import {
  createMemorySpentCaptchaStore,
  createRedisSpentCaptchaStore,
  type SpentCaptchaStore,
} from './captcha-store.ts';

/**
 * The captcha of every form that needs one (registration, PQR, ethics report, card payment):
 * a self-hosted ALTCHA proof of work. `app.captchaChallenge()` makes a challenge signed with
 * CAPTCHA_HMAC_KEY (served by `GET /bff/captcha/challenge`, routes/captcha/index.ts); the
 * browser's widget solves it and the form sends the resulting payload;
 * `app.verifyCaptcha(payload)` checks the signature, the expiry and the work, and accepts each
 * solved challenge once. No outside service is called, in the browser or here.
 */

/** One round per attempt: the work is the counter the browser has to reach. */
const COST = 1;

interface CaptchaOptions {
  /** Signs challenges and derived keys. A secret of the BFF's configuration. */
  hmacKey: string;
  /** Highest counter a challenge can ask for: the work grows with it (half to all of it). */
  maxNumber: number;
  /** How long a challenge can be solved and its proof submitted, in seconds. */
  ttlSeconds: number;
  /** Where spent proofs are remembered; by default Redis when REDIS_URL is set, else memory. */
  store?: SpentCaptchaStore;
}

type CaptchaRefusalReason = 'missing' | 'malformed' | 'invalid' | 'expired' | 'replayed';

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaRefusalReason };

declare module 'fastify' {
  interface FastifyInstance {
    /** A new challenge for the browser's widget. */
    captchaChallenge(): Promise<CaptchaChallenge>;
    /** Checks a captcha payload and spends it. Never throws; see `captchaRefusal`. */
    verifyCaptcha(payload: unknown): Promise<CaptchaVerdict>;
  }
}

const CAPTCHA_MESSAGES = {
  missing: SERVICE_FORM_MESSAGES.captchaRequired,
  // Ours: the spec shows only the "missing" text.
  invalid: 'El captcha no es válido o ya expiró. Por favor, complétalo de nuevo.',
  replayed: 'Este captcha ya fue usado. Por favor, complétalo de nuevo.',
} as const;

/**
 * The error a route throws for a refused captcha: 422 with the message on the form field
 * that carried it (`captcha` on the service forms; the payment form passes its own name).
 */
export function captchaRefusal(verdict: Extract<CaptchaVerdict, { ok: false }>, field = 'captcha'): BffError {
  switch (verdict.reason) {
    case 'missing':
      return new BffError(422, 'CAPTCHA_REQUIRED', CAPTCHA_MESSAGES.missing, { [field]: CAPTCHA_MESSAGES.missing });
    case 'replayed':
      return new BffError(422, 'CAPTCHA_REPLAYED', CAPTCHA_MESSAGES.replayed, { [field]: CAPTCHA_MESSAGES.replayed });
    default:
      return new BffError(422, 'CAPTCHA_INVALID', CAPTCHA_MESSAGES.invalid, { [field]: CAPTCHA_MESSAGES.invalid });
  }
}

const HEX = /^[0-9a-f]+$/;

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
const PayloadSchema = z.object({
  challenge: CaptchaChallengeSchema,
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: z.string().regex(HEX).max(256),
  }),
});

function decodePayload(payload: string): z.output<typeof PayloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A second secret for the derived-key signature, so one key never signs two kinds of text. */
function keySignatureSecret(hmacKey: string): string {
  return createHmac('sha256', hmacKey).update('viziona-captcha-key-signature').digest('hex');
}

/** Shared by every replica through Redis when REDIS_URL is set; this process's memory otherwise. */
function defaultStore(app: Pick<FastifyInstance, 'redis' | 'log'>): SpentCaptchaStore {
  if (!app.redis) return createMemorySpentCaptchaStore();
  return createRedisSpentCaptchaStore(app.redis, (error) =>
    app.log.warn({ err: error }, "captcha store unavailable, using this replica's memory"),
  );
}

export const captchaPlugin = fp(
  async (app, options: CaptchaOptions) => {
    const store = options.store ?? defaultStore(app);
    const hmacSignatureSecret = options.hmacKey;
    const hmacKeySignatureSecret = keySignatureSecret(options.hmacKey);
    const maxNumber = Math.max(1, Math.floor(options.maxNumber));

    async function captchaChallenge(): Promise<CaptchaChallenge> {
      const challenge: Challenge = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: COST,
        // Deterministic mode: the server picks the counter, so the work is known and the
        // proof is checked with one HMAC instead of repeating the work.
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + options.ttlSeconds,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return CaptchaChallengeSchema.parse(challenge);
    }

    async function verifyCaptcha(payload: unknown): Promise<CaptchaVerdict> {
      if (typeof payload !== 'string' || payload.trim() === '') return { ok: false, reason: 'missing' };
      if (payload.length > CAPTCHA_MAX_LENGTH) return { ok: false, reason: 'malformed' };
      const decoded = decodePayload(payload.trim());
      if (!decoded) return { ok: false, reason: 'malformed' };

      let verified: boolean;
      let expired: boolean;
      try {
        const result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        verified = result.verified;
        expired = result.expired;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (expired) return { ok: false, reason: 'expired' };
      if (!verified) return { ok: false, reason: 'invalid' };

      const { nonce, expiresAt } = decoded.challenge.parameters;
      const firstUse = await store.spend(nonce, expiresAt * 1000);
      return firstUse ? { ok: true } : { ok: false, reason: 'replayed' };
    }

    app.decorate('captchaChallenge', captchaChallenge);
    app.decorate('verifyCaptcha', verifyCaptcha);
  },
  { name: 'viziona-captcha', dependencies: ['viziona-config'] },
);
