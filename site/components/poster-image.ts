/** What every poster image shares, in `.astro` pages and in islands alike (`PosterImage`). */
import type { PictureOptions } from './responsive-image.ts';

export interface PosterImageOptions extends Omit<PictureOptions, 'src'> {
  /** The poster's width attribute in CSS pixels (its shape before it loads); the height follows at 2:3. */
  width: number;
}

/** A 2:3 box on the placeholder colour while the image loads; its user adds width, rounding and placement. */
export const POSTER_CLASSES = 'aspect-[2/3] bg-surface-2 object-cover';

export function posterSize(width: number): { width: number; height: number } {
  return { width, height: (width * 3) / 2 };
}
