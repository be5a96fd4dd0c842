import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $forgotDialogOpen, $loginDialogOpen, $sessionUser, $verifyDialogOpen } from './stores.ts';

// Each dialog (and the form library it uses) loads only when first opened.
const LoginDialog = lazy(() => import('./LoginDialog.tsx'));
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog.tsx'));
const VerifyEmailDialog = lazy(() => import('./VerifyEmailDialog.tsx'));

/** Stays true once the flag has been true, so a loaded dialog stays mounted and can close. */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  useEffect(() => {
    if (flag) setSeen(true);
  }, [flag]);
  return seen || flag;
}

/**
 * The account island: the login, forgot-password and e-mail verification dialogs. The account
 * corner (AccountCorner.astro, no framework) mounts it the first time a person opens one of
 * them, so pages carry no React until then.
 */
export default function AccountDialogs() {
  const user = useStore($sessionUser);
  const loginOpen = useOnceTrue(useStore($loginDialogOpen));
  const forgotOpen = useOnceTrue(useStore($forgotDialogOpen));
  const verifyOpen = useOnceTrue(useStore($verifyDialogOpen));
  return (
    <Suspense fallback={null}>
      {loginOpen && <LoginDialog />}
      {forgotOpen && <ForgotPasswordDialog />}
      {verifyOpen && user && <VerifyEmailDialog email={user.email} />}
    </Suspense>
  );
}
