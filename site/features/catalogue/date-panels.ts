/** The date a page shows first: the one in `?date=` when it is offered, otherwise the first. */
export function selectedDate(dates: ReadonlyArray<{ date: string }>, requested: string | null): string | null {
  if (requested && dates.some((option) => option.date === requested)) return requested;
  return dates[0]?.date ?? null;
}
