/**
 * The languages of a screening as language codes (BCP 47), what structured data asks for:
 * the cinema API names a movie's original language in Spanish ('Inglés') and a showtime's
 * version as 'Doblada' (dubbed into Spanish) or 'Subtitulada' (the original language with
 * Spanish subtitles).
 */

const SPANISH = 'es';

/** Language names as the cinema API writes them, without accents and in lower case. */
const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  aleman: 'de',
  arabe: 'ar',
  catalan: 'ca',
  chino: 'zh',
  coreano: 'ko',
  danes: 'da',
  espanol: SPANISH,
  castellano: SPANISH,
  finlandes: 'fi',
  frances: 'fr',
  griego: 'el',
  hebreo: 'he',
  hindi: 'hi',
  holandes: 'nl',
  neerlandes: 'nl',
  ingles: 'en',
  italiano: 'it',
  japones: 'ja',
  mandarin: 'zh',
  noruego: 'no',
  polaco: 'pl',
  portugues: 'pt',
  ruso: 'ru',
  sueco: 'sv',
  tailandes: 'th',
  turco: 'tr',
};

const plain = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** The code of a language the API names ('Inglés' → 'en'), or null for one we do not know. */
export function languageCode(name: string): string | null {
  return LANGUAGE_CODES[plain(name)] ?? null;
}

export interface ScreeningLanguages {
  /** What is heard. */
  inLanguage?: string;
  /** What the subtitles are written in. */
  subtitleLanguage?: string;
}

/**
 * What is heard and read at a showtime of `version` of a movie in `originalLanguage`. A
 * version we cannot tell says nothing rather than something wrong.
 */
export function screeningLanguages(version: string, originalLanguage: string): ScreeningLanguages {
  const original = languageCode(originalLanguage);
  const kind = plain(version);
  if (kind.startsWith('doblad') || kind === 'espanol' || kind === 'castellano') return { inLanguage: SPANISH };
  if (kind.startsWith('subtitulad')) {
    return { ...(original === null ? {} : { inLanguage: original }), subtitleLanguage: SPANISH };
  }
  if (kind === 'original' || kind === 'version original') return original === null ? {} : { inLanguage: original };
  return {};
}
