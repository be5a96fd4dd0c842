/**
 * Account state shared by the account islands (header menu, dialogs, forms, profile) and
 * the actions that change it. Islands read with `useStore` and write only through these
 * actions. Only types come from shared/validation here: this module is part of the header
 * island on every page, which must not carry zod.
 */
import { atom } from 'nanostores';
import type { SessionUserView } from '#shared/views/session.ts';
import type { LoginForm } from '#shared/validation/login.ts';
import type { RegistrationForm } from '#shared/validation/registration.ts';
import type { ForgotPasswordForm } from '#shared/validation/forgot-password.ts';
import type { ResetPasswordForm } from '#shared/validation/reset-password.ts';
import type { ProfileForm } from '#shared/validation/profile.ts';
import type { ProfileView } from '#shared/views/accounts.ts';
import type { BffFailure } from '../../lib/bff-error.ts';
import { callBff } from '../../lib/bff-browser.ts';
import { forgetOfflineTickets } from '../../lib/offline-tickets.ts';
import { isGuestOnlyPath, loginReturnTo, routes, safeReturnTo } from '../../lib/routes.ts';
import { hideSpinner, openStatusModal, showSpinner, withSpinner } from '../../components/feedback-stores.ts';
import { SPINNER_TEXTS } from './texts.ts';

// ---------------------------------------------------------------------------------------
// Session

/**
 * Who is logged in. `undefined` until the browser has read the session (`readSession`) or
 * an island of a personal page adopts the server's view: the server never writes this
 * module-level store (it is shared by concurrent requests).
 */
export const $sessionUser = atom<SessionUserView | null | undefined>(undefined);

/** Called by islands on hydration with the session view the server rendered them with. */
export function adoptServerSession(user: SessionUserView | null): void {
  if ($sessionUser.get() === undefined) $sessionUser.set(user);
}

let sessionRead: Promise<SessionUserView | null> | null = null;

/**
 * The session as the browser sees it (`GET /bff/session`, once per page): public pages are
 * the same for everyone, so their personal parts are filled from this. When the BFF cannot
 * answer, the person is treated as a visitor (the links still lead to the login page), except
 * on a personal page, which the server rendered for them: a ticket page opened without signal
 * keeps its person. When the BFF says nobody is logged in (the session ended), the tickets
 * kept for use without signal go.
 */
export function readSession(): Promise<SessionUserView | null> {
  sessionRead ??= callBff('GET /session').then(async (answer) => {
    if (answer.ok) {
      $sessionUser.set(answer.data.user);
      if (!answer.data.user) await forgetOfflineTickets();
    } else if ($sessionUser.get() === undefined && !document.documentElement.dataset.session) {
      $sessionUser.set(null);
    }
    return $sessionUser.get() ?? null;
  });
  return sessionRead;
}

// ---------------------------------------------------------------------------------------
// Dialogs

export const $loginDialogOpen = atom(false);
export const $forgotDialogOpen = atom(false);
export const $verifyDialogOpen = atom(false);

/**
 * Where the login dialog sends the person afterwards (a path of this site), or null to stay on
 * the page. The dialog says why it asks when this is a showtime's purchase, and its link to the
 * registration carries it (the registration page checks it again on the server).
 */
export const $loginDialogTarget = atom<string | null>(null);

/** Opens the login dialog; `returnTo` (a path of this site) is where to go after logging in. */
export function openLoginDialog(returnTo?: string | null): void {
  $loginDialogTarget.set(loginReturnTo(returnTo));
  $forgotDialogOpen.set(false);
  $loginDialogOpen.set(true);
}

/** After logging in through the dialog: its `returnTo`, else back to the page (see below). */
export function destinationAfterDialogLogin(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return $loginDialogTarget.get() ?? destinationAfterLogin(location);
}

export function closeLoginDialog(): void {
  $loginDialogOpen.set(false);
}

/** From the login dialog or page: 'Olvidé mi contraseña' (its link back keeps `returnTo`). */
export function openForgotDialog(): void {
  $loginDialogOpen.set(false);
  $forgotDialogOpen.set(true);
}

export function closeForgotDialog(): void {
  $forgotDialogOpen.set(false);
}

