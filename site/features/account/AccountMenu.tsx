import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { SessionUserView } from '../../../shared/views/session.ts';
import { loginPath, routes } from '../../lib/routes.ts';
import {
  $forgotDialogOpen,
  $loginDialogOpen,
  $sessionUser,
  $verifyDialogOpen,
  adoptServerSession,
  logout,
  openLoginDialog,
  openVerifyDialog,
} from './stores.ts';

// The dialogs (and the form library they use) load only when first needed.
const loadLoginDialog = () => import('./LoginDialog.tsx');
const loadForgotDialog = () => import('./ForgotPasswordDialog.tsx');
const loadVerifyDialog = () => import('./VerifyEmailDialog.tsx');
const LoginDialog = lazy(loadLoginDialog);
const ForgotPasswordDialog = lazy(loadForgotDialog);
const VerifyEmailDialog = lazy(loadVerifyDialog);

/** Stays true once the flag has been true, so a loaded dialog stays mounted and can close. */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  useEffect(() => {
    if (flag) setSeen(true);
  }, [flag]);
  return seen || flag;
}

export interface AccountMenuProps {
  /** The session view the page was rendered with. */
  user: SessionUserView | null;
  /** Path and query of the page, for the no-JavaScript login link. */
  currentLocation: string;
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full px-3 text-sm font-semibold text-text hover:text-brand';

/**
 * The header's account area (one island on every page): login and registration links, or the
 * person's name, 'Mis Compras', profile and logout; the verification prompt; and the login,
 * forgot-password and verification dialogs. Other features open the login dialog simply by
 * linking to the login page (`loginPath(target)` from lib/routes.ts).
 */
export default function AccountMenu({ user: serverUser, currentLocation }: AccountMenuProps) {
  const storedUser = useStore($sessionUser);
  const user = storedUser === undefined ? serverUser : storedUser;
  useEffect(() => adoptServerSession(serverUser), [serverUser]);

  const loginOpen = useOnceTrue(useStore($loginDialogOpen));
  const forgotOpen = useOnceTrue(useStore($forgotDialogOpen));
  const verifyOpen = useOnceTrue(useStore($verifyDialogOpen));

  // Any link to the login page on any page opens the dialog instead (progressive enhancement:
  // without JavaScript, or opened in a new tab, the link still leads to the login page).
  const loggedIn = user !== null;
  useEffect(() => {
    if (loggedIn) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname !== routes.login) return;
      event.preventDefault();
      openLoginDialog(url.searchParams.get('returnTo'));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [loggedIn]);

  return (
    <>
      {user ? (
        <div className="flex items-center gap-1 sm:gap-2">
          {!user.verified && (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={openVerifyDialog}
              onPointerEnter={() => void loadVerifyDialog()}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-warning px-3 text-sm font-semibold text-warning hover:bg-warning hover:text-on-brand"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="m3 7 9 6 9-6" />
              </svg>
              <span className="max-sm:sr-only">Verifica tu correo</span>
            </button>
          )}
          <a href={routes.myTickets} className={`${linkClass} max-md:hidden`}>
            Mis Compras
          </a>
          <a href={routes.profile} className={linkClass}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21a8 8 0 0 1 16 0" />
            </svg>
            <span className="sr-only">Mi perfil: </span>
            <span className="max-w-[9rem] truncate max-sm:sr-only">{user.username || user.name}</span>
          </a>
          <button
            type="button"
            onClick={() => void logout()}
            aria-label="Cerrar Sesión"
            title="Cerrar Sesión"
            className="hidden size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-text lg:inline-flex"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
            </svg>
          </button>
        </div>
      ) : (
        <div className="flex items-center gap-1 sm:gap-2">
          <a
            href={loginPath(currentLocation)}
            onPointerEnter={() => void loadLoginDialog()}
            onFocus={() => void loadLoginDialog()}
            className={linkClass}
          >
            Iniciar Sesión
          </a>
          <a
            href={routes.register}
            className="inline-flex min-h-11 items-center rounded-full bg-brand px-4 text-sm font-semibold text-on-brand hover:bg-brand-strong max-sm:hidden"
          >
            Registrarme
          </a>
        </div>
      )}

      <Suspense fallback={null}>
        {loginOpen && <LoginDialog />}
        {forgotOpen && <ForgotPasswordDialog />}
        {verifyOpen && user && <VerifyEmailDialog email={user.email} />}
      </Suspense>
    </>
  );
}
