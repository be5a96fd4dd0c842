/**
 * What the waiting page tells a person about their wait: an estimate from the rate at which
 * people were really admitted lately (not the configured one: a full house or a pause slows
 * the queue, and the estimate says so), and how far they have come.
 */

/** Seconds until the people ahead have been admitted at the measured rate; null: no rate measured. */
export function estimatedWaitSeconds(ahead: number, admittedPerMinute: number | null): number | null {
  if (ahead <= 0) return 0;
  if (admittedPerMinute === null || !(admittedPerMinute > 0)) return null;
  return Math.ceil((ahead / admittedPerMinute) * 60);
}

/** The wait in words: 'menos de un minuto', 'unos 12 minutos', 'alrededor de 1 h 20 min'. */
export function waitText(seconds: number | null): string {
  if (seconds === null) return 'aún no la sabemos: la fila todavía no avanza';
  if (seconds < 60) return 'menos de un minuto';
  const minutes = Math.round(seconds / 60);
  if (minutes < 2) return 'un minuto';
  if (minutes < 60) return `unos ${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `alrededor de ${hours} h` : `alrededor de ${hours} h ${rest} min`;
}

/** How far a person has come, 0 to 1: the share of the people that were ahead who are gone. */
export function progressOf(ahead: number, aheadAtStart: number): number {
  if (aheadAtStart <= 0 || ahead <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - ahead / aheadAtStart));
}
