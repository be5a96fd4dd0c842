/**
 * Our own texts for a page without signal (the spec has none): the offline page
 * (pages/sin-conexion.astro), the list of kept tickets the service worker writes into it, and
 * the ticket page's note once it is kept.
 */
export const OFFLINE_TEXTS = {
  title: 'Sin conexión',
  lead: 'No pudimos abrir esta página porque tu dispositivo no tiene conexión a internet.',
  retryHint: 'Cuando vuelvas a tener señal, intenta de nuevo.',
  retry: 'Intentar de nuevo',
  keptTitle: 'Tus boletas en este dispositivo',
  keptLead: 'Las boletas que abriste con conexión se pueden mostrar sin señal, con sus códigos QR:',
  noneKept:
    'Aún no hay boletas guardadas en este dispositivo. Abre tus boletas con conexión y quedarán disponibles aquí sin señal.',
  ticketKept: 'Disponible sin conexión en este dispositivo.',
} as const;