/** 'Inicia sesión' from the forgot-password dialog. */
export function backToLoginDialog(): void {
  $forgotDialogOpen.set(false);
  $loginDialogOpen.set(true);
}

export function openVerifyDialog(): void {
  $verifyDialogOpen.set(true);
}

export function closeVerifyDialog(): void {
  $verifyDialogOpen.set(false);
}

// ---------------------------------------------------------------------------------------
// Navigation

/**
 * Where a person goes after logging in: back to the page they were on; from a guest-only
 * page (the login page itself) to its `returnTo` target or home.
 */
export function destinationAfterLogin(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  if (isGuestOnlyPath(location.pathname)) {
    return loginReturnTo(new URLSearchParams(location.search).get('returnTo')) ?? routes.home;
  }
  // The page's own address can be `//evil.example` too (a crafted link): never leave the site.
  return safeReturnTo(`${location.pathname}${location.search}${location.hash}`) ?? routes.home;
}

/** A full page load, so every server-rendered part shows the new session. */
export function loadPage(path: string): void {
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (path === current) window.location.reload();
  else window.location.assign(path);
}

/**
 * Logged in or registered: on to `path` at once, with `text` ('Inicio de sesión exitoso.') in the
 * loading overlay until the next page shows. The overlay keeps this page inert meanwhile, so no
 * tap lands on a page that is about to go (issue 41: a reload 1–4 s after the header showed the
 * name lost such taps, and in Firefox aborted the navigation they started).
 */
export function continueSignedIn(path: string, text: string): void {
  showSpinner(text);
  // Brought back by the back button from the browser's cache, this page would still be the
  // visitor's one under the overlay: load it again with the session.
  window.addEventListener(
    'pageshow',
    (event) => {
      if (event.persisted) window.location.reload();
    },
    { once: true },
  );
  loadPage(path);
}

// ---------------------------------------------------------------------------------------
// Mutations

export type ActionResult = { ok: true } | { ok: false; failure: BffFailure };

/** A refusal: the overlay goes and the form says why. */
function refused(failure: BffFailure): ActionResult {
  hideSpinner();
  return { ok: false, failure };
}

/**
 * Takes the session a log-in or a registration answered with. Whoever was here before, their
 * tickets kept for use without signal are not this person's.
 */
async function adoptSignedIn(user: SessionUserView): Promise<ActionResult> {
  await forgetOfflineTickets();
  $sessionUser.set(user);
  return { ok: true };
}

/**
 * Logs in with the overlay shown. On success the overlay stays: the caller moves on at once
 * (`continueSignedIn`), so the page never looks finished before it is left.
 */
export async function login(form: LoginForm): Promise<ActionResult> {
  showSpinner(SPINNER_TEXTS.login);
  const result = await callBff('POST /auth/login', { body: form });
  if (!result.ok) return refused(result.failure);
  if (!result.data.user) {
    // The spec: an answer without a user changes nothing beyond a log line.
    console.error('Respuesta de inicio de sesión sin usuario');
    return refused({ code: 'NO_USER', message: 'No fue posible iniciar sesión. Inténtalo de nuevo.' });
  }
  return adoptSignedIn(result.data.user);
}

/**
 * Posts the whole registration form (the BFF validates it again and lowercases the e-mail); on
 * success the overlay stays, as after `login`.
 */
export async function register(form: RegistrationForm): Promise<ActionResult> {
  showSpinner(SPINNER_TEXTS.register);
  const result = await callBff('POST /auth/register', { body: form });
  if (!result.ok) return refused(result.failure);
  if (!result.data.user) {
    console.error('Respuesta de registro sin usuario');
    return refused({ code: 'NO_USER', message: 'No fue posible completar el registro. Inténtalo de nuevo.' });
  }
  return adoptSignedIn(result.data.user);
}

/** Logs out, forgets the tickets kept for use without signal, and goes home. A failure is only logged (the spec shows nothing). */
export async function logout(): Promise<void> {
  const result = await withSpinner(SPINNER_TEXTS.logout, () => callBff('POST /auth/logout'));
  if (!result.ok) {
    console.error('Error al cerrar sesión', result.failure.code);
    return;
  }
  await forgetOfflineTickets();
  $sessionUser.set(null);
  window.location.assign(routes.home);
}

