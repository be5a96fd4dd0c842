/**
 * Slides per view of each carousel (the spec's section 9), as CSS widths so the server's HTML
 * already has its final layout: home 5, 3 below 1420 px, 1 below 600 px; billboard 5, 3 below
 * 1024 px, 2 below 600 px; rooms 3, 1 below 600 px.
 */
export type CarouselKind = 'home' | 'billboard' | 'rooms';

const slideWidths: Record<CarouselKind, string> = {
  home: 'basis-full min-[600px]:basis-1/3 min-[1420px]:basis-1/5',
  billboard: 'basis-1/2 min-[600px]:basis-1/3 min-[1024px]:basis-1/5',
  rooms: 'basis-full min-[600px]:basis-1/3',
};

export function slideClass(kind: CarouselKind): string {
  return `${slideWidths[kind]} shrink-0 snap-start px-2`;
}
