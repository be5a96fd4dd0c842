import { LoginForm } from './LoginForm.tsx';
import { destinationAfterLogin, loadPage } from './stores.ts';

/** The login page's island: after login, the `returnTo` target (a path of this site) or home. */
export default function LoginPanel() {
  return <LoginForm onLoggedIn={() => loadPage(destinationAfterLogin(window.location))} />;
}
