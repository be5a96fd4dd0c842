import { Picture } from './Picture.tsx';
import { POSTER_CLASSES, posterSize, type PosterImageOptions } from './poster-image.ts';

export interface PosterImageProps extends PosterImageOptions {
  src: string;
  /** '' when a title beside it already names the movie. */
  alt?: string;
  className?: string;
}

/** A movie poster in an island: `className` places and sizes it; see poster-image.ts. */
export function PosterImage({ src, alt = '', className = '', width, ...options }: PosterImageProps) {
  return (
    <Picture src={src} alt={alt} {...posterSize(width)} {...options} className={`${POSTER_CLASSES} ${className}`} />
  );
}
