import { isTicketPath, OFFLINE_LABEL_ATTRIBUTE } from '../lib/offline-copies.ts';
import { OFFLINE_TEXTS } from '../lib/offline-texts.ts';
import { isOwnedBy } from './offline-owner.ts';

/**
 * The list of kept tickets the offline page shows, written by the worker from its copies: the
 * page itself is the same for everybody (cached at the edge), the list is this device's.
 */

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Astro writes attribute values escaped; these are the entities it uses. */
const unescapeAttribute = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const labelPattern = new RegExp(`${OFFLINE_LABEL_ATTRIBUTE}="([^"]*)"`);

/** The label a ticket page carries for this list, else its address. */
export function ticketLabel(html: string, pathname: string): string {
  const match = labelPattern.exec(html);
  return match?.[1] ? unescapeAttribute(match[1]) : pathname;
}

export interface KeptTicket {
  path: string;
  label: string;
}

/** The kept tickets of a cache of this session, in the order they were kept; copies of any other session go. */
export async function keptTickets(cache: Cache, owner: string | null): Promise<KeptTicket[]> {
  const tickets: KeptTicket[] = [];
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (!isTicketPath(pathname)) continue;
    const page = await cache.match(request);
    if (!page) continue;
    if (!isOwnedBy(page, owner)) await cache.delete(request);
    else tickets.push({ path: pathname, label: ticketLabel(await page.text(), pathname) });
  }
  return tickets;
}

/** The offline page's part about this device's tickets (markup styled by the site's own classes). */
export function keptTicketsHtml(tickets: ReadonlyArray<KeptTicket>): string {
  const title = `<h2 id="kept-tickets-title" class="text-xl font-bold">${escapeHtml(OFFLINE_TEXTS.keptTitle)}</h2>`;
  if (tickets.length === 0) {
    return `<section aria-labelledby="kept-tickets-title" class="flex flex-col gap-2">${title}<p class="text-muted">${escapeHtml(OFFLINE_TEXTS.noneKept)}</p></section>`;
  }
  const items = tickets
    .map(
      (ticket) =>
        `<li><a href="${escapeHtml(ticket.path)}" class="block rounded-2xl border border-line bg-surface p-4 font-semibold hover:border-brand">${escapeHtml(ticket.label)}</a></li>`,
    )
    .join('');
  return `<section aria-labelledby="kept-tickets-title" class="flex flex-col gap-3">${title}<p class="text-muted">${escapeHtml(OFFLINE_TEXTS.keptLead)}</p><ul class="flex flex-col gap-3">${items}</ul></section>`;
}
