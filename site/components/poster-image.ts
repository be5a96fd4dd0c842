/** What every poster image shares, in `.astro` pages and in islands alike (`PosterImage`). */

export interface PosterImageOptions {
  /** The width asked of the image in CSS pixels (400 on cards and the movie page, 120 in lists, 96 in thumbnails); the height follows at 2:3. */
  width: number;
  /** In the first screen: loaded at once rather than when it nears the screen. */
  eager?: boolean;
  /** The page's largest first image: fetched before the others. */
  priority?: boolean;
}

/** A 2:3 box on the placeholder colour while the image loads; its user adds width, rounding and placement. */
export const POSTER_CLASSES = 'aspect-[2/3] bg-surface-2 object-cover';

export function posterImage({ width, eager = false, priority = false }: PosterImageOptions) {
  return {
    width,
    height: (width * 3) / 2,
    loading: eager || priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : undefined,
  } as const;
}
