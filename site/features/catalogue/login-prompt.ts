/**
 * Showtime hours are links to the purchase route. For a visitor they carry
 * `data-login-prompt`: the click opens the login/register dialog instead (without
 * JavaScript the link still works: the purchase route's guard sends the visitor to log in).
 * Someone who logged in through the dialog meanwhile follows the link.
 */
import { $sessionUser, openLoginDialog } from '../account/stores.ts';

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-login-prompt]');
  if (!link || $sessionUser.get()) return;
  event.preventDefault();
  openLoginDialog();
});
