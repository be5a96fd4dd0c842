/**
 * A place in words and numbers, the same on the waiting page (its script) and in the small
 * frame shown without JavaScript (rendered on the server).
 */
import type { PlaceView } from '#shared/views/waiting-room.ts';
import { waitText } from '#shared/waiting-room/estimate.ts';
import { hourOf } from '#shared/waiting-room/texts.ts';
import { formatNumber } from '../../lib/numbers.ts';

/** When the sale opens, '10:00 a. m.' in Bogotá (its last dot ends a sentence too). */
export const saleHour = (place: Pick<PlaceView, 'saleStartsAt'>): string => hourOf(place.saleStartsAt);

export interface PlaceFigures {
  position: string;
  ahead: string;
  estimate: string;
  waiting: string;
  /** 0 to 100, whole. */
  progress: number;
  /** The progress bar's value in words, for screen readers. */
  progressText: string;
}

export function placeFigures(place: PlaceView): PlaceFigures {
  const progress = Math.round((place.progress ?? 0) * 100);
  return {
    position: place.position === null ? '–' : formatNumber(place.position),
    ahead: place.ahead === null ? '–' : formatNumber(place.ahead),
    estimate: place.paused ? 'En pausa' : capitalised(waitText(place.estimatedWaitSeconds)),
    waiting: formatNumber(place.waiting),
    progress,
    progressText: progressText(place.ahead, progress),
  };
}

/** 'Llevas el 40 % del camino: faltan 12 personas.' (no count before the draw). */
export function progressText(ahead: number | null, progress: number): string {
  if (ahead === null) return 'La fila aún no empieza a avanzar.';
  if (ahead === 0) return 'Eres la siguiente persona en pasar.';
  const people = ahead === 1 ? 'falta 1 persona' : `faltan ${formatNumber(ahead)} personas`;
  return `Llevas el ${progress} % del camino: ${people}.`;
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
