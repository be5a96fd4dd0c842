/**
 * `<vz-home-popup>`: the home page's promotional popup, a native `<dialog>` shown once per
 * browser session: closing it (button, Escape, backdrop or following its link) stores a flag
 * in sessionStorage and it does not open again until the browser session ends. It opens for a
 * visitor only: a logged-in customer came to buy, and closing a promotion would be one more tap
 * on the way (site/decisions/listed-hours.md, "The home popup"). Whether the person is logged
 * in is what the account corner writes on the document (`data-session`) once it has read it.
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

/** 'member' or 'guest', as soon as the account corner has read the session. */
function sessionKind(): Promise<string> {
  const root = document.documentElement;
  return new Promise((resolve) => {
    const known = (): boolean => {
      if (!root.dataset.session) return false;
      resolve(root.dataset.session);
      return true;
    };
    if (known()) return;
    const observer = new MutationObserver(() => {
      if (known()) observer.disconnect();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-session'] });
  });
}

class HomePopupElement extends HTMLElement {
  async connectedCallback(): Promise<void> {
    const dialog = this.querySelector('dialog');
    // Just registered: the verification screen opens instead; the popup waits for a later visit.
    if (!dialog || seen() || justRegistered()) return;
    if ((await sessionKind()) !== 'guest' || !dialog.isConnected) return;
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
