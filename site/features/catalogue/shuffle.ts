/** A shuffled copy (Fisher–Yates); the home carousel mixes banners and movies in a new order. */
export function shuffled<T>(items: ReadonlyArray<T>, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * A repeatable random sequence for a seed (mulberry32 over an FNV-1a hash of the text).
 * The home page is shared by caches and must be the same for every visitor, so its carousel
 * is shuffled once per cinema day instead of once per request.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) state = Math.imul(state ^ seed.charCodeAt(index), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
