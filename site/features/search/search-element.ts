/**
 * `<vz-movie-search>`, the header's search (SearchBox.astro), in every page's bundle: it opens
 * and closes the phone's field and, on the first focus, tap or key in the field, loads the
 * suggestions (suggestions.ts, with the matching rule) and the index together. Nothing else
 * loads before a person reaches for the search.
 */
import type * as SuggestionsModule from './suggestions.ts';

type Suggestions = typeof SuggestionsModule;
let suggestions: Promise<Suggestions> | null = null;

const loadSuggestions = (): Promise<Suggestions> => (suggestions ??= import('./suggestions.ts'));

class MovieSearch extends HTMLElement {
  #started = false;

  connectedCallback(): void {
    const opener = this.querySelector<HTMLAnchorElement>('[data-search-open]');
    const panel = this.querySelector<HTMLFormElement>('[data-search-panel]');
    const input = this.querySelector<HTMLInputElement>('[data-search-input]');
    const closer = this.querySelector<HTMLButtonElement>('[data-search-close]');
    if (!opener || !panel || !input || !closer) return;

    const start = () => {
      if (this.#started) return;
      this.#started = true;
      void loadSuggestions().then((module) => module.startSuggestions(this, { close: () => this.close() }));
    };
    for (const type of ['focus', 'pointerdown', 'keydown'] as const) input.addEventListener(type, start);

    opener.addEventListener('click', (event) => {
      event.preventDefault();
      start();
      this.open();
    });
    closer.addEventListener('click', () => this.close());
  }

  /** The phone's field, over the header's row. */
  open(): void {
    this.querySelector('[data-search-panel]')?.setAttribute('data-open', '');
    this.querySelector('[data-search-open]')?.setAttribute('aria-expanded', 'true');
    this.querySelector<HTMLInputElement>('[data-search-input]')?.focus();
  }

  /** Closes the phone's field and gives the focus back to its button; on a desktop the field stays. */
  close(): void {
    const panel = this.querySelector('[data-search-panel]');
    if (!panel?.hasAttribute('data-open')) return;
    panel.removeAttribute('data-open');
    const opener = this.querySelector<HTMLElement>('[data-search-open]');
    opener?.setAttribute('aria-expanded', 'false');
    opener?.focus();
  }
}

export function defineMovieSearch(): void {
  if (!customElements.get('vz-movie-search')) customElements.define('vz-movie-search', MovieSearch);
}
