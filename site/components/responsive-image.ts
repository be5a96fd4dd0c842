import { IMAGE_WIDTHS, imageUrl, isResizable } from '../lib/image-url.ts';

/**
 * Where an image is shown, as `sizes` says it to the browser (its CSS width at each breakpoint,
 * from the layout's own classes), and the narrowest and widest CSS width it can have: the
 * srcset offers the ladder's widths from the narrowest × 1 to the widest × 2 (DPR 2 phones).
 */
export interface ImageLayout {
  sizes: string;
  cssWidths: readonly [number, number];
}

/** The phone widths run from 320 px; content is at most 1280 px wide (max-w-7xl) with px-4 / lg:px-6. */
export const IMAGE_LAYOUTS = {
  /** Home carousel slide (carousel-slides.ts: 1, 3 from 600 px, 5 from 1420 px; 1600 px wide at most). */
  homeSlide: {
    sizes:
      '(min-width: 1420px) calc((min(100vw, 1600px) - 32px) / 5 - 16px), (min-width: 1024px) calc((100vw - 32px) / 3 - 16px), (min-width: 600px) calc((100vw - 16px) / 3 - 16px), calc(100vw - 32px)',
    cssWidths: [178, 567],
  },
  /**
   * A movie's poster in a home slide, whole beside its title: the slide's height (its width / 2.4)
   * at 2:3, so the slide's width / 3.6 (homeSlide's widths above).
   */
  homeSlidePoster: {
    sizes:
      '(min-width: 1420px) calc(((min(100vw, 1600px) - 32px) / 5 - 16px) / 3.6), (min-width: 1024px) calc(((100vw - 32px) / 3 - 16px) / 3.6), (min-width: 600px) calc(((100vw - 16px) / 3 - 16px) / 3.6), calc((100vw - 32px) / 3.6)',
    cssWidths: [49, 158],
  },
  /** Billboard carousel slide (2, 3 from 600 px, 5 from 1024 px). */
  billboardSlide: {
    sizes:
      '(min-width: 1024px) calc((min(100vw, 1280px) - 32px) / 5 - 16px), (min-width: 600px) calc((100vw - 16px) / 3 - 16px), calc((100vw - 16px) / 2 - 16px)',
    cssWidths: [136, 320],
  },
  /** Poster grid of releases (2, 3 from 640 px, 5 from 1024 px; 16 px gaps). */
  posterGrid: {
    sizes:
      '(min-width: 1024px) calc((min(100vw, 1280px) - 112px) / 5), (min-width: 640px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)',
    cssWidths: [136, 320],
  },
  /** A listing's poster beside its hours (w-20, w-28 from 640 px). */
  listPoster: { sizes: '(min-width: 640px) 112px, 80px', cssWidths: [80, 112] },
  /** The billboard's poster beside its title, its hours below (w-14, w-32 from 640 px). */
  billboardPoster: { sizes: '(min-width: 640px) 128px, 56px', cssWidths: [56, 128] },
  /** The checkout's poster (w-16, w-24 from 640 px). */
  checkoutPoster: { sizes: '(min-width: 640px) 96px, 64px', cssWidths: [64, 96] },
  /** The ticket page's poster beside the title (w-16, w-28 from 640 px). */
  ticketPoster: { sizes: '(min-width: 640px) 112px, 64px', cssWidths: [64, 112] },
  /** The movie page's poster beside its title: 6rem, 10rem from 640 px, 14rem from 768 px. */
  moviePoster: { sizes: '(min-width: 768px) 224px, (min-width: 640px) 160px, 96px', cssWidths: [96, 224] },
  /** Rooms carousel card (1, 3 from 600 px). */
  roomSlide: {
    sizes: '(min-width: 600px) calc((min(100vw, 1280px) - 32px) / 3 - 16px), calc(100vw - 32px)',
    cssWidths: [178, 567],
  },
  /** A room's own page: two pictures side by side from 768 px. */
  roomPage: {
    sizes: '(min-width: 768px) calc((min(100vw, 1280px) - 64px) / 2), calc(100vw - 32px)',
    cssWidths: [288, 608],
  },
  /** Confectionery grid (1, 2 from 480 px, 3 from 1024 px; 24 px gaps). */
  productGrid: {
    sizes:
      '(min-width: 1024px) calc((min(100vw, 1280px) - 96px) / 3), (min-width: 480px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
    cssWidths: [212, 447],
  },
  /** Snack cards of the purchase page (1, 3 from 600 px). */
  snackSlide: { sizes: '(min-width: 600px) 260px, calc(100vw - 64px)', cssWidths: [256, 536] },
  /**
   * Corporate gallery inside its section's card (border 1 px, p-6, p-8 from 640 px; 12 px gaps):
   * 2 columns, 3 from 640 px, the card as wide as the content from 1024 px (lg:px-6). The card's
   * padding left out put a phone's 148 px photo at 173 (360 for 296) and a laptop's 381 px at 280.
   */
  gallery: {
    sizes:
      '(min-width: 1024px) calc((min(100vw, 1280px) - 138px) / 3), (min-width: 640px) calc((100vw - 122px) / 3), calc((100vw - 94px) / 2)',
    cssWidths: [113, 381],
  },
  /** A corporate section's picture: the card's width inside its padding, 20rem from 768 px. */
  sectionPicture: {
    sizes: '(min-width: 768px) 320px, (min-width: 640px) calc(100vw - 98px), calc(100vw - 82px)',
    cssWidths: [238, 669],
  },
  /** A content page's 2:3 picture (two fifths of 72rem from 768 px). */
  contentPicture: { sizes: '(min-width: 768px) 440px, calc(100vw - 32px)', cssWidths: [288, 567] },
  /** The home popup (at most 28rem). */
  popup: { sizes: '(min-width: 480px) 448px, calc(100vw - 64px)', cssWidths: [256, 448] },
} as const satisfies Record<string, ImageLayout>;

