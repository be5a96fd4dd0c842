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
