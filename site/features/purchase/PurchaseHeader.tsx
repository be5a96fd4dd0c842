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

/**
 * Back link, title, rating (with the 15/18 años warning), room, version, format, date, hour:
 * compact on a phone, so the seat map starts on the first screen (issue 38).
 */
export function PurchaseHeader({ view, movieHref }: PurchaseHeaderProps) {
  const { movie, showtime } = view;
  const age = restrictedAge(movie.rating);
  // A line of facts on a phone ('12 años · Drama · Sala 1 · …'), chips from sm up.
  const chip =
    "before:mx-1.5 before:text-muted before:content-['·'] first:before:content-none sm:rounded-full sm:border sm:border-line sm:px-3 sm:py-1 sm:before:content-none";
  return (
    <header className="flex flex-col gap-2 border-b border-line pb-3 sm:gap-3 sm:pb-4">
      <a
        href={movieHref}
        className="inline-flex min-h-6 items-center gap-2 self-start text-sm font-semibold text-brand underline-offset-4 hover:underline sm:text-base"
      >
        <span aria-hidden="true">←</span> {BOOKING_TEXTS.backToMovie}
      </a>
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{movie.title}</h1>
        <ul className="mt-1 flex flex-wrap text-xs sm:mt-2 sm:gap-2 sm:text-sm">
          <li className={`${chip} font-semibold`}>{movie.rating}</li>
          {movie.genre && <li className={chip}>{movie.genre}</li>}
          <li className={chip}>{showtime.roomName}</li>
          <li className={chip}>{showtime.version}</li>
          <li className={chip}>{showtime.format}</li>
        </ul>
        <p className="mt-2 font-semibold sm:mt-3 sm:text-lg">
          {showtime.dateText} · <span className="text-brand">{showtime.hourText}</span>
        </p>
        {age && (
          <div
            role="note"
            className="mt-2 rounded-xl border border-warning/60 bg-warning/10 px-3 py-2 text-sm sm:mt-3 sm:px-4"
          >
            <p className="font-bold text-warning">{BOOKING_TEXTS.ageWarning(age)}</p>
            <p>{BOOKING_TEXTS.idRequired}</p>
          </div>
        )}
      </div>
    </header>
  );
}