/** A banner's own shape (the cinema API's are 1920 × 800): shown whole, never cut to a poster's box. */
export const BANNER_SIZE = { width: 480, height: 200 } as const;

export type ImageLayoutName = keyof typeof IMAGE_LAYOUTS | `${number}px`;

function layoutOf(name: ImageLayoutName): ImageLayout {
  if (name.endsWith('px')) {
    const width = Number.parseInt(name, 10);
    return { sizes: name, cssWidths: [width, width] };
  }
  return IMAGE_LAYOUTS[name as keyof typeof IMAGE_LAYOUTS];
}

/** The ladder's widths a layout needs: the first at or above its narrowest × 1 up to the first at or above its widest × 2. */
export function widthsFor(layout: ImageLayout): number[] {
  const [narrowest, widest] = layout.cssWidths;
  const first = IMAGE_WIDTHS.findIndex((width) => width >= narrowest);
  const last = IMAGE_WIDTHS.findIndex((width) => width >= widest * 2);
  return IMAGE_WIDTHS.slice(first === -1 ? IMAGE_WIDTHS.length - 1 : first, last === -1 ? undefined : last + 1);
}

export interface PictureOptions {
  /** The image as the cinema API gives it. */
  src: string;
  layout: ImageLayoutName;
  /** In the first screen on a phone and on a desktop: loaded at once rather than when it nears the screen. */
  eager?: boolean;
  /** The page's largest first image: fetched before every other (fetchpriority="high"); eager too. */
  priority?: boolean;
}

export interface PictureMarkup {
  /** The AVIF candidates (a `<source>`), or null for an image shown as it is (an SVG). */
  avifSrcset: string | null;
  src: string;
  srcset: string | undefined;
  sizes: string | undefined;
  loading: 'eager' | 'lazy';
  decoding: 'async';
  fetchPriority: 'high' | undefined;
}

/** What `<picture>` says for one image: AVIF candidates, then JPEG ones with a middle JPEG as `src`. */
export function pictureMarkup({ src, layout, eager = false, priority = false }: PictureOptions): PictureMarkup {
  const loading = {
    loading: eager || priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : undefined,
  } as const;
  if (!isResizable(src)) return { avifSrcset: null, src, srcset: undefined, sizes: undefined, ...loading };
  const { sizes } = layoutOf(layout);
  const widths = widthsFor(layoutOf(layout));
  const srcsetOf = (format: 'avif' | 'jpeg') =>
    widths.map((width) => `${imageUrl(src, width, format)} ${width}w`).join(', ');
  return {
    avifSrcset: srcsetOf('avif'),
    src: imageUrl(src, widths[Math.floor(widths.length / 2)]!, 'jpeg'),
    srcset: srcsetOf('jpeg'),
    sizes,
    ...loading,
  };
}
