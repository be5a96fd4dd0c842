/**
 * The account corner's behaviour on every page, without a framework: reads the session in
 * the browser, marks the document with it (`data-session`, `data-unverified`: CSS shows the
 * matching parts, see styles/global.css) and turns clicks into the account island's dialogs,
 * which load only then.
 */
import type { SessionUserView } from '#shared/views/session.ts';
import { isProtectedPath, routes, safeReturnTo } from '../../lib/routes.ts';
import { takeJustRegistered } from '../../lib/arrival-note.ts';
import {
  $forgotDialogOpen,
  $loginDialogOpen,
  $sessionUser,
  $verifyDialogOpen,
  logout,
  openLoginDialog,
  openVerifyDialog,
  readSession,
} from './stores.ts';

let dialogs: Promise<void> | null = null;

/** Loads and mounts the account island (AccountDialogs.tsx) once. */
export function loadAccountDialogs(): Promise<void> {
  dialogs ??= Promise.all([import('./AccountDialogs.tsx'), import('../../components/mount-island.tsx')]).then(
    ([island, host]) => host.mountIsland(island.default, {}),
  );
  return dialogs;
}

function showSession(user: SessionUserView | null | undefined): void {
  if (user === undefined) return;
  const root = document.documentElement;
  root.dataset.session = user ? 'member' : 'guest';
  root.toggleAttribute('data-unverified', Boolean(user && !user.verified));
}

/** A plain left click on a same-site link, which the page may take over. */
function followedLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? url : null;
}

/**
 * Any link to the login page opens the login dialog instead (its `returnTo` is where the
 * dialog sends the person afterwards), and for a visitor so does any link to a page that
 * needs a session (a showtime's hour), with that page as `returnTo`. Without JavaScript, or
 * in a new tab, the link works as a link (the server's guard asks for the login).
 */
async function onLinkClick(event: MouseEvent): Promise<void> {
  const url = followedLink(event);
  if (!url) return;
  const toLogin = url.pathname === routes.login;
  if (!toLogin && !isProtectedPath(url.pathname)) return;
  const known = $sessionUser.get();
  if (known && !toLogin) return;
  event.preventDefault();
  const target = toLogin ? safeReturnTo(url.searchParams.get('returnTo')) : `${url.pathname}${url.search}${url.hash}`;
  const user = known === undefined ? await readSession() : known;
  if (user) {
    // Already logged in (the page is shared, so its links are the visitor's): go straight on.
    if (target) window.location.assign(target);
    return;
  }
  openLoginDialog(target);
}

function onActionClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('[data-account-action]') : null;
  if (!(button instanceof HTMLElement)) return;
  const action = button.dataset.accountAction;
  if (action === 'logout') void logout();
  if (action === 'verify') openVerifyDialog();
}

/** Starts once per page: reads the session and listens for clicks. */
export function startAccountCorner(): void {
  $sessionUser.subscribe(showSession);
  // Whoever opens a dialog (the corner, the login page's 'Olvidé mi contraseña'), the island
  // that shows it loads then.
  for (const store of [$loginDialogOpen, $forgotDialogOpen, $verifyDialogOpen]) {
    store.listen((open) => {
      if (open) void loadAccountDialogs();
    });
  }
  void readSession().then((user) => {
    // Just registered: the code the registration sent is what the person needs next.
    if (takeJustRegistered() && user && !user.verified) openVerifyDialog();
  });
  document.addEventListener('click', (event) => void onLinkClick(event));
  document.addEventListener('click', onActionClick);
  // Fetch the island while the pointer is on its way to the login link.
  const warm = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-login-link]')) void loadAccountDialogs();
  };
  document.addEventListener('pointerover', warm, { passive: true });
  document.addEventListener('focusin', warm);
}
