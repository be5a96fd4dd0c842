/**
 * Texts of the service forms' feedback that the form shows before anything is sent (document 1,
 * section 8); what the send and its dialog say is in `send-texts.ts`, loaded with the send.
 */

/** PQR or ethics failure: a warning with an 'Ok' button. */
export const SUBMIT_FAILURE = {
  title: '¡Error al enviar el reporte!',
  subtitle: 'Ha ocurrido un problema al procesar tu solicitud. Por favor, intenta nuevamente o contacta a soporte.',
  actionLabel: 'Ok',
} as const;

const KEPT = 'Lo que escribiste y tus archivos siguen aquí: marca de nuevo «No soy un robot» y pulsa «Enviar»';

/** Under 'Enviar' after a send that did not go through. */
export const SEND_NOTICES = {
  cancelled: `Cancelaste el envío. ${KEPT} cuando quieras.`,
  failed: (reason: string) => `${reason} ${KEPT}.`,
} as const;
