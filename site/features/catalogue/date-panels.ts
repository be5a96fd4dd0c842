/** Ids that tie a date button to its panel. */
export const dateTabId = (prefix: string, date: string): string => `${prefix}-fecha-${date}`;
export const datePanelId = (prefix: string, date: string): string => `${prefix}-funciones-${date}`;
