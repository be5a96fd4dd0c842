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

/** A release already on sale, on /proximos-estrenos: its first date's hours instead of "Avísame". */
export const RELEASE_SALE_TEXTS = {
  onSale: 'Boletas a la venta',
  allShowtimes: 'Ver todas las funciones',
} as const;

/** A carousel's controls (it moves by itself: WCAG 2.2.2). */
export const CAROUSEL_TEXTS = {
  pause: 'Pausar el carrusel',
  play: 'Reanudar el carrusel',
  previous: 'Anterior',
  next: 'Siguiente',
} as const;

/** "2 de 15", or "1–3 de 15" where several slides show at once. */
export function carouselPosition(first: number, shown: number, total: number): string {
  const last = Math.min(first + shown - 1, total);
  return last > first ? `${first}–${last} de ${total}` : `${first} de ${total}`;
}

/** Home's own words. */
export const HOME_TEXTS = {
  /** A movie slide of the carousel: it opens the movie's page, hours first. */
  seeShowtimes: 'Ver horarios',
} as const;
