import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { BookingView } from '#shared/views/booking.ts';

/** Ratings that carry the age warning ('Exclusiva para mayores de …'). */
const AGE_RESTRICTED_RATINGS = ['15', '18'] as const;

export interface PurchaseHeaderProps {
  view: BookingView;
  movieHref: string;
}

/** The age in a rating like '15 años', when it carries the warning. */
export function restrictedAge(rating: string): string | null {
  const age = /(\d+)/.exec(rating)?.[1];
  return age && (AGE_RESTRICTED_RATINGS as readonly string[]).includes(age) ? age : null;
}

/** Back link, title, rating (with the 15/18 años warning), room, version, format, date, hour. */
export function PurchaseHeader({ view, movieHref }: PurchaseHeaderProps) {
  const { movie, showtime } = view;
  const age = restrictedAge(movie.rating);
  return (
    <header className="flex flex-col gap-4 border-b border-line pb-6">
      <a
        href={movieHref}
        className="inline-flex items-center gap-2 self-start font-semibold text-brand underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">←</span> {BOOKING_TEXTS.backToMovie}
      </a>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{movie.title}</h1>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            <li className="rounded-full border border-line px-3 py-1 font-semibold">{movie.rating}</li>
            {movie.genre && <li className="rounded-full border border-line px-3 py-1">{movie.genre}</li>}
            <li className="rounded-full border border-line px-3 py-1">{showtime.roomName}</li>
            <li className="rounded-full border border-line px-3 py-1">{showtime.version}</li>
            <li className="rounded-full border border-line px-3 py-1">{showtime.format}</li>
          </ul>
          <p className="mt-3 text-lg font-semibold">
            {showtime.dateText} · <span className="text-brand">{showtime.hourText}</span>
          </p>
          {age && (
            <div role="note" className="mt-3 rounded-xl border border-warning/60 bg-warning/10 px-4 py-2 text-sm">
              <p className="font-bold text-warning">{BOOKING_TEXTS.ageWarning(age)}</p>
              <p>{BOOKING_TEXTS.idRequired}</p>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
