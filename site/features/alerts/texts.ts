/** The words of "Avísame" on the pages and the profile. */
export const ALERT_TEXTS = {
  button: 'Avísame',
  /** Beside the button (its name says the movie). */
  asked: 'Listo: te escribiremos cuando salgan las boletas.',
  cancelledHere: 'Aviso cancelado.',
  cancelled: (title: string) => `Cancelaste el aviso de ${title}.`,
  profileTitle: 'Mis avisos',
  profileIntro: 'Te escribimos una sola vez, cuando las boletas de la película salen a la venta.',
  empty: 'No tienes avisos. Toca «Avísame» en un próximo estreno y te escribiremos cuando salgan las boletas.',
  releasesLink: 'Ver próximos estrenos',
  waiting: 'Te avisaremos cuando salgan las boletas',
  sent: (date: string) => `Te avisamos el ${date}`,
  cancel: 'Cancelar aviso',
  cancelLabel: (title: string) => `Cancelar el aviso de ${title}`,
  /** Beside the button when the BFF refuses an unverified address (its message says why). */
  verify: 'Verificar mi correo',
  /** The page of an alert e-mail's cancel link (`/avisos/cancelar/{token}`). */
  unsubscribeTitle: 'Cancelar aviso',
  unsubscribeAsk: 'Quitaremos este aviso de tus avisos y no te escribiremos más por esta película.',
  unsubscribeButton: 'Cancelar el aviso',
  unsubscribed: (title: string) => `Listo: cancelamos tu aviso de ${title}. No te escribiremos más por esta película.`,
  alreadyUnsubscribed: 'Este aviso ya estaba cancelado. No te escribiremos más por él.',
  myAlerts: 'Ver mis avisos',
  home: 'Ir al inicio',
} as const;
