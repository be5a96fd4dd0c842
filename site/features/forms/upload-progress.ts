/**
 * How far an upload has gone, as the upload dialog shows and announces it: a whole percentage
 * for the bar, and the last step of 25 % reached for screen readers, who hear each step once
 * instead of every progress event.
 */
import type { UploadProgress } from '../../lib/bff-upload.ts';

const ANNOUNCED_STEP = 25;

/** 0 until the browser knows the body's size; 100 only once all of it has gone. */
export function percentSent({ sent, total }: UploadProgress): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sent * 100) / total));
}

/** The step reached (0, 25, 50, 75 or 100). */
export const announcedStep = (percent: number): number => Math.floor(percent / ANNOUNCED_STEP) * ANNOUNCED_STEP;

/** Every byte has left the browser: the BFF's answer is all that is missing. */
export const isFullySent = ({ sent, total }: UploadProgress): boolean => total > 0 && sent >= total;
