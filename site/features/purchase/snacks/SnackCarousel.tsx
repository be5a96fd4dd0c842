import { useRef } from 'react';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { formatCop } from '#shared/format/money.ts';
import type { SnackOffer } from '#shared/views/booking.ts';
import { Picture } from '#site/components/Picture.tsx';
import { PURCHASE_TEXTS } from '../texts.ts';

/** Snack carousel: 3 per view, 1 under 600 px, slide speed 750 ms. */
const SNACK_CAROUSEL = { perView: 3, perViewNarrow: 1, narrowBelowPx: 600, speedMs: 750 } as const;

export interface SnackCarouselProps {
  snacks: readonly SnackOffer[];
  onAdd: (offer: SnackOffer) => void;
}

/**
 * The snack carousel: 3 products per view, 1 under 600 px, moved with the arrow buttons
 * (750 ms per slide) or by swiping/scrolling; every product stays reachable with Tab.
 */
export function SnackCarousel({ snacks, onAdd }: SnackCarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);

  const slide = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const first = track.firstElementChild as HTMLElement | null;
    const step = first ? first.getBoundingClientRect().width + 16 : track.clientWidth;
    const from = track.scrollLeft;
    const to = Math.max(0, Math.min(track.scrollWidth - track.clientWidth, from + direction * step));
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      track.scrollLeft = to;
      return;
    }
    const started = performance.now();
    const animate = (now: number) => {
      const progress = Math.min(1, (now - started) / SNACK_CAROUSEL.speedMs);
      const eased = 1 - (1 - progress) ** 3;
      track.scrollLeft = from + (to - from) * eased;
      if (progress < 1) requestAnimationFrame(animate);
    };
    requestAnimationFrame(animate);
  };

  if (snacks.length === 0) return <p className="text-muted">{PURCHASE_TEXTS.snacksEmpty}</p>;

  return (
    <div className="relative" role="region" aria-roledescription="carrusel" aria-label="Confitería">
      <ul ref={trackRef} className="no-scrollbar flex snap-x snap-mandatory gap-4 overflow-x-auto pb-3">
        {snacks.map((offer) => (
          <li
            key={offer.code}
            className="flex w-full shrink-0 min-[600px]:w-[calc((100%-2rem)/3)] snap-start flex-col overflow-hidden rounded-2xl border border-line bg-surface"
          >
            {offer.image ? (
              <Picture
                src={offer.image}
                layout="snackSlide"
                width={320}
                height={200}
                className="aspect-[16/10] w-full bg-surface-2 object-cover"
              />
            ) : (
              <div
                aria-hidden="true"
                className="flex aspect-[16/10] w-full items-center justify-center bg-surface-2 text-3xl font-extrabold text-brand"
              >
                V
              </div>
            )}
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="font-bold">{offer.name}</h3>
              {offer.kind === 'combo' && offer.fixed.length + offer.groups.length > 0 && (
                <p className="text-sm text-muted">
                  {[...offer.fixed.map((item) => item.name), ...offer.groups.map((group) => group.name)].join(' + ')}
                </p>
              )}
              <p className="mt-auto text-lg font-extrabold text-brand">{formatCop(offer.price)}</p>
              {offer.savingPerUnit > 0 && (
                <p className="text-sm text-success">Ahorras {formatCop(offer.savingPerUnit)}</p>
              )}
              <button
                type="button"
                aria-label={`${BOOKING_TEXTS.addToCart}: ${offer.name}`}
                aria-haspopup={offer.groups.length > 0 ? 'dialog' : undefined}
                onClick={() => onAdd(offer)}
                className="min-h-11 rounded-full bg-brand px-4 py-2 font-semibold text-on-brand hover:bg-brand-strong"
              >
                {BOOKING_TEXTS.addToCart}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => slide(-1)}
          className="size-11 rounded-full border border-line text-xl hover:border-brand"
          aria-label={PURCHASE_TEXTS.previous}
        >
          ‹
        </button>
        <button
          type="button"
          onClick={() => slide(1)}
          className="size-11 rounded-full border border-line text-xl hover:border-brand"
          aria-label={PURCHASE_TEXTS.next}
        >
          ›
        </button>
      </div>
    </div>
  );
}
