/**
 * `<vz-share>`: 'Compartir' on a movie page. Where the browser has a share sheet
 * (`navigator.share`, most phones) it opens it; otherwise the link is copied and the element
 * says so (a status, read out by screen readers). When copying is refused too, the link is
 * shown selected in a field to copy by hand. The link is the movie page's (`data-url`).
 */
import { SHARE_TEXTS } from './texts.ts';

const MESSAGE_SECONDS = 6;

class ShareElement extends HTMLElement {
  private clearTimer: number | undefined;

  connectedCallback(): void {
    this.querySelector('button[data-share]')?.addEventListener('click', () => void this.share());
  }

  disconnectedCallback(): void {
    window.clearTimeout(this.clearTimer);
  }

  private async share(): Promise<void> {
    const url = this.dataset.url ?? window.location.href;
    const data: ShareData = { title: this.dataset.title ?? document.title, text: this.dataset.text ?? '', url };
    if ('share' in navigator && (!('canShare' in navigator) || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The person closed the sheet: nothing to say. Any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      if (!('clipboard' in navigator)) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      this.say(SHARE_TEXTS.copied);
    } catch {
      this.showLink();
    }
  }

  private say(message: string): void {
    const status = this.querySelector<HTMLElement>('[data-share-status]');
    if (!status) return;
    window.clearTimeout(this.clearTimer);
    // Emptied first, so the same message is read out again on a second press.
    status.textContent = '';
    requestAnimationFrame(() => {
      status.textContent = message;
    });
    this.clearTimer = window.setTimeout(() => {
      status.textContent = '';
    }, MESSAGE_SECONDS * 1000);
  }

  private showLink(): void {
    const manual = this.querySelector<HTMLElement>('[data-share-manual]');
    const field = manual?.querySelector('input');
    if (!manual || !field) return;
    manual.hidden = false;
    field.focus();
    field.select();
  }
}

if (!customElements.get('vz-share')) customElements.define('vz-share', ShareElement);