/** The robot-check token of the registration form; null when it could not be obtained. */
export async function requestPasswordReset(form: ForgotPasswordForm): Promise<void> {
  const result = await withSpinner(SPINNER_TEXTS.forgotPassword, () => callBff('POST /auth/forgot', { body: form }));
  if (result.ok) {
    openStatusModal({
      type: 'success',
      title: '¡Correo de recuperación enviado!',
      subtitle: 'Revisa tu bandeja de entrada. Hemos enviado un enlace para que puedas restablecer tu contraseña.',
      actionLabel: 'Ok',
      onAction: closeForgotDialog,
    });
  } else {
    openStatusModal({
      type: 'error',
      title: 'Error en la recuperación de contraseña',
      subtitle: 'No se pudo enviar el correo. Por favor, inténtalo de nuevo o contacta a soporte.',
    });
  }
}

export async function resetPassword(code: string, form: ResetPasswordForm): Promise<void> {
  const result = await withSpinner(SPINNER_TEXTS.resetPassword, () =>
    callBff('POST /auth/reset/:code', { params: { code }, body: form }),
  );
  if (result.ok) {
    openStatusModal({
      type: 'success',
      title: '¡Contraseña actualizada exitosamente!',
      subtitle: 'Ahora inicia sesión con tu nueva contraseña.',
      onAction: () => window.location.assign(routes.login),
    });
  } else {
    openStatusModal({
      type: 'error',
      title: 'Error al actualizar la contraseña',
      subtitle:
        'No se pudo actualizar tu contraseña. Por favor, inténtalo de nuevo o contacta a soporte si el problema persiste.',
    });
  }
}

/**
 * Saves the profile (the password only when its section was opened and filled), adopts the
 * session view the BFF answers with (every copy of the name on the page follows it), and
 * reads the profile again. A refusal keeps the spec's modal and returns the field messages.
 */
export async function updateProfile(
  form: ProfileForm,
  includePassword: boolean,
): Promise<{ ok: true; profile: ProfileView } | { ok: false; failure: BffFailure }> {
  const body: ProfileForm = includePassword ? form : { ...form, password: '', confirmPassword: '' };
  const saved = await withSpinner(SPINNER_TEXTS.updateProfile, () => callBff('PUT /profile', { body }));
  if (!saved.ok) {
    openStatusModal({
      type: 'error',
      title: 'Error al actualizar el perfil',
      subtitle:
        'Ha ocurrido un problema al actualizar tu información. Por favor, inténtalo nuevamente o contacta a soporte.',
    });
    return { ok: false, failure: saved.failure };
  }
  $sessionUser.set(saved.data.session.user);
  // The spec refetches the profile after an update.
  const fresh = await callBff('GET /profile');
  openStatusModal({
    type: 'success',
    title: '¡Perfil actualizado exitosamente!',
    subtitle: 'Tu información personal se ha actualizado correctamente.',
  });
  return { ok: true, profile: fresh.ok ? fresh.data : saved.data.profile };
}

// ---------------------------------------------------------------------------------------
// E-mail verification

/** Shared by the verification screen: true while a code is being sent or checked. */
export const $verificationBusy = atom(false);

/** Sends a new code. The spec shows '¡Listo!' whatever the result; a failure is only logged. */
export async function sendVerificationCode(): Promise<void> {
  $verificationBusy.set(true);
  const result = await callBff('POST /verification/send');
  if (!result.ok) console.error('Error en la solicitud', result.failure.code);
  openStatusModal({ type: 'success', title: '¡Listo!', subtitle: 'Código enviado a tu correo' });
  $verificationBusy.set(false);
}

/**
 * Checks a (non-blank) code; a valid one marks the session's e-mail as verified (the header's
 * prompt goes) and the screen says so before it closes (VerifyEmailDialog).
 */
export async function validateVerificationCode(code: string): Promise<boolean> {
  $verificationBusy.set(true);
  const result = await callBff('POST /verification/validate', { body: { code } });
  $verificationBusy.set(false);
  if (!result.ok || !result.data.user?.verified) {
    openStatusModal({
      type: 'error',
      title: '¡Código inválido!',
      subtitle: 'El código que ingresaste no es correcto o ha expirado, solicita uno nuevo.',
    });
    return false;
  }
  $sessionUser.set(result.data.user);
  return true;
}
