import type { HoldEvent } from '../../../../shared/views/booking.ts';

/**
 * Live updates of an open purchase page: the BFF's server-sent events for this showtime, the
 * room's seats (`seats`) and the person's own hold (`hold`: made, changed, released or paid
 * from another tab or device). The browser reconnects by itself after a network hiccup;
 * `stop` closes the stream.
 */
export function followSeats(
  showtimeId: number,
  onRows: (rows: string[]) => void,
  onHold?: (event: HoldEvent) => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`/bff/booking/${showtimeId}/events`);
  source.addEventListener('seats', (event) => {
    try {
      const data = JSON.parse((event as MessageEvent<string>).data) as { rows?: unknown };
      if (Array.isArray(data.rows) && data.rows.every((row) => typeof row === 'string')) onRows(data.rows);
    } catch {
      // A malformed event is ignored; the next one carries the whole room again.
    }
  });
  source.addEventListener('hold', (event) => {
    try {
      const data = JSON.parse((event as MessageEvent<string>).data) as Partial<HoldEvent>;
      if (data && typeof data === 'object' && 'hold' in data && typeof data.leaving === 'boolean')
        onHold?.(data as HoldEvent);
    } catch {
      // Ignored like a malformed seats event.
    }
  });
  return () => source.close();
}
