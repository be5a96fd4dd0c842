import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { useWantedOnce } from '../../components/use-wanted-once.ts';
import { $forgotDialogOpen, $loginDialogOpen, $sessionUser, $verifyDialogOpen } from './stores.ts';

// Each dialog (and the form library it uses) loads only when first opened.
const LoginDialog = lazy(() => import('./LoginDialog.tsx'));
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog.tsx'));
const VerifyEmailDialog = lazy(() => import('./VerifyEmailDialog.tsx'));

/**
 * The account island: the login, forgot-password and e-mail verification dialogs. The account
 * corner (AccountCorner.astro, no framework) mounts it the first time a person opens one of
 * them, so pages carry no React until then.
 */
export default function AccountDialogs() {
  const user = useStore($sessionUser);
  const loginOpen = useWantedOnce(useStore($loginDialogOpen));
  const forgotOpen = useWantedOnce(useStore($forgotDialogOpen));
  const verifyOpen = useWantedOnce(useStore($verifyDialogOpen));
  return (
    <Suspense fallback={null}>
      {loginOpen && <LoginDialog />}
      {forgotOpen && <ForgotPasswordDialog />}
      {verifyOpen && user && <VerifyEmailDialog email={user.email} />}
    </Suspense>
  );
}
