import { useStore } from '@nanostores/react';
import { Modal } from '../../components/Modal.tsx';
import { registerPath, registrationReturnTo } from '../../lib/routes.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterInvitation } from './RegisterInvitation.tsx';
import { $loginDialogOpen, $loginDialogTarget, closeLoginDialog, destinationAfterDialogLogin } from './stores.ts';
import { LOGIN_FOR_SEATS_TEXT } from './texts.ts';

/**
 * The login dialog, available on every page; after login the person stays where they were
 * (or goes to the `returnTo` of the login link that opened it). Opened at a showtime's hour, it
 * says why it asks, and a registration started from it comes back to that showtime.
 */
export default function LoginDialog() {
  const open = useStore($loginDialogOpen);
  const target = useStore($loginDialogTarget);
  const forSeats = registrationReturnTo(target) !== null;
  return (
    <Modal
      open={open}
      onClose={closeLoginDialog}
      title="Inicia Sesión"
      description={forSeats ? LOGIN_FOR_SEATS_TEXT : undefined}
    >
      <LoginForm destination={() => destinationAfterDialogLogin(window.location)} />
      <RegisterInvitation href={registerPath(target)} />
    </Modal>
  );
}
