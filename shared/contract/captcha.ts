import { CaptchaChallengeSchema } from '../views/captcha.ts';
import { endpoints } from './endpoint.ts';

/** The captcha every form that needs one asks for (registration, PQR, ethics report, card payment, waiting room). */
export const captchaEndpoints = endpoints({
  'GET /captcha/challenge': {
    description:
      "A new proof-of-work challenge for the forms' captcha widget, signed by the BFF; new every time and never cached.",
    answer: CaptchaChallengeSchema,
    errors: [],
  },
});
