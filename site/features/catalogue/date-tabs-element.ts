/**
 * `<vz-date-tabs>`: the date picker. Every date's showtimes are already in the page (one
 * panel per date, rendered on the server, later dates possibly as inert `<template>`s);
 * choosing a date shows its panel and hides the others, so nothing is fetched. Buttons follow the tabs pattern: arrow keys, Home and End.
 */
class DateTabsElement extends HTMLElement {
  connectedCallback(): void {
    this.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
      if (tab && this.contains(tab)) this.select(tab);
    });
    this.addEventListener('keydown', (event) => {
      const tabs = this.#tabs();
      const current = tabs.indexOf(event.target as HTMLButtonElement);
      if (current < 0) return;
      const next =
        event.key === 'ArrowRight' ? (current + 1) % tabs.length
        : event.key === 'ArrowLeft' ? (current - 1 + tabs.length) % tabs.length
        : event.key === 'Home' ? 0
        : event.key === 'End' ? tabs.length - 1
        : -1;
      if (next < 0) return;
      event.preventDefault();
      const tab = tabs[next];
      if (tab) {
        this.select(tab);
        tab.focus();
      }
    });
    this.toggleAttribute('data-ready', true);
  }

  #tabs(): HTMLButtonElement[] {
    return [...this.querySelectorAll<HTMLButtonElement>('[role="tab"]')].filter((tab) => tab.closest('vz-date-tabs') === this);
  }

  select(tab: HTMLButtonElement): void {
    for (const other of this.#tabs()) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (!panel) continue;
      // Dates rendered as inert templates (long listings) come to life when first chosen.
      const deferred = selected ? panel.querySelector<HTMLTemplateElement>(':scope > template[data-deferred]') : null;
      if (deferred) panel.replaceChildren(deferred.content.cloneNode(true));
      panel.hidden = !selected;
    }
    tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.dispatchEvent(new CustomEvent('date-change', { detail: { date: tab.dataset.date }, bubbles: true }));
  }
}

if (!customElements.get('vz-date-tabs')) customElements.define('vz-date-tabs', DateTabsElement);
