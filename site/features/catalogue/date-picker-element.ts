/**
 * `<vz-date-picker>`: the date links switch between panels already in the page (later dates
 * of long listings sit in inert `<template>`s, put in place when first chosen), so choosing a
 * date fetches nothing. The address keeps `?date=` so a reload or a shared link shows it.
 */
class DatePickerElement extends HTMLElement {
  connectedCallback(): void {
    this.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-date]');
      if (!link || !this.contains(link) || !link.dataset.date) return;
      event.preventDefault();
      this.select(link.dataset.date);
      history.replaceState(history.state, '', link.href);
    });
    this.toggleAttribute('data-ready', true);
  }

  select(date: string): void {
    for (const link of this.querySelectorAll<HTMLAnchorElement>('a[data-date]')) {
      if (link.dataset.date === date) {
        link.setAttribute('aria-current', 'date');
        link.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      } else {
        link.removeAttribute('aria-current');
      }
    }
    for (const panel of this.querySelectorAll<HTMLElement>('[data-date-panel]')) {
      const chosen = panel.dataset.datePanel === date;
      const deferred = chosen ? panel.querySelector<HTMLTemplateElement>(':scope > template[data-deferred]') : null;
      if (deferred) panel.replaceChildren(deferred.content.cloneNode(true));
      panel.hidden = !chosen;
    }
  }
}

if (!customElements.get('vz-date-picker')) customElements.define('vz-date-picker', DatePickerElement);
