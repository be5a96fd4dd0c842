/** Texts of the service forms' feedback (document 1, sections 4 and 8). */

export const SPINNER_TEXTS = {
  pqr: 'Enviando PQR...',
  ethics: 'Enviando...',
} as const;

export const PQR_SUCCESS = {
  title: '¡Tu PQR fue enviado con éxito!',
  subtitle: 'Gracias por contactarnos. Pronto nos comunicaremos contigo.',
} as const;

export const ETHICS_SUCCESS = {
  title: '¡Envio exitoso!',
  subtitle:
    'Su mensaje fue enviado exitosamente. gracias por comunicase con nosotros, su opinión y comentarios son muy importantes para nosotros.',
} as const;

/** PQR or ethics failure: a warning with an 'Ok' button. */
export const SUBMIT_FAILURE = {
  title: '¡Error al enviar el reporte!',
  subtitle: 'Ha ocurrido un problema al procesar tu solicitud. Por favor, intenta nuevamente o contacta a soporte.',
  actionLabel: 'Ok',
} as const;
