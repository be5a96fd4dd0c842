import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { formatReleaseDate } from '#shared/format/dates.ts';
import type { MembershipView } from '#shared/views/session.ts';
import { routes } from '../../lib/routes.ts';
import { PURCHASE_TEXTS } from './texts.ts';

/** Members see 'Ya eres parte del Club Vizionarios' with the end date; others an invitation. */
export function ClubBanner({ membership }: { membership: MembershipView | null }) {
  if (membership?.active) {
    const ends = membership.expiresAt ? formatReleaseDate(membership.expiresAt.slice(0, 10)) : null;
    return (
      <aside className="rounded-2xl border border-success/50 bg-success/10 px-5 py-4">
        <p className="font-bold text-success">{BOOKING_TEXTS.memberBanner}</p>
        {ends && <p className="text-sm">{PURCHASE_TEXTS.memberUntil(ends)}</p>}
      </aside>
    );
  }
  return (
    <aside className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand/50 bg-brand/10 px-5 py-4">
      <div>
        <p className="font-bold text-brand">{PURCHASE_TEXTS.joinClubTitle}</p>
        <p className="text-sm">{PURCHASE_TEXTS.joinClub}</p>
      </div>
      {/* Another tab: reading about the club never costs the seats held here. */}
      <a
        href={routes.club}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand underline underline-offset-4"
      >
        {PURCHASE_TEXTS.joinClubLink}
        <span className="sr-only"> {PURCHASE_TEXTS.newTab}</span>
      </a>
    </aside>
  );
}
