/**
 * The rules and Spanish texts of "Avísame" both sides share: how many alerts a person keeps,
 * and what the BFF answers when it refuses one (the site shows the same words).
 */

/** An alert e-mail's unsubscribe token as the BFF seals it (base64url): the contract's and the site page's check. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,800}$/;

/** Alerts one person may keep at once (waiting and sent, until they cancel them). */
export const ALERT_LIMIT = 50;

export const ALERT_MESSAGES = {
  limit: `Ya tienes ${ALERT_LIMIT} avisos. Cancela alguno en tu perfil para pedir uno nuevo.`,
  unknownMovie: 'No encontramos esa película.',
  noAlert: 'No tienes un aviso para esa película.',
  unavailable: 'Los avisos por correo no están disponibles en este momento.',
  invalidMovie: 'La película indicada no es válida.',
  unverified: 'Para recibir avisos, primero verifica tu correo electrónico.',
  invalidLink: 'Este enlace para cancelar el aviso no es válido.',
  onSale: 'Las boletas de esta película ya están a la venta. Elige tu función en su página.',
} as const;
