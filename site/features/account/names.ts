import type { SessionUserView } from '#shared/views/session.ts';

/**
 * The names a page shows for the logged-in person, one rule for the server's render and the
 * browser's. The header shows the name typed at registration (or saved in the profile); the
 * cinema API's `username` (an e-mail's local part for a new account) only when it has none.
 */
export const shortName = (user: Pick<SessionUserView, 'name' | 'username'>): string => user.name || user.username;

/** The side menu and the club card: the full name. */
export const fullName = (user: Pick<SessionUserView, 'fullname' | 'name'>): string => user.fullname || user.name;
