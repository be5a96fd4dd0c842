/** The catalogue's fixed texts (the spec's, word for word, where it gives them). */
export const EMPTY_TEXTS = {
  noDates: 'Por el momento, no hay fechas disponibles.',
  noShowtimes: 'No hay funciones disponibles para tu selección. Intenta con otra fecha u horario.',
  loadingDates: 'Espera un momento mientras cargamos las fechas.',
  unavailable: 'No pudimos cargar la cartelera en este momento. Intenta de nuevo en unos minutos.',
} as const;

export const PAGE_TITLES = {
  billboard: 'Cartelera: Vive el mejor entretenimiento',
  releases: 'Próximos estrenos',
  rooms: 'Salas',
  confectionery: 'Confitería',
  club: 'Club Vizionarios',
  corporate: 'Corporativo',
} as const;

export const PRESALE_BADGE = 'Preventa';

export const FILTER_TEXTS = {
  /** The label of a date's filters. */
  group: 'Filtrar funciones',
  clear: 'Quitar filtros',
} as const;

export const SHARE_TEXTS = {
  button: 'Compartir',
  copied: 'Enlace copiado. Ya puedes pegarlo donde quieras.',
  copyByHand: 'Copia el enlace de la película:',
} as const;

export const HOUR_TEXTS = {
  /** An hour whose showtime has started: shown, never sold. */
  playing: 'En curso',
  /** A date whose hours of this movie are all over. */
  noneLeft: 'Ya no quedan funciones de esta película en esta fecha.',
} as const;

/** The movie page's lowest ticket price still on sale (ours): 'Boletas desde $ 16.000 (incluye el cargo por servicio)'. */
export const PRICE_FROM_TEXTS = {
  before: 'Boletas desde',
  after: '(incluye el cargo por servicio)',
} as const;
