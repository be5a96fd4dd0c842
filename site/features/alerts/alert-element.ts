/**
 * `<vz-alert data-movie>`: "Avísame" on a release or a movie without showtimes. A
 * toggle (`aria-pressed`): pressed, this person will get one e-mail when the tickets go on
 * sale; pressed again, the alert is cancelled. A visitor's tap opens the site's login dialog and
 * is completed once they are back on the page logged in. Says what happened in a status line;
 * an address not verified yet is told so (alerts go only to verified addresses) and offered the
 * verification screen, and the alert is asked once it is verified. The page defines the element
 * with its session (`connectAlerts`).
 */
import {
  $alertedMovies,
  askAlert,
  cancelAlert,
  forgetPendingAlert,
  loadAlertedMovies,
  pendingAlert,
  rememberPendingAlert,
  type SessionGate,
} from './alert-state.ts';
import { ALERT_TEXTS } from './texts.ts';

function alertElement(gate: SessionGate): CustomElementConstructor {
  return class AlertElement extends HTMLElement {
    private unsubscribe: (() => void) | undefined;
    private busy = false;

    private get movie(): string {
      return this.dataset.movie ?? '';
    }

    private get button(): HTMLButtonElement | null {
      return this.querySelector('button[aria-pressed]');
    }

    private get verifyButton(): HTMLButtonElement | null {
      return this.querySelector('button[data-alert-verify]');
    }

    connectedCallback(): void {
      this.button?.addEventListener('click', () => void this.toggle());
      this.verifyButton?.addEventListener('click', () => this.verify());
      this.unsubscribe = $alertedMovies.subscribe((movies) => {
        this.button?.setAttribute('aria-pressed', String(Boolean(movies?.has(this.movie))));
      });
      void this.completePendingTap();
    }

    disconnectedCallback(): void {
      this.unsubscribe?.();
    }

    /** Back from the login dialog: the tap made as a visitor. */
    private async completePendingTap(): Promise<void> {
      await loadAlertedMovies(gate);
      if (pendingAlert() !== this.movie || !(await gate.loggedIn())) return;
      forgetPendingAlert();
      if (!$alertedMovies.get()?.has(this.movie)) await this.change('ask');
      this.button?.focus();
    }

    private async toggle(): Promise<void> {
      if (this.busy) return;
      if (!(await gate.loggedIn())) {
        rememberPendingAlert(this.movie);
        // Closed without logging in: the tap is not kept for later.
        gate.logIn((loggedIn) => {
          if (!loggedIn) forgetPendingAlert();
        });
        return;
      }
      await loadAlertedMovies(gate);
      await this.change($alertedMovies.get()?.has(this.movie) ? 'cancel' : 'ask');
    }

    /** The verification screen; once the e-mail is verified, the alert the person asked for. */
    private verify(): void {
      gate.verifyEmail((verified) => {
        if (!verified) {
          this.verifyButton?.focus();
          return;
        }
        void this.change('ask').then(() => this.button?.focus());
      });
    }

    private async change(action: 'ask' | 'cancel'): Promise<void> {
      this.busy = true;
      this.button?.setAttribute('aria-busy', 'true');
      const result = action === 'ask' ? await askAlert(this.movie) : await cancelAlert(this.movie);
      this.busy = false;
      this.button?.removeAttribute('aria-busy');
      const verify = this.verifyButton;
      if (verify) verify.hidden = result.ok || result.failure.code !== 'EMAIL_NOT_VERIFIED';
      const status = this.querySelector('[data-alert-status]');
      if (!status) return;
      status.classList.toggle('text-danger', !result.ok);
      status.textContent = !result.ok
        ? result.failure.message
        : action === 'ask'
          ? ALERT_TEXTS.asked
          : ALERT_TEXTS.cancelledHere;
    }
  };
}

/** Defines `<vz-alert>` with the page's session (once per page). */
export function connectAlerts(gate: SessionGate): void {
  if (!customElements.get('vz-alert')) customElements.define('vz-alert', alertElement(gate));
}
