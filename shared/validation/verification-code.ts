import { z } from 'zod';
import { MESSAGES, VERIFICATION_CODE_MAX_LENGTH } from './messages.ts';
import { requiredText } from './fields.ts';

/** Verification code (form and `POST /bff/verification/validate` body): not blank once trimmed. */
export const VerificationCodeFormSchema = z.object({
  code: requiredText(MESSAGES.verificationCodeRequired, VERIFICATION_CODE_MAX_LENGTH),
});
