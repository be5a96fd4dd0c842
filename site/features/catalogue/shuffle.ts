/** A shuffled copy (Fisher–Yates); the home carousel mixes banners and movies in a new order. */
export function shuffled<T>(items: ReadonlyArray<T>, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
