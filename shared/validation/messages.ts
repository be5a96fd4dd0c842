/**
 * Every Spanish validation text and limit of the account forms (document 1, section 5),
 * in one place so the islands and the BFF show exactly the same words.
 * Texts marked "ours" are not in the spec (it says "not shown") and were designed here.
 */

/** 8 to 12 characters, at least one uppercase, one lowercase and one digit, only letters and digits. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,12}$/;

/** Ours: generous upper bounds so a crafted request cannot send megabytes through the BFF. */
export const TEXT_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 190;
export const PHONE_MAX_LENGTH = 20;
export const VERIFICATION_CODE_MAX_LENGTH = 64;

export const MESSAGES = {
  /** Shown when the password is empty. */
  passwordRequired:
    'La contraseña debe tener de 8 a 12 caracteres, incluir al menos una letra mayúscula, una minúscula, un número y no contener caracteres especiales',
  /** Shown when a password is typed but breaks the rule (the spec's short form 'Debe tener de 8 a 12...'). */
  passwordRule: 'Debe tener de 8 a 12 caracteres, una mayúscula, una minúscula, un número y sin caracteres especiales',

  nameRequired: 'El nombre es requerido',
  lastnameRequired: 'El apellido es requerido',
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'Correo electrónico inválido',
  emailMismatch: 'Los correos electrónicos no coinciden',
  passwordMismatch: 'Las contraseñas no coinciden',
  docNumberMismatch: 'Los números de documento no coinciden',
  acceptTerms: 'Debes aceptar los Términos y Condiciones',
  acceptPrivacy: 'Debes aceptar la Política de Privacidad',
  registerToken: 'Debes confirmar que no eres un robot',

  // Ours: the spec requires these registration fields without quoting a message.
  docTypeRequired: 'Selecciona un tipo de documento',
  docNumberRequired: 'El número de documento es requerido',
  phoneRequired: 'El teléfono es requerido',
  birthdayRequired: 'La fecha de nacimiento es requerida',
  deviceRequired: 'El dispositivo no es válido',
  textTooLong: 'El texto es demasiado largo',

  /** Profile: sex M or F (an empty sex is tolerated there). Also used for registration. */
  sexInvalid: 'Seleccione un sexo',
  dateInvalid: 'La fecha no es válida',
  /** Profile: a typed password needs its confirmation. */
  confirmPasswordRequired: 'Confirma la contraseña',
  passwordsMustMatch: 'Las contraseñas deben coincidir',

  /** Verification code: the warning alert's title, and its text (ours). */
  verificationCodeTitle: 'Datos incompletos',
  verificationCodeRequired: 'Ingresa el código que enviamos a tu correo.',
} as const;
