/**
 * A repeatable random sequence for a seed (mulberry32 over an FNV-1a hash of the text).
 * The home page is shared by caches, so its carousel is shuffled once per cinema day (the day
 * is the seed); the sandbox draws each photo from its name.
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
