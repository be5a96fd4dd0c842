/**
 * The date a page shows first: the one in `?date=` when it is offered; otherwise the first date
 * with an hour still on sale (`onSale`), so late at night, when today's last hour has started,
 * the page opens on tomorrow; otherwise the first.
 */
export function selectedDate(
  dates: ReadonlyArray<{ date: string }>,
  requested: string | null,
  onSale: (date: string) => boolean = () => true,
): string | null {
  if (requested && dates.some((option) => option.date === requested)) return requested;
  return (dates.find((option) => onSale(option.date)) ?? dates[0])?.date ?? null;
}
