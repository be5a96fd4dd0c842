import { MAX_QUERY_LENGTH } from '#shared/search/movie-search.ts';

/** The search's Spanish texts (issue 34), once for the header, its suggestions and the /buscar page. */
export const SEARCH_TEXTS = {
  label: 'Buscar película',
  placeholder: 'Título, género o director',
  close: 'Cerrar búsqueda',
  submit: 'Buscar',
  suggestions: 'Sugerencias de películas',
  pageTitle: 'Buscar película',
  pageIntro:
    'Encuentra las películas en cartelera y los próximos estrenos por título, título original, género o director.',
  emptyQuery: 'Escribe el título, el género o el director de la película que buscas.',
  unavailable: 'No pudimos buscar películas en este momento. Intenta de nuevo en unos minutos.',
  suggestionsUnavailable: 'No pudimos cargar las sugerencias. Presiona Enter para ver los resultados.',
  seeAll: 'Ver todos los resultados',
  browse: 'Mira la cartelera o los próximos estrenos.',
  billboard: 'Ver cartelera',
  releases: 'Ver próximos estrenos',
} as const;

/**
 * The attributes of a search field (the header's and the /buscar page's): no autocorrection of
 * titles, the keyboard's search key. The type is each field's own: the /buscar page's is a
 * `search` field, the header's a `text` field with `inputmode="search"`, since HTML allows a
 * combobox role on a text field but not on a search field.
 */
export const SEARCH_INPUT_ATTRIBUTES = {
  name: 'q',
  inputmode: 'search',
  autocomplete: 'off',
  autocapitalize: 'off',
  spellcheck: 'false',
  enterkeyhint: 'search',
  // Room for accents and spaces around the characters the normalised query keeps.
  maxlength: MAX_QUERY_LENGTH * 4,
  placeholder: SEARCH_TEXTS.placeholder,
} as const;

/** 'No encontramos películas para «faro azul».' */
export const noResultsText = (query: string): string => `No encontramos películas para «${query}».`;

/** '3 resultados para «faro».' */
export const resultCountText = (count: number, query: string): string =>
  `${count === 1 ? '1 resultado' : `${count} resultados`} para «${query}».`;

/** Where a movie stands, as a result says it. */
export const STATUS_LABELS = {
  showing: 'En cartelera',
  presale: 'Preventa',
  upcoming: 'Próximo estreno',
} as const;
