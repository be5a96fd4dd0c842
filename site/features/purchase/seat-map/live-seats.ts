/**
 * Live seat updates of an open seat map: the BFF's server-sent events for this showtime.
 * The browser reconnects by itself after a network hiccup; `stop` closes the stream.
 */
export function followSeats(showtimeId: number, onRows: (rows: string[]) => void): () => void {
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
  return () => source.close();
}
