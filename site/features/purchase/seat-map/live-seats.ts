import type { HoldEvent, SeatStatesEvent } from '#shared/views/booking.ts';
import { bffUrl } from '#site/lib/bff-browser.ts';

/** The data of one server-sent event, as JSON; null when it is not JSON. */
function eventData(event: Event): unknown {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return null;
  try {
    return JSON.parse(event.data);
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isSeatStatesEvent(value: unknown): value is SeatStatesEvent {
  return isObject(value) && Array.isArray(value.rows) && value.rows.every((row) => typeof row === 'string');
}

/** The parts of a hold event the page reads; the hold itself is the BFF's HoldView. */
function isHoldEvent(value: unknown): value is HoldEvent {
  return (
    isObject(value) &&
    (value.hold === null || isObject(value.hold)) &&
    (value.elsewhere === null || typeof value.elsewhere === 'string') &&
    typeof value.leaving === 'boolean'
  );
}

/**
 * Live updates of an open purchase page: the BFF's server-sent events for this showtime, the
 * room's seats (`seats`) and the person's own hold (`hold`: made, changed, released or paid
 * from another tab or device). The browser reconnects by itself after a network hiccup;
 * `stop` closes the stream. A malformed event is ignored: the next one carries the whole state.
 */
export function followSeats(
  showtimeId: number,
  onRows: (rows: string[]) => void,
  onHold?: (event: HoldEvent) => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(bffUrl('GET /booking/:showtimeId/events', { params: { showtimeId } }));
  source.addEventListener('seats', (event) => {
    const data = eventData(event);
    if (isSeatStatesEvent(data)) onRows(data.rows);
  });
  source.addEventListener('hold', (event) => {
    const data = eventData(event);
    if (isHoldEvent(data)) onHold?.(data);
  });
  return () => source.close();
}
