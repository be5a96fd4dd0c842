/** A positive integer path parameter, or undefined. */
export function idParam(value: string): number | undefined {
  if (!/^\d{1,12}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
