import type { PlaceView, WaitingRoomRefusal } from '#shared/views/waiting-room.ts';
import { BffError } from '#bff/errors.ts';

type RefusalCode = 'WAITING_ROOM' | 'WAITING_ROOM_CLOSED';

/** The refusal's body, for a route that answers it rather than throwing it. */
export function refusalBody(code: RefusalCode, message: string, place: PlaceView | null): WaitingRoomRefusal {
  return { error: { code, message }, place };
}

/**
 * A purchase refused by the waiting room: 429 (a purchase call) or 403 (the admission check),
 * `Retry-After`, and the person's place beside the error (`WaitingRoomRefusalSchema`).
 */
export class WaitingRoomRefusalError extends BffError {
  readonly place: PlaceView | null;
  readonly retryAfterSeconds: number;

  constructor(
    status: 403 | 429,
    code: RefusalCode,
    message: string,
    place: PlaceView | null,
    retryAfterSeconds: number,
  ) {
    super(status, code, message);
    this.place = place;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  override toBody(): WaitingRoomRefusal {
    return { ...super.toBody(), place: this.place };
  }
}
