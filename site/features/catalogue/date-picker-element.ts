/**
 * `<vz-date-picker>`: the date links switch between the date panels of the page instead of
 * reloading it. A panel the server left empty (`data-fragment`) is filled once with the HTML
 * fragment of that date; if that fails, the link is followed (the server renders the date).
 * The address keeps `?date=` so a reload or a shared link shows the same date.
 * When the dates overflow their strip, its cut sides fade (components/overflow-edges.ts) and
 * the two scroll buttons move it by most of its width; a button with nothing left on its side
 * is `aria-disabled` (it keeps focus).
 */
import { watchOverflowEdges } from '../../components/overflow-edges.ts';

const LOADING_TEXT = 'Espera un momento mientras cargamos las fechas.';

class DatePickerElement extends HTMLElement {
  connectedCallback(): void {
    this.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-date]');
      if (!link || !this.contains(link) || !link.dataset.date) return;
      event.preventDefault();
      void this.select(link);
    });
    this.watchOverflow();
    this.toggleAttribute('data-ready', true);
  }

  private watchOverflow(): void {
    const strip = this.querySelector<HTMLElement>('[data-date-strip]');
    if (!strip) return;
    const buttons = [...this.querySelectorAll<HTMLButtonElement>('[data-scroll-dates]')];
    for (const button of buttons) {
      button.addEventListener('click', () => {
        if (button.getAttribute('aria-disabled') === 'true') return;
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        strip.scrollBy({
          left: Number(button.dataset.scrollDates) * strip.clientWidth * 0.8,
          behavior: reduceMotion ? 'auto' : 'smooth',
        });
      });
    }
    watchOverflowEdges(strip, ({ before, after }) => {
      for (const button of buttons) {
        button.hidden = !before && !after;
        const more = Number(button.dataset.scrollDates) < 0 ? before : after;
        if (more) button.removeAttribute('aria-disabled');
        else button.setAttribute('aria-disabled', 'true');
      }
    });
  }

  async select(link: HTMLAnchorElement): Promise<void> {
    const date = link.dataset.date;
    for (const other of this.querySelectorAll<HTMLAnchorElement>('a[data-date]')) {
      if (other === link) other.setAttribute('aria-current', 'date');
      else other.removeAttribute('aria-current');
    }
    link.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    history.replaceState(history.state, '', link.href);
    let chosen: HTMLElement | null = null;
    for (const panel of this.querySelectorAll<HTMLElement>('[data-date-panel]')) {
      panel.hidden = panel.dataset.datePanel !== date;
      if (!panel.hidden) chosen = panel;
    }
    const fragment = chosen?.dataset.fragment;
    if (!chosen || !fragment) return;
    delete chosen.dataset.fragment;
    const status = document.createElement('p');
    status.className = 'text-muted';
    status.textContent = LOADING_TEXT;
    chosen.replaceChildren(status);
    try {
      const response = await fetch(fragment, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // Our own server's HTML, rendered from the BFF's view like the rest of the page.
      chosen.innerHTML = await response.text();
    } catch {
      window.location.assign(link.href);
    }
  }
}

if (!customElements.get('vz-date-picker')) customElements.define('vz-date-picker', DatePickerElement);
