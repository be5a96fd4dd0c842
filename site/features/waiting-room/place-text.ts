/**
 * A place in words and numbers, the same on the waiting page (its script) and in the small
 * frame shown without JavaScript (rendered on the server).
 */
import { bogotaTime } from '../../../shared/format/bogota-time.ts';
import { formatHour } from '../../../shared/format/dates.ts';
import type { PlaceView } from '../../../shared/views/waiting-room.ts';
import { waitText } from '../../../shared/waiting-room/estimate.ts';
import { formatNumber } from '../../lib/numbers.ts';

/** '10:00 a. m.' in Bogotá (it ends a sentence by itself). */
export const saleHour = (place: Pick<PlaceView, 'saleStartsAt'>): string => formatHour(bogotaTime(place.saleStartsAt));

export interface PlaceFigures {
  position: string;
  ahead: string;
  estimate: string;
  waiting: string;
  /** 0 to 100. */
  progress: number;
}

export function placeFigures(place: PlaceView): PlaceFigures {
  return {
    position: place.position === null ? '–' : formatNumber(place.position),
    ahead: place.ahead === null ? '–' : formatNumber(place.ahead),
    estimate: place.paused ? 'En pausa' : capitalised(waitText(place.estimatedWaitSeconds)),
    waiting: formatNumber(place.waiting),
    progress: Math.round((place.progress ?? 0) * 100),
  };
}

/**
 * One sentence for screen readers, said again only when it changes: not the position (it moves
 * at every read), but the stage and the estimate in words (they change every minute or so).
 */
export function placeSummary(place: PlaceView): string {
  if (place.prequeue) return `Estás en la fila previa. La venta abre a las ${saleHour(place)}`;
  if (place.paused) return 'Estás en la fila. La fila está en pausa; conservas tu lugar.';
  return `Estás en la fila. Espera estimada: ${waitText(place.estimatedWaitSeconds)}.`;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
