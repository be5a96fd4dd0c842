/**
 * The number of seats a person held last, kept in this browser (localStorage) and offered
 * again in 'Cantidad de sillas': most people buy for the same party each time. Only a count
 * is kept, nothing that names the person; storage refused (private mode, full) is ignored.
 */
const KEY = 'viziona:seat-count';

export function rememberSeatCount(count: number): void {
  try {
    localStorage.setItem(KEY, String(count));
  } catch {
    // Storage refused: the picker keeps its own default.
  }
}

/** The count held last, if any and within 1..max. */
export function rememberedSeatCount(max: number): number | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  const count = Number(stored);
  return Number.isInteger(count) && count >= 1 && count <= max ? count : null;
}
