import { isSlug } from '../../lib/routes.ts';

/** The showtime a waiting room's path names (`routes.waitingRoom`, `routes.waitingRoomPlace`). */
export interface WaitingRoomParams {
  theater: string;
  slug: string;
  showtimeId: number;
}

/** The path's parameters, or null when they cannot name a showtime (the page is then a 404, without a BFF call). */
export function waitingRoomParams(params: Record<string, string | undefined>): WaitingRoomParams | null {
  const { theater = '', slug = '', showtimeId = '' } = params;
  if (!isSlug(theater) || !isSlug(slug) || !/^\d{1,9}$/.test(showtimeId)) return null;
  return { theater, slug, showtimeId: Number(showtimeId) };
}
