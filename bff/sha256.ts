import { hash } from 'node:crypto';

/** SHA-256 in hex: the fingerprint of what a person sent (a captcha, a payment form). */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

/** SHA-256's bytes, what an answer's ETag is cut from (`shared/http/entity-tags.ts`). */
export const sha256Bytes = (value: string | Uint8Array): Uint8Array => hash('sha256', value, 'buffer');
