/**
 * Limits on guessing and on mail sent per account or address, and the Spanish texts a person
 * sees when one is reached (ours: the spec shows none). The BFF enforces them
 * (bff/plugins/attempt-counters.ts); the forms show the message it answers.
 */

const minutes = (n: number): number => n * 60_000;

export const ATTEMPT_LIMITS = {
  /** Wrong passwords for one account: answers slow down after `slowAfter`, then the account locks. */
  login: { slowAfter: 3, lockAfter: 10, windowMs: minutes(15) },
  /** Wrong tries of one e-mail verification code before it dies (a new code starts over). */
  verificationCode: { max: 5, windowMs: minutes(60) },
  /** Verification-code e-mails to one account per hour. */
  codeMails: { max: 5, windowMs: minutes(60) },
  /** Password-recovery e-mails to one address per hour. */
  resetMails: { max: 3, windowMs: minutes(60) },
} as const;

/** Extra wait per wrong password past `slowAfter`, capped. */
export const LOGIN_SLOWDOWN_STEP_MS = 250;
export const LOGIN_SLOWDOWN_MAX_MS = 2_000;

export const ATTEMPT_MESSAGES = {
  accountLocked:
    'Por seguridad bloqueamos temporalmente el inicio de sesión de esta cuenta tras varios intentos fallidos. Intenta de nuevo en 15 minutos o restablece tu contraseña.',
  codeExhausted:
    'Este código ya no es válido porque se ingresó mal demasiadas veces. Solicita un código nuevo.',
  tooManyCodeMails:
    'Ya enviamos varios códigos a tu correo en la última hora. Revisa tu bandeja de entrada (y la carpeta de spam) o intenta de nuevo más tarde.',
  tooManyResetMails:
    'Ya enviamos varios correos de recuperación a esta dirección en la última hora. Revisa tu bandeja de entrada (y la carpeta de spam) o intenta de nuevo más tarde.',
} as const;
