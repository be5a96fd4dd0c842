/** Texts of the account flows that more than one island shows (document 1, sections 4 and 8). */

/** The loading overlay's text during each mutation (empty for the recovery request). */
export const SPINNER_TEXTS = {
  register: 'Registrando usuario...',
  login: 'Ingresando...',
  logout: 'Cerrando sesión...',
  updateProfile: 'Actualizando información personal',
  resetPassword: 'Actualizando Contraseña...',
  forgotPassword: '',
} as const;

export const LOGIN_SUCCESS_TEXT = 'Inicio de sesión exitoso.';
export const REGISTER_SUCCESS_TEXT = 'Registro exitoso.';

/** Ours: the login asked for at a showtime's hour says why (issue 38). */
export const LOGIN_FOR_SEATS_TEXT = 'Inicia sesión o regístrate para elegir tus sillas';
/** Ours: the registration started from a showtime says the person will be taken back to it. */
export const REGISTER_FOR_SEATS_TEXT = 'Al terminar te llevamos a la función que elegiste para que escojas tus sillas.';

/** Ours: a valid code, said in the verification screen itself before it closes. */
export const EMAIL_VERIFIED_TITLE = '¡Correo verificado!';
