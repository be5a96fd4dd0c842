import { pictureMarkup, type PictureOptions } from './responsive-image.ts';

export interface PictureProps extends PictureOptions {
  /** '' when the text beside it already says what it shows. */
  alt?: string;
  width: number;
  height: number;
  className?: string;
}

/** A photo from the cinema API in an island, the same markup as Picture.astro. */
export function Picture({ src, layout, eager, priority, alt = '', width, height, className }: PictureProps) {
  const picture = pictureMarkup({ src, layout, eager, priority });
  const image = (
    <img
      src={picture.src}
      srcSet={picture.srcset}
      sizes={picture.sizes}
      alt={alt}
      width={width}
      height={height}
      loading={picture.loading}
      decoding={picture.decoding}
      fetchPriority={picture.fetchPriority}
      className={className}
    />
  );
  if (picture.avifSrcset === null) return image;
  return (
    <picture className="contents [&>source]:hidden">
      <source type="image/avif" srcSet={picture.avifSrcset} sizes={picture.sizes} />
      {image}
    </picture>
  );
}
