import type { PlaceView, WaitingRoomRefusal } from '../../../shared/views/waiting-room.ts';
import { BffError } from '../../errors.ts';

/**
 * A purchase refused by the waiting room: 429 (a purchase call) or 403 (the admission check),
 * `Retry-After`, and the person's place beside the error (`WaitingRoomRefusalSchema`).
 */
export class WaitingRoomRefusalError extends BffError {
  readonly place: PlaceView | null;
  readonly retryAfterSeconds: number;

  constructor(
    status: 403 | 429,
    code: 'WAITING_ROOM' | 'WAITING_ROOM_CLOSED',
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
