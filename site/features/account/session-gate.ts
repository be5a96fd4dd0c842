/**
 * The session as other features' islands need it, handed to them by the page (a feature does not
 * import another): whether someone is logged in (the account corner's one read per page), and
 * the site's login and e-mail verification dialogs, with word of them closing.
 */
import {
  $loginDialogOpen,
  $sessionUser,
  $verifyDialogOpen,
  openLoginDialog,
  openVerifyDialog,
  readSession,
} from './stores.ts';

export const sessionGate = {
  async loggedIn(): Promise<boolean> {
    return Boolean($sessionUser.get() ?? (await readSession()));
  },
  /** Opens the login dialog (the person comes back to this page); `closed` hears whether they logged in. */
  logIn(closed: (loggedIn: boolean) => void): void {
    openLoginDialog(null);
    const stop = $loginDialogOpen.listen((open) => {
      if (open) return;
      stop();
      closed(Boolean($sessionUser.get()));
    });
  },
  /** Opens the verification screen ('Verifica el correo'); `closed` hears whether the e-mail is verified now. */
  verifyEmail(closed: (verified: boolean) => void): void {
    openVerifyDialog();
    const stop = $verifyDialogOpen.listen((open) => {
      if (open) return;
      stop();
      closed(Boolean($sessionUser.get()?.verified));
    });
  },
};
