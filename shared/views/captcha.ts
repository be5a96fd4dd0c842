import { z } from 'zod';

/** The proof of work every captcha asks for: SHA-256, one round per attempt. */
export const CAPTCHA_ALGORITHM = 'SHA-256';

const HEX = /^[0-9a-f]+$/;

/**
 * `GET /bff/captcha/challenge`: an ALTCHA challenge as the widget receives it and sends it
 * back with its solution. The parameters are kept whole (loose), since the signature covers
 * every one of them, known or not, and listed in the order the library sorts them in.
 */
export const CaptchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.literal(CAPTCHA_ALGORITHM),
    cost: z.number().int().positive(),
    expiresAt: z.number().int().positive(),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: z.string().regex(HEX).max(128),
    keySignature: z.string().regex(HEX).max(256).optional(),
    nonce: z.string().regex(HEX).max(128),
    salt: z.string().regex(HEX).max(128),
  }),
  signature: z.string().regex(HEX).max(256),
});
export type CaptchaChallenge = z.output<typeof CaptchaChallengeSchema>;
