/**
 * `<vz-home-popup>`: the home page's promotional popup, a native `<dialog>` shown once per
 * browser session: closing it (button, Escape, backdrop or following its link) stores a flag
 * in sessionStorage and it does not open again until the browser session ends.
 */
import { justRegistered } from '../../lib/arrival-note.ts';

export const POPUP_SEEN_KEY = 'viziona:popup-visto';

function seen(): boolean {
  try {
    return sessionStorage.getItem(POPUP_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    sessionStorage.setItem(POPUP_SEEN_KEY, '1');
  } catch {
    // Storage refused (private mode): the popup may show again, nothing breaks.
  }
}

class HomePopupElement extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector('dialog');
    // Just registered: the verification screen opens instead; the popup waits for a later visit.
    if (!dialog || seen() || justRegistered()) return;
    dialog.addEventListener('close', remember, { once: true });
    dialog.addEventListener('click', (event) => {
      // A click on the backdrop lands on the dialog element itself.
      if (event.target === dialog) dialog.close();
    });
    this.querySelector('[data-popup-link]')?.addEventListener('click', remember);
    dialog.showModal();
  }
}

if (!customElements.get('vz-home-popup')) customElements.define('vz-home-popup', HomePopupElement);
