/** Texts of a service form's send: its spinner, success and upload dialog (document 1, sections 4 and 8). */

export const SPINNER_TEXTS = {
  pqr: 'Enviando PQR...',
  ethics: 'Enviando...',
} as const;

export const PQR_SUCCESS = {
  title: '¡Tu PQR fue enviado con éxito!',
  subtitle: 'Gracias por contactarnos. Pronto nos comunicaremos contigo.',
} as const;

export const ETHICS_SUCCESS = {
  title: '¡Envío exitoso!',
  subtitle:
    'Su mensaje fue enviado exitosamente. gracias por comunicase con nosotros, su opinión y comentarios son muy importantes para nosotros.',
} as const;

/** The upload dialog shown while a form and its files are sent (ours: the spec has no progress). */
export const UPLOAD_TEXTS = {
  progressLabel: 'Progreso del envío',
  cancel: 'Cancelar envío',
  /** Said to screen readers at each step, not at every progress event. */
  step: (percent: string) => `Envío al ${percent}`,
  /** Everything has left the phone: only the answer is missing, and cancelling could no longer stop it. */
  waiting: 'Todo enviado. Esperando la confirmación...',
  sentOf: (sent: string, total: string) => `${sent} de ${total}`,
} as const;
