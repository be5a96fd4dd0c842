import { useStore } from '@nanostores/react';
import { Modal } from '../../components/Modal.tsx';
import { routes } from '../../lib/routes.ts';
import { LoginForm } from './LoginForm.tsx';
import { $loginDialogOpen, closeLoginDialog, destinationAfterDialogLogin, loadPage } from './stores.ts';

/**
 * The login dialog, available on every page; after login the person stays where they were
 * (or goes to the `returnTo` of the login link that opened it).
 */
export default function LoginDialog() {
  const open = useStore($loginDialogOpen);
  return (
    <Modal open={open} onClose={closeLoginDialog} title="Inicia Sesión">
      <LoginForm onLoggedIn={() => loadPage(destinationAfterDialogLogin(window.location))} />
      <p className="mt-6 text-center text-sm text-muted">
        ¿No tienes una cuenta?{' '}
        <a href={routes.register} className="font-semibold text-brand underline-offset-4 hover:underline">
          Regístrate aquí
        </a>
      </p>
    </Modal>
  );
}
