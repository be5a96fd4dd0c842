/** Choices offered by the account forms (document 1, section 5). */

export const DOC_TYPES = ['CC', 'CE', 'PPN', 'NIT'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export const DOC_TYPE_LABELS: Readonly<Record<DocType, string>> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  PPN: 'Pasaporte',
  NIT: 'NIT',
};

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

export const SEX_LABELS: Readonly<Record<Sex, string>> = {
  M: 'Masculino',
  F: 'Femenino',
};

/** The device every web request declares to the cinema API. */
export const DEVICE = 'web';
